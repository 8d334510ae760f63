/** User-facing texts of the public race page (`/races/{id}`), shared by the screen and its tests. */
export const RACE_PAGE_MESSAGES = {
  starts: 'Starts',
  share: 'Share',
  /** Said once the link is on the clipboard (no Web Share API in this browser). */
  linkCopied: 'Link copied',
  /** Neither sharing nor the clipboard worked: the link to copy by hand. */
  copyThisLink: (url: string) => `Copy this link: ${url}`,
  /** The link to the race's results, once published (issue 34). */
  results: 'Results',
} as const;
