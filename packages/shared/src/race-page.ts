/**
 * The public race page (`/races/{id}`, no sign-in): what the HTML the server sends for it and the screen the web
 * app shows both say, so a shared link's preview and the open page read alike.
 */
export const RACE_PAGE = {
  siteName: 'Stride',
  /** The page's title: in the HTML's `<title>` and the tab once the app runs. */
  title: (raceTitle: string) => `${raceTitle} · Stride`,
} as const;
