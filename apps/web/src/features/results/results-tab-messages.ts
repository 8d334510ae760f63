/**
 * The desk's Results tab as the desk around it names it (issue 34): the tab's link and the browser tab's title.
 * A module of its own, so that the desk does not load the results' texts with every tab.
 */
export const RESULTS_TAB_MESSAGES = {
  /** The desk's tab beside Participants and Team. */
  tab: 'Results',
  title: (raceTitle: string) => `Results · ${raceTitle}`,
} as const;
