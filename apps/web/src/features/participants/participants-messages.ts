import type { RegistrationStatus } from '@stride/shared/constants';
import type { PaymentStatus } from '@stride/shared/money';
import type { ConfirmMessages, OutcomeMessages, RemovalMessages } from '../../lib/record-messages';
import { countOf, formatNumber } from '../../lib/counts';

/** An IANA zone as people read it: 'America/New_York' → 'America/New York time'; UTC stays UTC. */
const zoneName = (timeZone: string) => (timeZone === 'UTC' ? 'UTC' : `${timeZone.replaceAll('_', ' ')} time`);

/** User-facing texts of the organizer's Participants page (ADR 018), shared by the screen and its tests. */
export const PARTICIPANTS_MESSAGES = {
  title: (raceTitle: string) => `Participants · ${raceTitle}`,
  pageTitle: 'Participants',
  backToMyMarathons: 'Back to My Marathons',
  loadFailed: "We couldn't load this race's participants. Please try again.",

  forbiddenHeading: 'Not your race',
  forbiddenText: 'Only the organizer of a race and its co-organizers can see its participants.',
  notFoundHeading: 'Marathon not found',
  notFoundText: 'The race may have been removed, or the link may be mistyped.',

  summary: {
    label: 'Summary',
    registered: 'Registered',
    /** registered / limit: '7 / 10', '7 / no limit'. */
    registeredOf: (registered: number, capacity: number | null) =>
      `${formatNumber(registered)} / ${capacity === null ? 'no limit' : formatNumber(capacity)}`,
    waitlist: 'Waitlist',
    placesLeft: 'Places left',
    noLimit: 'No limit',
    today: 'Registrations today',
    /** Places held while their runners pay online (issue 32). */
    pending: 'Awaiting payment',
    /** Money received less refunds, and below it what is still to collect or pay back on site. */
    revenue: 'Revenue',
    due: (amount: string) => `${amount} due on site`,
    refundsDue: (amount: string) => `${amount} refunds due`,
    /** Race-day check-in (issue 33): '812', then 'of 2,400 checked in' beside it. */
    checkin: 'Check-in',
    checkedInOf: (registered: number) => `of ${formatNumber(registered)} checked in`,
  },

  chart: {
    heading: 'Registrations over time',
    /** What the chart shows, in words, for everyone. */
    /** Days as the race's clocks read them: the zone named as people read it ('Europe/Lisbon' → 'Europe/Lisbon time'). */
    caption: (days: number, timeZone: string) =>
      `Runners holding a place, day by day (${zoneName(timeZone)}), over the ${days} ${days === 1 ? 'day' : 'days'} since registration opened.`,
    /** Names the drawing; its numbers are in the table that follows it. */
    imageLabel: 'Chart of registrations per day, their running total and the participant limit',
    tableCaption: 'Registrations per day',
    day: (timeZone: string) => `Day (${zoneName(timeZone)})`,
    registered: 'Registered that day',
    waitlisted: 'Waitlisted that day',
    total: 'Total registered',
    legend: {
      perDay: 'Registered per day',
      cumulative: 'Total registered',
      capacity: 'Participant limit',
    },
  },

  noRegistrations: 'No one has registered yet — ',
  shareRacePage: 'share the race page',
  /** Under the race's title: its public page, to send to runners. */
  shareRacePageLink: 'Share the race page',
  /** Under the race's title: the race-day check-in screen (issue 33). */
  checkInRunnersLink: 'Check in runners',

  list: {
    heading: 'Participants',
    searchLabel: 'Search participants',
    searchPlaceholder: 'Name, e-mail or bib',
    search: 'Search',
    tabsLabel: 'Participant status',
    tabs: {
      registered: 'Registered',
      waitlisted: 'Waitlist',
      pending_payment: 'Awaiting payment',
      ballot: 'In the ballot',
      cancelled: 'Cancelled',
      expired: 'Expired',
    } satisfies Record<RegistrationStatus, string>,
    caption: (tab: string) => `Participants: ${tab}`,
    downloadCsv: 'Download CSV',
    columns: {
      bib: 'Bib',
      position: 'Place in line',
      lastName: 'Last Name',
      firstName: 'First Name',
      email: 'Email',
      contact: 'Contact',
      info: 'Info',
      timestamp: 'Registered',
      gender: 'Gender',
      ageGroup: 'Age group',
      tShirtSize: 'T-shirt',
      holdEnds: 'Hold ends',
      payment: 'Payment',
      amount: 'Amount',
      receipt: 'Receipt',
      checkedIn: 'Checked in',
      actions: 'Actions',
    },
    /** Under the amount of an entry given money back: '€18.00 refunded'. */
    refunded: (amount: string) => `${amount} refunded`,
    /** An amount or a receipt an entry has not. */
    none: '-',
    /** An entry form's answer the runner left empty (or was not asked). */
    noAnswer: '-',
    /**
     * An entry's history under when it was made (issue 35): where it came out of the ballot, and each runner who
     * handed it on, oldest first: 'Transferred from Ann Lee (ann@example.com) on Sun 1 Mar 2027, 09:00 WET'.
     */
    ballotPosition: (position: number) => `Ballot position ${formatNumber(position)}`,
    transferredFrom: (name: string, email: string, at: string) =>
      `Transferred from ${name} (${email}) on ${at}`,
    /** A registered runner not checked in yet (issue 33). */
    notCheckedIn: 'Not yet',
    /** Shown for an empty Info. */
    noInfo: '-',
    /** The count above the table: 'Showing 1–25 of 40', or how many match a search. */
    showing: (from: number, to: number, total: number) =>
      `Showing ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`,
    matches: (total: number, q: string) =>
      `${countOf(total, 'participant')} ${total === 1 ? 'matches' : 'match'} “${q}”`,
    noMatch: (q: string) => `No participants match “${q}”`,
    noFilterMatch: 'No participants match these filters',
    emptyWaitlist: 'No one is on the waitlist',
    emptyRegistered: 'No one holds a place yet',
    emptyPending: 'No place is held for payment',
    emptyBallot: 'No entry is waiting for the draw',
    emptyCancelled: 'No entry with money on it was cancelled',
    emptyExpired: 'No hold has expired',
    pageOutOfRange: 'This page is empty: the list is shorter now.',
    firstPage: 'Go to the first page',
    pagesLabel: 'Participant pages',
  },

  /** The filters by the entry form's answers (issue 31), beside the search. */
  filters: {
    gender: 'Gender',
    ageGroup: 'Age group',
    all: 'All',
    unanswered: 'Unanswered',
    paymentStatus: 'Payment',
    checkedIn: 'Checked in',
    /** The check-in filter's choices (`checkedIn=true|false`), after All. */
    checkedInChoices: { true: 'Checked in', false: 'Not checked in' },
  },

  /** An entry's payment as the desk shows it (issue 32). */
  paymentStatuses: {
    free: 'Free',
    pending: 'Pending',
    paid: 'Paid',
    due: 'Due',
    refunded: 'Refunded',
    partially_refunded: 'Partly refunded',
    refund_due: 'Refund due',
  } satisfies Record<PaymentStatus, string>,
  paymentMethods: { online: 'Online', on_site: 'On site' },
  /** The receipt's number as a row shows it. */
  receipt: (number: string) => `No. ${number}`,

  /** The organizer records money taken or given back on site: the confirm dialog, then the outcome. */
  markPaid: {
    button: 'Mark paid',
    /** The rest of the button's accessible name: 'Mark paid for Ann Lee'. */
    of: (name: string) => ` for ${name}`,
    confirm: (name: string, amount: string): ConfirmMessages => ({
      title: 'Mark this fee paid?',
      text: `${name} paid ${amount} on site. A receipt number is given to the entry.`,
      confirmButton: 'Yes, mark it paid',
      keepButton: 'Not yet',
    }),
    done: (receipt: string | null) => (receipt ? `Marked paid: receipt No. ${receipt}` : 'Marked paid'),
  },
  markRefunded: {
    button: 'Mark refunded',
    of: (name: string) => ` for ${name}`,
    confirm: (name: string): ConfirmMessages => ({
      title: 'Mark this refund paid back?',
      text: `You gave ${name} the refund they are owed.`,
      confirmButton: 'Yes, mark it refunded',
      keepButton: 'Not yet',
    }),
    done: 'Marked refunded',
  },
  recordPayment: {
    doneTitle: 'Recorded!',
    refused: { title: 'Failed!', fallback: 'Recording the payment failed.' },
    failed: { title: 'Error!', text: 'Recording the payment failed.' },
  } satisfies OutcomeMessages,

  /** A row's entry form answers, shown under it. */
  details: {
    button: 'Details',
    /** The rest of the button's accessible name: 'Details of Ann Lee'. */
    of: (name: string) => ` of ${name}`,
    label: (name: string) => `Entry details of ${name}`,
    ageOnRaceDay: 'Age on race day',
    waiverVersion: 'Waiver version',
    waiverAcceptedAt: 'Waiver accepted at',
    retired: (label: string) => `${label} (retired)`,
    yes: 'Yes',
    no: 'No',
  },

  /** Registered runners per T-shirt size, gender and age group. */
  totals: {
    heading: 'Totals',
    tShirtSizes: 'T-shirt sizes',
    genders: 'Genders',
    ageGroups: 'Age groups',
    /** The first column's header of each table. */
    value: { tShirtSizes: 'T-shirt Size', genders: 'Gender', ageGroups: 'Age group' },
    count: 'Registered',
    unanswered: 'Unanswered',
  },

  cancel: {
    button: 'Cancel registration',
    /** The rest of the button's accessible name: 'Cancel registration of Ann Lee'. */
    of: (name: string) => ` of ${name}`,
  },
  /** The organizer cancels a runner's entry: the confirm dialog, then the outcome. */
  /** `refund`: what the runner paid and gets back in full, as shown ('€45.00'), with how; null when nothing. */
  cancelMessages: (
    name: string,
    entry: { status: RegistrationStatus; bib: number | null; waitlistPosition: number | null },
    refund: { amount: string; isOnSite: boolean } | null = null,
  ): RemovalMessages => ({
    confirm: {
      title: 'Cancel this registration?',
      text:
        entry.status === 'waitlisted'
          ? `${name} leaves the waitlist${entry.waitlistPosition === null ? '' : ` (number ${entry.waitlistPosition})`} and is told by e-mail.`
          : `${name} loses ${entry.bib === null ? 'their place' : `bib ${entry.bib}`} and is told by e-mail. The first runner on the waitlist, if any, gets the place.`,
      ...(refund && {
        detail: refund.isOnSite
          ? `They paid ${refund.amount} on site: you owe it back in full, and mark it refunded once you have paid it.`
          : `The ${refund.amount} they paid online is refunded in full.`,
      }),
      confirmButton: 'Yes, cancel it!',
      keepButton: 'Keep it',
    },
    outcome: {
      doneTitle: 'Cancelled!',
      refused: { title: 'Failed!', fallback: 'Cancelling the registration failed.' },
      failed: { title: 'Error!', text: 'Cancelling the registration failed.' },
    },
  }),
} as const;
