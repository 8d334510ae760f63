// Debian's Chromium, as the Playwright journeys (playwright.config.ts) and `npm run lighthouse` launch it.

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs as root in a container without a GPU, and reaches nothing on its own (updates, sync, QUIC probes). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
