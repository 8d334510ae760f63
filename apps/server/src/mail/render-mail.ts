import { render, toPlainText } from '@react-email/render';
import QRCode from 'qrcode';
import { createElement, type ReactElement } from 'react';
import { checkinQrText } from '@stride/shared';
import { buildRegistrationCalendar, calendarAttachment, type CalendarMethod } from './calendar.js';
import type {
  InlineImage,
  MailContext,
  MailPayload,
  RaceFacts,
  RegistrationFacts,
  RenderedMail,
} from './mail-payloads.js';
import { BallotWaitlistedMail, BallotWonMail, BallotWonToPayMail } from './templates/ballot-drawn.js';
import { BallotEnteredMail } from './templates/ballot-entered.js';
import { EmailChangeMail } from './templates/email-change.js';
import { HoldReleasedMail } from './templates/hold-released.js';
import { PasswordResetMail } from './templates/password-reset.js';
import { PaymentRefundedFullMail } from './templates/payment-refunded-full.js';
import { PlaceOfferedMail } from './templates/place-offered.js';
import { RaceCancelledMail } from './templates/race-cancelled.js';
import { RaceChangedMail } from './templates/race-changed.js';
import { formatRaceTime } from './templates/race-details.js';
import { RefundMail } from './templates/refund.js';
import { RegistrationCancelledMail } from './templates/registration-cancelled.js';
import { RegistrationConfirmedMail } from './templates/registration-confirmed.js';
import { RegistrationPromotedMail } from './templates/registration-promoted.js';
import { type RacePass, racePassCid } from './templates/race-pass.js';
import { WaitlistJoinedMail } from './templates/waitlist-joined.js';
import { RegistrationUpdatedMail } from './templates/registration-updated.js';
import { ResultPublishedMail } from './templates/result-published.js';
import { StaffInvitedMail } from './templates/staff-invited.js';
import { TransferCompletedMail } from './templates/transfer-completed.js';
import { TransferOfferedMail } from './templates/transfer-offered.js';
import { TransferReceivedMail } from './templates/transfer-received.js';

const SUBJECT_TITLE_MAX_LENGTH = 60;
/** The longest subject: the longest prefix, "Your place was released: ", and a title cut to 60 characters. */
const SUBJECT_MAX_LENGTH = 85;
const SUBJECT_NAME_MAX_LENGTH = 24;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const lengthOf = (text: string) => Array.from(graphemes.segment(text)).length;

/** A race title short enough for a subject line, cut between characters as the reader sees them (emoji stay whole). */
export function shortenTitle(title: string, maxLength = SUBJECT_TITLE_MAX_LENGTH): string {
  const characters = Array.from(graphemes.segment(title), ({ segment }) => segment);
  if (characters.length <= maxLength) return title;
  const kept = characters
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd();
  return `${kept}…`;
}

/**
 * A subject that names a runner as well as the race (`wording(name, title)`): the name is cut to 24 characters
 * and the title to what is left of the longest subject, so that a long name cannot push the race out of sight.
 */
function subjectNaming(
  wording: (name: string, title: string) => string,
  name: string,
  title: string,
): string {
  const shortName = shortenTitle(name, SUBJECT_NAME_MAX_LENGTH);
  const titleRoom = Math.min(SUBJECT_TITLE_MAX_LENGTH, SUBJECT_MAX_LENGTH - lengthOf(wording(shortName, '')));
  return wording(shortName, shortenTitle(title, titleRoom));
}

/** The part of html-to-text's formatter API used below: the package ships no types. */
type HtmlElement = { attribs?: Record<string, string>; children: { data?: string }[] };
type TextBuilder = {
  addLineBreak(): void;
  addInline(text: string, options: { noWordTransform: boolean }): void;
};
type Walk = (nodes: HtmlElement['children'], builder: TextBuilder) => void;

/**
 * html-to-text would write a link as "text address" on one line; the address goes on a line of its own
 * instead, so that it can be copied or tapped alone. Links that show their address print it once.
 */
function linkWithAddressBelow(element: HtmlElement, walk: Walk, builder: TextBuilder): void {
  walk(element.children, builder);
  const address = element.attribs?.href;
  const text = element.children.map((child) => child.data ?? '').join('');
  if (address && address !== text) {
    builder.addLineBreak();
    builder.addInline(address, { noWordTransform: true });
  }
}

