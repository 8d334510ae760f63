import type { BallotOutcome, Distance, Result, StaffRole } from '@stride/shared';

/**
 * What the outbox stores for each mail: the facts it was written from, as they were when the change
 * committed. The worker renders subject, parts and calendar file from these at send time (render-mail.ts),
 * so a bulk notice is one INSERT … SELECT and a template fix reaches mails not yet sent.
 * Dates are ISO 8601 strings (JSON has no dates).
 */
export type RaceFacts = {
  id: string;
  title: string;
  /** The start of the race, ISO 8601. */
  startDate: string;
  location: string;
  distance: Distance;
  /** The race's IANA time zone (absent in mails queued before races had one: UTC). */
  timeZone?: string;
  /** The race's calendar revision: raised each time its start date or location changes (iCalendar SEQUENCE). */
  calendarSequence: number;
};

export type RegistrationFacts = {
  id: string;
  firstName: string;
  lastName: string;
  contact: string;
  info: string;
  /** The runner's bib number once they hold a place (absent in mails queued before bibs existed). */
  bib?: number | null;
  /**
   * What the entry costs and what was paid (issue 32; absent in mails queued before entry fees, and in those
   * of free entries): amounts in the currency's minor units.
   */
  payment?: PaymentFacts | null;
  /**
   * The race pass's check-in code (issue 33), in the mails that carry the pass (confirmed, promoted) of an entry
   * holding a place: they show its QR code. Absent or null in every other mail.
   */
  checkinCode?: string | null;
};

export type PaymentFacts = {
  currency: string;
  amountDue: number;
  amountPaid: number;
  /** paid, due (on site), pending (online, not yet paid)… as the API says it. */
  paymentStatus: string;
  receiptNumber: string | null;
};

/** Who cancelled a registration when it was not the runner. */
export type CancelledBy = 'organizer';

export type MailPayload =
  | { kind: 'registration-confirmed'; race: RaceFacts; registration: RegistrationFacts }
  /** The race was full: the runner is in line, `waitlistPosition` (1 = next) when they joined. */
  | {
      kind: 'waitlist-joined';
      race: RaceFacts;
      registration: RegistrationFacts;
      waitlistPosition: number;
    }
  /** A place opened up and went to this runner from the waitlist: they are registered, with a bib. */
  | { kind: 'registration-promoted'; race: RaceFacts; registration: RegistrationFacts }
  | { kind: 'registration-updated'; race: RaceFacts; registration: RegistrationFacts }
  /** The entry was withdrawn: by the runner, or by the race's organizer (`cancelledBy`). */
  | {
      kind: 'registration-cancelled';
      race: RaceFacts;
      registration: RegistrationFacts;
      cancelledBy?: CancelledBy;
    }
  | {
      kind: 'race-changed';
      /** The race as it is now. */
      race: RaceFacts;
      /** The values before the change (both, even when only one changed). */
      previous: { startDate: string; location: string };
      registration: RegistrationFacts;
    }
  | { kind: 'race-cancelled'; race: RaceFacts; registration: RegistrationFacts }
  /**
   * A place opened up for a runner in line of a paid race: it is held for them until `holdExpiresAt`, and they
   * pay on the race page (subject "A place opened up: pay by {time}").
   */
  | { kind: 'place-offered'; race: RaceFacts; registration: RegistrationFacts; holdExpiresAt: string }
  /** The hold ended unpaid: the place went back (subject "Your place was released: {race}"). */
  | { kind: 'hold-released'; race: RaceFacts; registration: RegistrationFacts }
  /**
   * Money given back (subject "Refund: {race}"): `amount` in minor units; `onSite` when the organizer pays it
   * back in person rather than to the card.
   */
  | {
      kind: 'refund';
      race: RaceFacts;
      registration: RegistrationFacts;
      amount: number;
      currency: string;
      onSite?: boolean;
    }
  /** A payment that came after its hold was released, with no place left: refunded in full. */
  | {
      kind: 'payment-refunded-full';
      race: RaceFacts;
      registration: RegistrationFacts;
      amount: number;
      currency: string;
    }
  /**
   * An invitation to a race's team (issue 33), from its organizer: the link carries `token`, which accepts or
   * declines it for the invitee signed in with this address (subject "You're invited to help with {race}").
   */
  | { kind: 'staff-invited'; race: RaceFacts; role: StaffRole; organizerName: string; token: string }
  /** A finisher's result, when the race's results are first published (issue 34): subject "Your result: {race}". */
  | { kind: 'result-published'; race: RaceFacts; result: Result; finishers: number }
  /** The runner entered the race's ballot (issue 35): subject "You're in the ballot: {race}", with the draw's time. */
  | { kind: 'ballot-entered'; race: RaceFacts; registration: RegistrationFacts; ballotDrawAt: string }
  /**
   * The ballot was drawn (issue 35): the entry's drawn `position` of `entries`. Won: registered with a bib and its
   * race pass (calendar file), or, paying online, the place held until `holdExpiresAt` to pay on the race page.
   * Waitlisted: in line at `waitlistPosition`.
   */
  | {
      kind: 'ballot-drawn';
      race: RaceFacts;
      registration: RegistrationFacts;
      outcome: BallotOutcome;
      position: number;
      entries: number;
      holdExpiresAt: string | null;
      waitlistPosition: number | null;
    }
  /**
   * A runner offers their place to this address (issue 35): the link `/transfers/{token}` shows it to the
   * receiver signed in with this address, until `expiresAt`.
   */
  | { kind: 'transfer-offered'; race: RaceFacts; fromName: string; token: string; expiresAt: string }
  /** The receiver took the place: the sender's entry is theirs no more (calendar CANCEL). */
  | { kind: 'transfer-completed'; race: RaceFacts; registration: RegistrationFacts; toName: string }
  /** The receiver's new entry, with its race pass (calendar PUBLISH). */
  | { kind: 'transfer-received'; race: RaceFacts; registration: RegistrationFacts; fromName: string }
  | { kind: 'password-reset'; name: string; url: string }
  /** Sent to the new address an account asked to move to: following `url` makes the change. */
  | { kind: 'email-change'; name: string; newEmail: string; url: string };

export type MailKind = MailPayload['kind'];

export type MailAttachment = { filename: string; content: string; contentType: string };

/** An image the HTML part shows inline, as `<img src="cid:{cid}">` (a related part of the mail, not a data: URL). */
export type InlineImage = { filename: string; content: Buffer; contentType: string; cid: string };

/** A mail ready for a transport. */
export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  inlineImages: InlineImage[];
};

/** Where links in mails point and what calendar UIDs are scoped to. */
export type MailContext = {
  /** The site's public origin, e.g. http://localhost:3000 (no trailing slash). */
  publicUrl: string;
};
