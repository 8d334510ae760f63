/**
 * The caches the service worker keeps of the API (apps/web/vite.config.ts): a runner's registration (the race
 * pass, with its check-in code) and races (the check-in screen's title and time zone).
 */
export const SERVICE_WORKER_CACHES = { racePasses: 'stride-race-passes', races: 'stride-races' } as const;

/**
 * Registers Stride's service worker (built by vite-plugin-pwa, apps/web/vite.config.ts): it precaches the app and
 * answers the check-in screen and the race pass when there is no network. Only the lazy modules of those screens
 * call this, so the entry chunk carries none of it. A browser without service workers (or a page over plain
 * http) works as before, online only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A failed registration leaves the page as it is: online only.
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}

/** On signing out: the cached race passes (each a runner's check-in code) leave this browser. */
export async function forgetCachedPasses(): Promise<void> {
  if (!('caches' in globalThis)) return;
  await caches.delete(SERVICE_WORKER_CACHES.racePasses).catch(() => false);
}