const plainTextOptions = {
  formatters: { linkWithAddressBelow },
  selectors: [
    { selector: 'a', format: 'linkWithAddressBelow' },
    // html-to-text would shout headings, race titles among them.
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    // The race pass's QR code: the text part gives the code itself.
    { selector: 'img', format: 'skip' },
  ],
};

type MailDraft = {
  subject: string;
  body: ReactElement;
  calendar?: { method: CalendarMethod; race: RaceFacts; registration: RegistrationFacts };
  /** The race pass whose QR code the body shows inline. */
  pass?: RacePass | undefined;
};

/** The race pass of a mail about `registration`: when its facts carry a check-in code (an entry holding a place). */
const passOf = (registration: RegistrationFacts): RacePass | undefined =>
  registration.checkinCode
    ? { checkinCode: registration.checkinCode, cid: racePassCid(registration.id) }
    : undefined;

/** Pixels per QR module: a 33-module code with its quiet zone is a 328 px image, sharp at the mail's 240 px. */
const QR_MODULE_PIXELS = 8;

/** The race pass's QR code of `stride:checkin:{code}` as a PNG, dark on white with a quiet zone of 4 modules. */
async function racePassImage({ checkinCode, cid }: RacePass): Promise<InlineImage> {
  const content = await QRCode.toBuffer(checkinQrText(checkinCode), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: QR_MODULE_PIXELS,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { filename: 'race-pass.png', content, contentType: 'image/png', cid };
}

function draftOf(payload: MailPayload, publicUrl: string): MailDraft {
  switch (payload.kind) {
    case 'registration-confirmed': {
      const { race, registration } = payload;
      const pass = passOf(registration);
      return {
        subject: `You're registered: ${shortenTitle(race.title)}`,
        body: createElement(RegistrationConfirmedMail, { race, registration, pass, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
        pass,
      };
    }
    case 'waitlist-joined': {
      const { race, registration, waitlistPosition } = payload;
      return {
        subject: `You're on the waitlist: ${shortenTitle(race.title)}`,
        body: createElement(WaitlistJoinedMail, { race, registration, waitlistPosition, publicUrl }),
      };
    }
    case 'registration-promoted': {
      const { race, registration } = payload;
      const pass = passOf(registration);
      return {
        subject: `A place opened up: ${shortenTitle(race.title)}`,
        body: createElement(RegistrationPromotedMail, { race, registration, pass, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
        pass,
      };
    }
    case 'registration-updated': {
      const { race, registration } = payload;
      return {
        subject: `Registration updated: ${shortenTitle(race.title)}`,
        body: createElement(RegistrationUpdatedMail, { race, registration, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
      };
    }
    case 'registration-cancelled': {
      const { race, registration, cancelledBy } = payload;
      return {
        subject: `Registration cancelled: ${shortenTitle(race.title)}`,
        body: createElement(RegistrationCancelledMail, { race, registration, cancelledBy, publicUrl }),
        calendar: { method: 'CANCEL', race, registration },
      };
    }
    case 'race-changed': {
      const { race, previous, registration } = payload;
      return {
        subject: `Race changed: ${shortenTitle(race.title)}`,
        body: createElement(RaceChangedMail, { race, previous, registration, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
      };
    }
    case 'race-cancelled': {
      const { race, registration } = payload;
      return {
        subject: `Race cancelled: ${shortenTitle(race.title)}`,
        body: createElement(RaceCancelledMail, { race, registration, publicUrl }),
        calendar: { method: 'CANCEL', race, registration },
      };
    }
    // A place held for payment is not an entry yet: no calendar file until it is paid.
    case 'place-offered': {
      const { race, registration, holdExpiresAt } = payload;
      return {
        subject: `A place opened up: pay by ${formatRaceTime(holdExpiresAt, race.timeZone)}`,
        body: createElement(PlaceOfferedMail, { race, registration, holdExpiresAt, publicUrl }),
      };
    }
    case 'hold-released': {
      const { race, registration } = payload;
      return {
        subject: `Your place was released: ${shortenTitle(race.title)}`,
        body: createElement(HoldReleasedMail, { race, registration, publicUrl }),
      };
    }
    case 'refund': {
      const { race, registration, amount, currency, onSite } = payload;
      return {
        subject: `Refund: ${shortenTitle(race.title)}`,
        body: createElement(RefundMail, { race, registration, amount, currency, onSite, publicUrl }),
      };
    }
    case 'payment-refunded-full': {
      const { race, registration, amount, currency } = payload;
      return {
        subject: 'Payment refunded: the race filled up',
        body: createElement(PaymentRefundedFullMail, { race, registration, amount, currency, publicUrl }),
      };
    }
    case 'staff-invited': {
      const { race, role, organizerName, token } = payload;
      return {
        // The longest prefix of all: the title is cut 3 characters shorter, so the subject is no longer than others.
        subject: `You're invited to help with ${shortenTitle(race.title, SUBJECT_TITLE_MAX_LENGTH - 3)}`,
        body: createElement(StaffInvitedMail, { race, role, organizerName, token, publicUrl }),
      };
    }
    case 'result-published': {
      const { race, result, finishers } = payload;
      return {
        subject: `Your result: ${shortenTitle(race.title)}`,
        body: createElement(ResultPublishedMail, { race, result, finishers, publicUrl }),
      };
    }
    case 'ballot-entered': {
      const { race, registration, ballotDrawAt } = payload;
      return {
        subject: `You're in the ballot: ${shortenTitle(race.title)}`,
        body: createElement(BallotEnteredMail, { race, registration, ballotDrawAt, publicUrl }),
      };
    }
    case 'ballot-drawn': {
      const { race, registration, outcome, position, entries, holdExpiresAt, waitlistPosition } = payload;
      const draw = { position, entries };
      if (outcome === 'waitlisted') {
        return {
          subject: `Ballot result: ${shortenTitle(race.title)}`,
          body: createElement(BallotWaitlistedMail, {
            race,
            registration,
            draw,
            waitlistPosition,
            publicUrl,
          }),
        };
      }
      // As with place-offered: a place held for payment is not an entry yet, so no calendar file until it is paid.
      if (holdExpiresAt) {
        return {
          subject: `You won a place: pay by ${formatRaceTime(holdExpiresAt, race.timeZone)}`,
          body: createElement(BallotWonToPayMail, { race, registration, draw, holdExpiresAt, publicUrl }),
        };
      }
      const pass = passOf(registration);
      return {
        subject: `You won a place: ${shortenTitle(race.title)}`,
        body: createElement(BallotWonMail, { race, registration, draw, pass, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
        pass,
      };
    }
    case 'transfer-offered': {
      const { race, fromName, token, expiresAt } = payload;
      return {
        subject: subjectNaming(
          (name, title) => `${name} offers you their place: ${title}`,
          fromName,
          race.title,
        ),
        body: createElement(TransferOfferedMail, { race, fromName, token, expiresAt, publicUrl }),
      };
    }
    case 'transfer-completed': {
      const { race, registration, toName } = payload;
      return {
        subject: subjectNaming((name, title) => `Your place went to ${name}: ${title}`, toName, race.title),
        body: createElement(TransferCompletedMail, { race, registration, toName, publicUrl }),
        calendar: { method: 'CANCEL', race, registration },
      };
    }
    case 'transfer-received': {
      const { race, registration, fromName } = payload;
      const pass = passOf(registration);
      return {
        subject: `You're registered: ${shortenTitle(race.title)}`,
        body: createElement(TransferReceivedMail, { race, registration, fromName, pass, publicUrl }),
        calendar: { method: 'PUBLISH', race, registration },
        pass,
      };
    }
    case 'password-reset':
      return {
        subject: 'Reset your Stride password',
        body: createElement(PasswordResetMail, { name: payload.name, url: payload.url, publicUrl }),
      };
    case 'email-change': {
      const { name, newEmail, url } = payload;
      return {
        subject: 'Confirm your new e-mail address for Stride',
        body: createElement(EmailChangeMail, { name, newEmail, url, publicUrl }),
      };
    }
  }
}

export async function renderMail(payload: MailPayload, { publicUrl }: MailContext): Promise<RenderedMail> {
  const { subject, body, calendar, pass } = draftOf(payload, publicUrl);
  const html = await render(body);
  return {
    subject,
    html,
    text: toPlainText(html, plainTextOptions),
    attachments: calendar
      ? [calendarAttachment(buildRegistrationCalendar(calendar, calendar.method, publicUrl), calendar.method)]
      : [],
    inlineImages: pass ? [await racePassImage(pass)] : [],
  };
}
