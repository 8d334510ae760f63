/** User-facing texts of a registration's payment (issue 32): My Apply List's Payment column and the return page. */
export const ENTRY_PAYMENT_MESSAGES = {
  /** The Payment cell: 'Paid €45.00 · Receipt 000001', 'Due on site €45.00', … */
  free: 'Free',
  paid: (amount: string) => `Paid ${amount}`,
  receipt: (number: string) => `Receipt ${number}`,
  dueOnSite: (amount: string) => `Due on site ${amount}`,
  awaitingUntil: (time: string) => `Awaiting payment until ${time}`,
  /** An entry in a paid race's line: nothing is paid until a place opens up. */
  dueWithPlace: (amount: string) => `${amount} once you get a place`,
  /** A hold released unpaid, or withdrawn before paying. */
  notPaid: 'Not paid',
  refunded: (amount: string) => `Refunded ${amount}`,
  refundDue: 'Refund due',
  separator: ' · ',

  /** The Pay now button's refusals. */
  payFailedTitle: 'Payment could not be started',
  payFailed: 'Please try again in a moment.',
} as const;

/** The page Stripe's checkout returns the runner to. */
export const PAYMENT_RETURN_MESSAGES = {
  title: (race: string) => `Payment: ${race}`,
  received: 'Payment received',
  registeredFor: (race: string) => `You are registered for ${race}.`,
  bib: (bib: number) => `Your bib: ${bib}`,
  confirming: 'Confirming your payment…',
  /** The hold's time is up, and the server has not yet said whether the payment came in. */
  holdEnding: 'Your hold has ended: checking whether your payment came in…',
  releasedDetail: 'The hold ended before a payment came in.',
  missing: "We couldn't find this registration.",
  entryHeading: 'Your registration',
  viewRegistrations: 'View my registrations',
  backToRace: 'Back to the race',
} as const;
