import { countOf } from '../../lib/counts';

/** User-facing texts of the marathon list screens (docs/SPEC.md §2, §8), shared by the screens and their tests. */
export const MARATHON_LIST_MESSAGES = {
  allHeading: 'All Marathons',
  upcomingHeading: 'Upcoming Marathons',
  featuredHeading: 'Featured Marathons',
  homeUpcomingHeading: 'Get Ready for Upcoming Marathons',
  sortLabel: 'Sort by',
  /** The badge of a race card whose field is full. */
  soldOut: 'Sold out',
  /** A card's link to the race's results, once published (issue 34); screen readers hear which race's. */
  results: 'Results',
  resultsOf: (title: string) => ` of ${title}`,
  noMarathons: 'No marathons have been published yet.',
  noUpcoming: 'No upcoming marathons right now. Check back soon.',
  noFeatured: 'No featured marathons right now. Check back soon.',
  pageOutOfRange: 'There are no marathons on this page.',
  loadFailed: "We couldn't load the marathons right now. Please try again in a moment.",
  /** The search and filters of All Marathons (ADR 019). */
  search: {
    label: 'Search marathons',
    placeholder: 'Title, place or description',
    distanceLegend: 'Distance',
    fromLabel: 'From',
    toLabel: 'To',
    openLabel: 'Open for registration',
    noMatch: 'No marathons match your search.',
    clearFilters: 'Clear filters',
    /** Announced to screen readers when a search or filter has given its results. */
    found: (count: number) => `${countOf(count, 'marathon')} found`,
  },
  /** Above a page of a list: 'Showing 1–12 of 1,204 marathons', '1 marathon in all' past the last page. */
  showing: (from: number, to: number, total: number) =>
    from > 0
      ? `Showing ${from}–${to} of ${countOf(total, 'marathon')}`
      : `${countOf(total, 'marathon')} in all`,
  /** Logged with the error when a list fails to load (docs/SPEC.md §8). */
  logPrefix: 'Error fetching marathons:',
} as const;
