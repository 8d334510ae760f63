import type { OutcomeMessages, RemovalMessages } from '../../lib/record-messages';
import { countOf, formatNumber } from '../../lib/counts';

/** User-facing texts of the dashboard's My Apply List (docs/SPEC.md §2, §4, §8), shared by the screen and its tests. */
export const APPLY_LIST_MESSAGES = {
  title: 'My Apply List',
  heading: (count: number) => `My Apply List (${count})`,
  searchLabel: 'Search by marathon title...',
  caption: 'Marathons you registered for',
  columns: {
    number: '#',
    title: 'Marathon Title',
    startDate: 'Start Date',
    name: 'Name',
    contact: 'Contact',
    info: 'Info',
    registeredOn: 'Registered On',
    status: 'Status',
    payment: 'Payment',
  },
  /** The Status cell: 'Registered · bib 123', 'Waitlisted · #4', 'Place held', 'Cancelled', 'Place released'. */
  status: {
    registered: 'Registered',
    waitlisted: 'Waitlisted',
    pending_payment: 'Place held',
    cancelled: 'Cancelled',
    expired: 'Place released',
    bib: (bib: number) => `bib ${bib}`,
    position: (position: number) => `#${position}`,
    separator: ' · ',
  },
  /** Shown for an empty Info. */
  noInfo: '-',
  noMatch: 'No marathons found matching your search.',
  empty: "You haven't registered for any marathon yet.",
  matches: (shown: number, total: number) =>
    `${formatNumber(shown)} of ${countOf(total, 'registration')} ${total === 1 ? 'matches' : 'match'}`,
  /** Names the pager below the table. */
  pagesLabel: 'My Apply List pages',
  /** Below docs/SPEC.md §8's delete confirmation: what deleting a registration does. */
  withdrawDetail: (title: string) => `Your entry in ${title} will be withdrawn.`,
  loadFailed: "We couldn't load your registrations. Please try again.",
  /** A row's link to its calendar file: the short visible text, and the name screen readers hear. */
  calendarLink: 'Calendar',
  calendarFile: (title: string) => `Calendar file for ${title}`,
  /** A registered row's link to its race pass (issue 33): the visible text, and the name screen readers hear. */
  passLink: 'Race pass',
  passOf: (title: string) => `Race pass for ${title}`,
  /**
   * A published result beside the race (issue 34), a link to the runner's result card: 'Finished in 3:25:12 · 12th',
   * or a non-finisher's status ('DNF').
   */
  result: {
    finished: (time: string, place: string | null) => `Finished in ${time}${place ? ` · ${place}` : ''}`,
    /** Screen readers hear whose: 'Finished in 3:25:12 · 12th, your result in Lisbon Marathon'. */
    of: (title: string) => `, your result in ${title}`,
  },

  /** A waitlisted row's removal: its button, its confirm dialog and its outcome. */
  leaveWaitlist: 'Leave waitlist',
  leaveWaitlistMessages: (title: string): RemovalMessages => ({
    confirm: {
      title: 'Leave the waitlist?',
      text: `You will give up your place in line for ${title}.`,
      confirmButton: 'Yes, leave it!',
    },
    outcome: {
      doneTitle: 'Left the waitlist',
      refused: { title: 'Failed!', fallback: 'Leaving the waitlist failed.' },
      failed: { title: 'Error!', text: 'Leaving the waitlist failed.' },
    },
  }),

  updateHeading: 'Update Registration',
  updateSubmit: 'Update Registration',
  cancel: 'Cancel',
  update: {
    doneTitle: 'Updated!',
    refused: { title: 'Failed!', fallback: 'Update failed.' },
    failed: { title: 'Error!', text: 'Update failed.' },
  } satisfies OutcomeMessages,
} as const;
