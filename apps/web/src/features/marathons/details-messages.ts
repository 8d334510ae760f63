import { countOf, formatNumber } from '../../lib/counts';

/** User-facing texts of the marathon details screen (docs/SPEC.md §2, §4), shared by the screen and its tests. */
export const DETAILS_MESSAGES = {
  notFound: 'Marathon not found!',
  /** The link to the race's results, once published (issue 34). */
  results: 'Results',
  totalRegistrations: 'Total Registrations Count',
  location: 'Location',
  distance: 'Distance',
  /** A race with a minimum age: 'Minimum age: 18 on race day'. */
  minimumAge: 'Minimum age',
  onRaceDay: (age: number) => `${age} on race day`,
  /** The race's entry fee now ('Entry fee: €45.00', 'Entry fee: Free'), then the next tier's. */
  entryFee: 'Entry fee',
  free: 'Free',
  feeFrom: (fee: string, date: string) => `${fee} from ${date}`,
  registrationStart: 'Registration Start',
  registrationEnd: 'Registration End',
  marathonStart: 'Marathon Start',
  countdownHeading: 'Time left to start Marathon',
  started: 'Marathon Started or Date Invalid',
  registerNow: 'Register Now',
  registrationClosed: 'Registration Closed',
  onlyBetween: (start: string, end: string) => `Registration is only available between ${start} and ${end}`,
  /** Beside the disabled button, for a window still ahead. */
  opensOn: (when: string) => `Registration opens on ${when}`,
  /** A limited race with places: '12 places left', '1 place left'. */
  placesLeft: (places: number) => `${countOf(places, 'place')} left`,
  /** A limited race with none: its waitlist instead. */
  soldOut: (waitlisted: number) => `Sold out — ${formatNumber(waitlisted)} on the waitlist`,
  joinWaitlist: 'Join the waitlist',
  registered: 'You are registered for this marathon.',
  /**
   * A race entered by ballot (issue 35): its line while entries are taken ('Ballot: enter by …, draw on … — 212
   * entered'), then once drawn; the entry button, and where the runner's entry stands before and after the draw.
   */
  ballot: {
    line: (end: string, drawOn: string, entries: number) =>
      `Ballot: enter by ${end}, draw on ${drawOn} — ${formatNumber(entries)} entered`,
    drawn: (drawnAt: string, entries: number) =>
      `Ballot: drawn on ${drawnAt} — ${formatNumber(entries)} entered`,
    enter: 'Enter the ballot',
    entered: "You're in the ballot",
    won: 'You won a place in the ballot',
    waitlisted: (position: number | null) =>
      position === null
        ? 'The ballot put you on the waitlist'
        : `The ballot put you on the waitlist: position ${position}`,
    /** The link to the ballot's public record: its seed's commitment, the seed, the drawn order. */
    record: 'Ballot record',
  },
  /** A runner whose place is held while they pay: the way to the payment page. */
  completePayment: 'Complete payment',
  /** A runner's entry kept without a place: withdrawn or cancelled with money on it. */
  entryCancelled: 'Your entry in this marathon was cancelled.',
  viewRegistrations: 'View my registrations',
  checkingRegistration: 'Checking your registration',
  addToCalendar: 'Add to calendar',
  googleCalendar: 'Google Calendar',
  opensInNewTab: 'Opens in a new tab',
} as const;
