/** User-facing texts of the news screens (docs/SPEC.md §2, §8), shared by the screens and their tests. */
export const BLOG_MESSAGES = {
  listHeading: 'All News',
  latestHeading: 'Latest From Our Blog',
  readMore: 'Read More',
  loadingPost: 'Loading blog...',
  loadingList: 'Loading news...',
  empty: 'No news yet. Check back soon.',
  loadFailed: "We couldn't load the news right now. Please try again in a moment.",
  /** Logged with the error when blogs.json fails to load (docs/SPEC.md §8). */
  logMessage: 'Failed to fetch blogs',
} as const;
