import { outcomeSaying, type OutcomeMessages, type RemovalMessages } from '../../lib/record-messages';
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
  /**
   * The Status cell: 'Registered · bib 123', 'Waitlisted · #4', 'Place held', 'In the ballot', 'Cancelled', 'Place
   * released'; after a ballot's draw, the entry's drawn position too ('Waitlisted · #4 · Ballot position 37').
   */
  status: {
    registered: 'Registered',
    waitlisted: 'Waitlisted',
    pending_payment: 'Place held',
    ballot: 'In the ballot',
    cancelled: 'Cancelled',
    expired: 'Place released',
    bib: (bib: number) => `bib ${bib}`,
    position: (position: number) => `#${position}`,
    ballotPosition: (position: number) => `Ballot position ${formatNumber(position)}`,
    /** A ballot entry before the draw: when it is drawn, as the race's clocks read it. */
    drawOn: (time: string) => `draw on ${time}`,
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

  /** A ballot entry's removal before the draw (issue 35): its button, its confirm dialog and its outcome. */
  leaveBallot: 'Leave ballot',
  leaveBallotMessages: (title: string): RemovalMessages => ({
    confirm: {
      title: 'Leave the ballot?',
      text: `You will give up your entry in the ballot for ${title}.`,
      confirmButton: 'Yes, leave it!',
    },
    outcome: {
      doneTitle: 'Left the ballot',
      refused: { title: 'Failed!', fallback: 'Leaving the ballot failed.' },
      failed: { title: 'Error!', text: 'Leaving the ballot failed.' },
    },
  }),

  /**
   * Handing a place on (issue 35): a registered entry's 'Transfer' until the race's deadline, its dialog, and an
   * open offer with 'Withdraw offer'. Dates are the race's clocks'.
   */
  transfer: {
    button: 'Transfer',
    /** The rest of the button's accessible name: 'Transfer your place in Lisbon Marathon'. */
    of: (title: string) => ` your place in ${title}`,
    until: (deadline: string) => `Transfer by ${deadline}`,
    offered: (email: string, until: string) => `Offered to ${email} until ${until}`,
    dialogTitle: 'Transfer your place',
    intro: (title: string, days: number) =>
      `Your place in ${title} goes to the runner you name, once they accept it with their own details. They have ${countOf(days, 'day')} (or until the transfer deadline) to accept; your entry is yours until then. There is no refund.`,
    email: "Receiver's email",
    submit: 'Offer my place',
    sent: (email: string) => `Offer sent to ${email}`,
    outcome: outcomeSaying('Offer sent', 'Offering your place failed.'),
    withdraw: 'Withdraw offer',
    withdrawOf: (title: string) => ` for ${title}`,
    withdrawMessages: (title: string, email: string): RemovalMessages => ({
      confirm: {
        title: 'Withdraw the offer?',
        text: `${email} will no longer be able to take your place in ${title}.`,
        confirmButton: 'Yes, withdraw it',
        keepButton: 'Keep the offer',
      },
      outcome: outcomeSaying('Withdrawn', 'Withdrawing the offer failed.'),
    }),
  },

  updateHeading: 'Update Registration',
  updateSubmit: 'Update Registration',
  cancel: 'Cancel',
  update: {
    doneTitle: 'Updated!',
    refused: { title: 'Failed!', fallback: 'Update failed.' },
    failed: { title: 'Error!', text: 'Update failed.' },
  } satisfies OutcomeMessages,
} as const;
