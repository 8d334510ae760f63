/**
 * The desk's Ballot tab as the desk around it names it: the tab's link and the browser tab's title. A module of
 * its own, so that the desk does not load the ballot's texts with every tab.
 */
export const BALLOT_TAB_MESSAGES = {
  tab: 'Ballot',
  title: (raceTitle: string) => `Ballot · ${raceTitle}`,
} as const;
