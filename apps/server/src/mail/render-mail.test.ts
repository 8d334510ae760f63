import ICAL from 'ical.js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { MailKind, MailPayload, PaymentFacts, RaceFacts, RegistrationFacts } from './mail-payloads.js';
import { renderMail, shortenTitle } from './render-mail.js';

const publicUrl = 'https://stride.example';
const context = { publicUrl };

const markup = '<script>alert(1)</script> <a href="x">link</a> "quotes" & ampersands';
const emoji = '🏃‍♀️🇫🇷';
const rtl = 'مرحبا بالعالم';
const longTitle = `${markup} ${emoji} ${rtl} `.padEnd(300, 'and a very long title ');

const race: RaceFacts = {
  id: 'race-42',
  title: longTitle,
  startDate: '2027-05-01T09:00:00.000Z',
  location: `Quai, ${markup} ${emoji} ${rtl}`,
  distance: '10k',
  calendarSequence: 2,
};
const registration: RegistrationFacts = {
  id: 'reg-7',
  firstName: `Ada ${markup}`,
  lastName: `Lovelace ${rtl}`,
  contact: `+33 1 23 45 67 89 ${markup}`,
  info: `Allergic to <b>nuts</b> & "gluten" ${emoji}`,
};
const resetUrl = `${publicUrl}/reset-password/token-1?callbackURL=%2Flogin&lang=en`;
const paidOnline: PaymentFacts = {
  currency: 'EUR',
  amountDue: 4500,
  amountPaid: 4500,
  paymentStatus: 'paid',
  receiptNumber: 'R-0042',
};
const awaitingPayment: PaymentFacts = {
  ...paidOnline,
  amountPaid: 0,
  paymentStatus: 'pending',
  receiptNumber: null,
};
const holdExpiresAt = '2026-12-10T07:00:00.000Z';
const ballotDrawAt = '2026-12-01T18:00:00.000Z';
const otherRunner = `Grace ${markup}`;

const payloads: { [K in MailKind]: Extract<MailPayload, { kind: K }> } = {
  'registration-confirmed': { kind: 'registration-confirmed', race, registration },
  'waitlist-joined': { kind: 'waitlist-joined', race, registration, waitlistPosition: 4 },
  'registration-promoted': {
    kind: 'registration-promoted',
    race,
    registration: { ...registration, bib: 123 },
  },
  'registration-updated': { kind: 'registration-updated', race, registration },
  'registration-cancelled': { kind: 'registration-cancelled', race, registration },
  'race-changed': {
    kind: 'race-changed',
    race,
    previous: { startDate: '2027-04-24T08:30:00.000Z', location: race.location },
    registration,
  },
  'race-cancelled': { kind: 'race-cancelled', race, registration },
  'place-offered': {
    kind: 'place-offered',
    race,
    registration: { ...registration, payment: awaitingPayment },
    holdExpiresAt,
  },
  'hold-released': {
    kind: 'hold-released',
    race,
    registration: { ...registration, payment: awaitingPayment },
  },
  refund: {
    kind: 'refund',
    race,
    registration: { ...registration, payment: paidOnline },
    amount: 2250,
    currency: 'EUR',
  },
  'payment-refunded-full': {
    kind: 'payment-refunded-full',
    race,
    registration: { ...registration, payment: paidOnline },
    amount: 4500,
    currency: 'EUR',
  },
  'password-reset': { kind: 'password-reset', name: `Ada ${markup}`, url: resetUrl },
  'result-published': {
    kind: 'result-published',
    race,
    result: {
      registrationId: registration.id,
      bib: 42,
      firstName: `Ada ${markup}`,
      lastName: 'Lovelace',
      gender: 'female',
      ageGroup: '40–49',
      chipTime: 12_312_000,
      gunTime: 12_345_000,
      chipTimeText: '3:25:12',
      gunTimeText: '3:25:45',
      status: 'FIN',
      place: 12,
      genderPlace: 4,
      ageGroupPlace: 3,
      pacePerKm: '4:52',
    },
    finishers: 3402,
  },
  'staff-invited': {
    kind: 'staff-invited',
    race,
    role: 'checkin',
    organizerName: `Grace ${markup}`,
    token: 'tok_en-1',
  },
  'email-change': {
    kind: 'email-change',
    name: `Ada ${markup}`,
    newEmail: 'ada.new@example.com',
    url: resetUrl,
  },
  'ballot-entered': { kind: 'ballot-entered', race, registration, ballotDrawAt },
  'ballot-drawn': {
    kind: 'ballot-drawn',
    race,
    registration: { ...registration, bib: 57 },
    outcome: 'won',
    position: 12,
    entries: 3402,
    holdExpiresAt: null,
    waitlistPosition: null,
  },
  'transfer-offered': {
    kind: 'transfer-offered',
    race,
    fromName: otherRunner,
    token: 'tok_en-2',
    expiresAt: holdExpiresAt,
  },
  'transfer-completed': {
    kind: 'transfer-completed',
    race,
    registration: { ...registration, bib: 57, payment: paidOnline },
    toName: otherRunner,
  },
  'transfer-received': {
    kind: 'transfer-received',
    race,
    registration: { ...registration, bib: 57 },
    fromName: otherRunner,
  },
};

// The title starts with 59 ASCII characters, so its subject form is easy to spell out.
const subjectTitle = `${longTitle.slice(0, 59).trimEnd()}…`;
const raceDate = 'Sat 1 May 2027, 09:00 UTC';

/** What each mail must show, and how its subject reads. */
const expectations: { [K in MailKind]: { subject: string; shows: string[] } } = {
  'registration-confirmed': {
    subject: `You're registered: ${subjectTitle}`,
    shows: [
      longTitle,
      race.location,
      registration.firstName,
      registration.lastName,
      registration.contact,
      registration.info,
      registration.id,
      raceDate,
    ],
  },
  'waitlist-joined': {
    subject: `You're on the waitlist: ${subjectTitle}`,
    shows: [longTitle, race.location, registration.firstName, registration.id, raceDate, 'number 4'],
  },
  'registration-promoted': {
    subject: `A place opened up: ${subjectTitle}`,
    shows: [longTitle, race.location, registration.firstName, registration.id, raceDate, 'Bib number'],
  },
  'registration-updated': {
    subject: `Registration updated: ${subjectTitle}`,
    shows: [
      longTitle,
      race.location,
      registration.firstName,
      registration.lastName,
      registration.contact,
      registration.info,
      registration.id,
      raceDate,
    ],
  },
  'registration-cancelled': {
    subject: `Registration cancelled: ${subjectTitle}`,
    shows: [longTitle, registration.firstName, registration.id, raceDate],
  },
  'race-changed': {
    subject: `Race changed: ${subjectTitle}`,
    shows: [longTitle, registration.firstName, raceDate],
  },
  'race-cancelled': {
    subject: `Race cancelled: ${subjectTitle}`,
    shows: [longTitle, race.location, registration.firstName, registration.id, raceDate],
  },
  'place-offered': {
    subject: 'A place opened up: pay by Thu 10 Dec 2026, 07:00 UTC',
    shows: [longTitle, race.location, registration.firstName, raceDate, 'Thu 10 Dec 2026, 07:00 UTC'],
  },
  'hold-released': {
    subject: `Your place was released: ${subjectTitle}`,
    shows: [longTitle, registration.firstName, registration.id, raceDate],
  },
  refund: {
    subject: `Refund: ${subjectTitle}`,
    shows: [longTitle, registration.firstName, registration.id, raceDate, '€22.50'],
  },
  'payment-refunded-full': {
    subject: 'Payment refunded: the race filled up',
    shows: [longTitle, registration.firstName, registration.id, raceDate, '€45.00'],
  },
  'password-reset': { subject: 'Reset your Stride password', shows: [`Ada ${markup}`] },
  'result-published': {
    subject: `Your result: ${subjectTitle}`,
    shows: [
      longTitle,
      `Ada ${markup}`,
      '3:25:12',
      '3:25:45',
      '12th of 3,402 · 3rd F 40–49',
      '4:52 /km',
      raceDate,
    ],
  },
  'staff-invited': {
    subject: `You're invited to help with ${longTitle.slice(0, 56).trimEnd()}…`,
    shows: [longTitle, `Grace ${markup}`, 'Check-in volunteer', raceDate, race.location],
  },
  'email-change': {
    subject: 'Confirm your new e-mail address for Stride',
    shows: [`Ada ${markup}`, 'ada.new@example.com'],
  },
  'ballot-entered': {
    subject: `You're in the ballot: ${subjectTitle}`,
    shows: [
      longTitle,
      race.location,
      registration.firstName,
      registration.id,
      raceDate,
      'Tue 1 Dec 2026, 18:00 UTC',
    ],
  },
  'ballot-drawn': {
    subject: `You won a place: ${subjectTitle}`,
    shows: [longTitle, race.location, registration.firstName, registration.id, raceDate, '12 of 3,402'],
  },
  // A long name is cut to 24 characters and the title to what is left, so the subject stays as short as the others.
  'transfer-offered': {
    subject: `Grace <script>alert(1)<… offers you their place: ${longTitle.slice(0, 35).trimEnd()}…`,
    shows: [longTitle, race.location, otherRunner, raceDate, 'Thu 10 Dec 2026, 07:00 UTC'],
  },
  'transfer-completed': {
    subject: `Your place went to Grace <script>alert(1)<…: ${longTitle.slice(0, 39).trimEnd()}…`,
    shows: [longTitle, registration.firstName, registration.id, raceDate, otherRunner],
  },
  'transfer-received': {
    subject: `You're registered: ${subjectTitle}`,
    shows: [longTitle, race.location, registration.firstName, registration.id, raceDate, otherRunner],
  },
};

/** How React writes text into HTML. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!,
  );

const hrefsOf = (html: string) =>
  Array.from(html.matchAll(/href="([^"]*)"/g), ([, href]) => href!.replaceAll('&amp;', '&'));

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    status: event.getFirstPropertyValue('status'),
  };
}

describe.each(Object.keys(payloads) as MailKind[])('renderMail: %s', (kind) => {
  const { subject, shows } = expectations[kind];

  it('has a short subject that says what happened', async () => {
    const mail = await renderMail(payloads[kind], context);

    expect(mail.subject).toBe(subject);
    // The longest prefix, "Your place was released: ", and a title cut to 60 characters.
    expect(mail.subject.length).toBeLessThanOrEqual(85);
  });

  it('shows hostile values escaped in the HTML and verbatim in the text', async () => {
    const { html, text } = await renderMail(payloads[kind], context);

    for (const value of shows) {
      expect(html).toContain(escapeHtml(value));
      expect(text).toContain(value);
    }
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<a href="x"');
    expect(html).not.toContain('<b>');
    expect(text).not.toMatch(/<(p|strong|span|br|table|td)\b/);
  });

  it('loads nothing remote and links only to the site', async () => {
    const { html } = await renderMail(payloads[kind], context);

    expect(html).not.toMatch(/<img|<link|\bsrc=|url\(|@import/i);
    const hrefs = hrefsOf(html);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${publicUrl}/`) || href === publicUrl).toBe(true);
  });

  it('reads on a phone and in dark mode', async () => {
    const { html } = await renderMail(payloads[kind], context);

    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('max-width:600px;width:100%');
  });
});

describe('renderMail: race-changed', () => {
  it('shows only what changed, and no registration id', async () => {
    const movedOnly = {
      ...payloads['race-changed'],
      previous: { startDate: race.startDate, location: 'Old Quay' },
    };

    const { text } = await renderMail(movedOnly, context);

    expect(text).toContain('Location');
    expect(text).toContain('Old Quay');
    expect(text).toContain(race.location);
    expect(text).not.toMatch(/Start|unchanged/);
    expect(text).not.toContain(registration.id);
  });

  it('shows the start and the place when both changed', async () => {
    const { text } = await renderMail(
      {
        ...payloads['race-changed'],
        previous: { startDate: '2027-04-24T08:30:00.000Z', location: 'Old Quay' },
      },
      context,
    );

    expect(text).toContain('Sat 24 Apr 2027, 08:30 UTC');
    expect(text).toContain(raceDate);
    expect(text).toContain('Old Quay');
  });
});

describe('renderMail: registration-confirmed', () => {
  it('gives the race, the registration and the links in readable text', async () => {
    const { text, html } = await renderMail(payloads['registration-confirmed'], context);

    expect(text).toContain(`Race: ${longTitle}\n`);
    expect(text).toContain(`Date: ${raceDate}\n`);
    expect(text).toContain(`Location: ${race.location}\n`);
    expect(text).toContain('Distance: 10k');
    expect(text).toContain(`Name: ${registration.firstName} ${registration.lastName}\n`);
    expect(text).toContain(`Contact: ${registration.contact}\n`);
    expect(text).toContain(`Additional info: ${registration.info}\n`);
    expect(text).toContain('Registration id: reg-7');
    expect(text).toContain('race.ics');
    expect(text).toContain(
      `My Apply List, to see, change or cancel your registration: ${publicUrl}/dashboard/my-applies`,
    );
    expect(text).toContain(`The race page: ${publicUrl}/marathon-details/race-42`);
    expect(hrefsOf(html)).toEqual(
      expect.arrayContaining([`${publicUrl}/dashboard/my-applies`, `${publicUrl}/marathon-details/race-42`]),
    );
  });

  it('gives the bib number once the runner holds one', async () => {
    const { text } = await renderMail(
      { ...payloads['registration-confirmed'], registration: { ...registration, bib: 57 } },
      context,
    );

    expect(text).toContain('Bib number: 57\n');
  });

  it('says so when the runner left no additional info', async () => {
    const { text } = await renderMail(
      { ...payloads['registration-confirmed'], registration: { ...registration, info: '' } },
      context,
    );

    expect(text).toContain('Additional info: (none)');
  });

  it('gives the start as the clocks read it where the race is run, with the zone’s short name', async () => {
    const { text } = await renderMail(
      { ...payloads['registration-confirmed'], race: { ...race, timeZone: 'Europe/Lisbon' } },
      context,
    );

    expect(text).toContain('Sat 1 May 2027, 10:00 WEST');
  });
});

describe('renderMail: a marathon', () => {
  const marathon = { ...race, distance: '42.2k' } as const;

  it('names the distance as runners say it, in the facts and in a change notice', async () => {
    const confirmed = await renderMail({ ...payloads['registration-confirmed'], race: marathon }, context);
    const changed = await renderMail({ ...payloads['race-changed'], race: marathon }, context);

    expect(confirmed.text).toContain('Distance: Marathon (42.2 km)\n');
    expect(changed.text).toContain(
      `The organizer of ${longTitle}, Marathon (42.2 km), has changed the race.`,
    );
  });
});

describe('renderMail: calendar attachments', () => {
  it.each([
    ['registration-confirmed', 'PUBLISH', 2, null],
    ['registration-promoted', 'PUBLISH', 2, null],
    ['registration-updated', 'PUBLISH', 2, null],
    ['race-changed', 'PUBLISH', 2, null],
    ['registration-cancelled', 'CANCEL', 3, 'CANCELLED'],
    ['race-cancelled', 'CANCEL', 3, 'CANCELLED'],
    ['ballot-drawn', 'PUBLISH', 2, null],
    ['transfer-received', 'PUBLISH', 2, null],
    ['transfer-completed', 'CANCEL', 3, 'CANCELLED'],
  ] as const)('%s carries the runner’s entry with METHOD:%s', async (kind, method, sequence, status) => {
    const { attachments } = await renderMail(payloads[kind], context);

    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: 'race.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
    });
    expect(parseCalendar(attachments[0]!.content)).toEqual({
      method,
      uid: 'registration-reg-7@stride.example',
      sequence,
      start: race.startDate,
      status,
    });
  });

  it.each([
    'password-reset',
    'result-published',
    'staff-invited',
    'email-change',
    'waitlist-joined',
    'place-offered',
    'hold-released',
    'refund',
    'payment-refunded-full',
    'ballot-entered',
    'transfer-offered',
  ] as const)('%s has none', async (kind) => {
    expect((await renderMail(payloads[kind], context)).attachments).toEqual([]);
  });
});

describe('renderMail: registration-cancelled', () => {
  it('tells the runner they cancelled, unless the organizer did, and then says so', async () => {
    const byRunner = await renderMail(payloads['registration-cancelled'], context);
    const byOrganizer = await renderMail(
      { ...payloads['registration-cancelled'], cancelledBy: 'organizer' },
      context,
    );

    expect(byRunner.text).toContain('Your registration for this race is cancelled:');
    expect(byRunner.text).not.toContain('organizer');
    expect(byOrganizer.text).toContain(`The organizer of ${longTitle} cancelled your registration.`);
    expect(byOrganizer.html).toContain(
      escapeHtml(`The organizer of ${longTitle} cancelled your registration.`),
    );
    expect(byOrganizer.subject).toBe(byRunner.subject);
    expect(byOrganizer.attachments.map((file) => file.contentType)).toEqual(
      byRunner.attachments.map((file) => file.contentType),
    );
  });
});

describe('renderMail: race-changed', () => {
  it('shows the start before and now when only the start changed, not the place', async () => {
    const { text } = await renderMail(payloads['race-changed'], context);

    expect(text).toContain(`Start\n\nBefore: Sat 24 Apr 2027, 08:30 UTC\nNow: ${raceDate}`);
    expect(text).not.toContain('Location');
  });

  it('compares start instants, not how they are written', async () => {
    const { text } = await renderMail(
      {
        ...payloads['race-changed'],
        previous: { startDate: '2027-05-01T09:00:00Z', location: 'Lyon' },
      },
      context,
    );

    expect(text).not.toContain('Start');
    expect(text).toContain(`Location\n\nBefore: Lyon\nNow: ${race.location}`);
  });
});

describe('renderMail: paid entries', () => {
  const racePage = `${publicUrl}/marathon-details/race-42`;
  const inBerlin = { ...race, timeZone: 'Europe/Berlin' };
  const inYen = (payment: PaymentFacts): PaymentFacts => ({
    ...payment,
    currency: 'JPY',
    amountDue: 4500,
    amountPaid: payment.amountPaid > 0 ? 4500 : 0,
  });

  it('offers a place from the line: held until a time where the race is, the amount, and a link to pay', async () => {
    const { subject, text, html } = await renderMail(
      { ...payloads['place-offered'], race: inBerlin },
      context,
    );

    expect(subject).toBe('A place opened up: pay by Thu 10 Dec 2026, 08:00 CET');
    expect(text).toContain('it is held for you until Thu 10 Dec 2026, 08:00 CET.');
    expect(text).toContain('Amount to pay: €45.00\n');
    expect(text).toContain(`Pay now\n${racePage}`);
    expect(text).toContain('If it is not paid by then, the place goes to the next runner in line.');
    expect(hrefsOf(html)).toContain(racePage);
  });

  it('offers a place in yen, and without an amount when the facts carry none', async () => {
    const inYenText = (
      await renderMail(
        {
          ...payloads['place-offered'],
          registration: { ...registration, payment: inYen(awaitingPayment) },
        },
        context,
      )
    ).text;
    const withoutAmount = (await renderMail({ ...payloads['place-offered'], registration }, context)).text;

    expect(inYenText).toContain('Amount to pay: ¥4,500\n');
    expect(withoutAmount).not.toContain('Amount to pay');
    expect(withoutAmount).toContain(`Pay now\n${racePage}`);
  });

  it('tells a runner whose hold ran out that the place was released, and where to enter again', async () => {
    const { text } = await renderMail(payloads['hold-released'], context);

    expect(text).toContain(
      `The place held for you in ${longTitle} while you paid was released, because the payment was not completed in time.`,
    );
    expect(text).toContain(`If places are left, you can enter again on the race page: ${racePage}`);
  });

  it('says a card refund takes days to appear, and an on-site one comes from the organizer', async () => {
    const online = (await renderMail(payloads.refund, context)).text;
    const onSite = (
      await renderMail({ ...payloads.refund, amount: 4500, currency: 'JPY', onSite: true }, context)
    ).text;

    expect(online).toContain(`€22.50 is being refunded to your card for your entry in ${longTitle}.`);
    expect(online).toContain('It may take 5–10 days to appear on your statement.');
    expect(onSite).toContain(
      `¥4,500 will be paid back to you by the organizer for your entry in ${longTitle}.`,
    );
    expect(onSite).not.toContain('card');
    expect(onSite).not.toContain('5–10 days');
  });

  it('explains a full refund of a payment that came after the race filled up', async () => {
    const { text } = await renderMail(payloads['payment-refunded-full'], context);

    expect(text).toContain(
      `Your payment for ${longTitle} arrived after the place held for you had been released, and the race is now full`,
    );
    expect(text).toContain('The full amount, €45.00, is being refunded to your card.');
    expect(text).toContain('It may take 5–10 days to appear on your statement.');
  });

  it.each(['registration-confirmed', 'registration-promoted'] as const)(
    '%s gives the amount paid and the receipt, in euros and in yen',
    async (kind) => {
      const inEuros = (
        await renderMail(
          { ...payloads[kind], registration: { ...registration, bib: 57, payment: paidOnline } },
          context,
        )
      ).text;
      const inYenText = (
        await renderMail(
          { ...payloads[kind], registration: { ...registration, bib: 57, payment: inYen(paidOnline) } },
          context,
        )
      ).text;

      expect(inEuros).toContain('Amount paid: €45.00\nReceipt: R-0042\n');
      expect(inYenText).toContain('Amount paid: ¥4,500\nReceipt: R-0042\n');
      expect(inEuros).not.toContain('Entry fee');
    },
  );

  it.each(['registration-confirmed', 'registration-promoted'] as const)(
    '%s gives the fee still to pay on site',
    async (kind) => {
      const due: PaymentFacts = { ...paidOnline, amountPaid: 0, paymentStatus: 'due', receiptNumber: null };

      const { text } = await renderMail(
        { ...payloads[kind], registration: { ...registration, bib: 57, payment: due } },
        context,
      );

      expect(text).toContain('Entry fee: €45.00, to pay on site\n');
      expect(text).not.toMatch(/Amount paid|Receipt/);
    },
  );

  it('leaves a free confirmation as it was: nothing about money', async () => {
    const free = await renderMail(payloads['registration-confirmed'], context);
    const withNoPayment = await renderMail(
      { ...payloads['registration-confirmed'], registration: { ...registration, payment: null } },
      context,
    );

    expect(withNoPayment.html).toBe(free.html);
    expect(free.text).toContain('Registration id: reg-7\n\nThe attached calendar file (race.ics)');
    expect(free.text).not.toMatch(/Payment|Amount|Receipt|Entry fee|€/);
  });
});

describe('renderMail: password-reset', () => {
  const wording = (name: string) =>
    [
      `Hello ${name},`,
      'Someone asked to reset the password of your Stride account. The link below works once, for one hour.',
      `Reset my password\n${resetUrl}`,
      "If it wasn't you, ignore this mail: your password stays as it is.",
    ].join('\n\n');

  it('keeps the wording, with the link on a line of its own', async () => {
    const { text, html } = await renderMail(payloads['password-reset'], context);

    expect(text).toContain(wording(`Ada ${markup}`));
    expect(text.split('\n')).toContain(resetUrl);
    expect(html).toContain(`href="${escapeHtml(resetUrl)}"`);
  });

  it('greets a runner without a name as "runner"', async () => {
    const { text } = await renderMail({ kind: 'password-reset', name: '', url: resetUrl }, context);

    expect(text).toContain(wording('runner'));
  });
});

describe('shortenTitle', () => {
  it('keeps a title of 60 characters', () => {
    expect(shortenTitle('a'.repeat(60))).toBe('a'.repeat(60));
  });

  it('cuts a longer one to 60 characters, the last an ellipsis', () => {
    expect(shortenTitle('a'.repeat(61))).toBe(`${'a'.repeat(59)}…`);
  });

  it('never splits an emoji, and drops the space before the ellipsis', () => {
    const title = `${'a'.repeat(57)} 🏃‍♀️${'b'.repeat(10)}`;

    expect(shortenTitle(title)).toBe(`${'a'.repeat(57)} 🏃‍♀️…`);
    expect(shortenTitle(`${'a'.repeat(58)} ${'b'.repeat(10)}`)).toBe(`${'a'.repeat(58)}…`);
  });
});

describe('renderMail: staff-invited', () => {
  it('names the race, the role in words and the organizer, and links to the invitations with the token', async () => {
    const { text, html } = await renderMail(
      { ...payloads['staff-invited'], role: 'coorganizer', race: { ...race, title: 'Lisbon Half' } },
      context,
    );

    expect(text).toContain(`Grace ${markup} invites you to help with Lisbon Half as Co-organizer`);
    expect(text).toContain('Race: Lisbon Half\n');
    expect(text).toContain(`${publicUrl}/dashboard/team-invitations?token=tok_en-1`);
    expect(hrefsOf(html)).toContain(`${publicUrl}/dashboard/team-invitations?token=tok_en-1`);
  });

  it('says the subject with the whole title when it is short', async () => {
    const { subject } = await renderMail(
      { ...payloads['staff-invited'], race: { ...race, title: 'Lisbon Half' } },
      context,
    );

    expect(subject).toBe("You're invited to help with Lisbon Half");
  });
});

describe('renderMail: the race pass', () => {
  const checkinCode = '0123456789abcdef0123456789abcdef';
  const withPass = { ...registration, checkinCode };

  /** The text a PNG's QR code holds, read back as a phone's camera would. */
  function decodeQr(png: Buffer): string | null {
    const image = PNG.sync.read(png);
    return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
  }

  it.each(['registration-confirmed', 'registration-promoted', 'ballot-drawn', 'transfer-received'] as const)(
    '%s shows the QR code of stride:checkin:{code} as an inline CID image, and the code as text',
    async (kind) => {
      const payload = { ...payloads[kind], registration: { ...payloads[kind].registration, checkinCode } };
      const { html, text, inlineImages, attachments } = await renderMail(payload, context);

      expect(inlineImages).toHaveLength(1);
      const [image] = inlineImages;
      expect(image).toMatchObject({
        filename: 'race-pass.png',
        contentType: 'image/png',
        cid: `race-pass-${registration.id}@stride`,
      });
      expect(decodeQr(image!.content)).toBe(`stride:checkin:${checkinCode}`);
      expect(html).toContain(`src="cid:race-pass-${registration.id}@stride"`);
      expect(html).not.toContain('data:image');
      expect(text).toContain(`Check-in code: ${checkinCode}\n`);
      expect(text).toContain(`${publicUrl}/dashboard/my-applies/${registration.id}/pass`);
      // The calendar file stays the one attachment a reader sees.
      expect(attachments.map((file) => file.filename)).toEqual(['race.ics']);
    },
  );

  it('leaves the pass out of a confirmation whose facts carry no code (queued before race passes)', async () => {
    const { html, text, inlineImages } = await renderMail(payloads['registration-confirmed'], context);

    expect(inlineImages).toEqual([]);
    expect(html).not.toContain('cid:');
    expect(text).not.toContain('Check-in code');
  });

  it.each([
    'waitlist-joined',
    'place-offered',
    'registration-updated',
    'registration-cancelled',
    'ballot-entered',
    'transfer-completed',
  ] as const)('%s has no pass, whatever its facts carry', async (kind) => {
    const payload = { ...payloads[kind], registration: { ...payloads[kind].registration, checkinCode } };
    const { text, inlineImages } = await renderMail(payload as MailPayload, context);

    expect(inlineImages).toEqual([]);
    expect(text).not.toContain(checkinCode);
  });

  it('is written for the pass of the entry it is about', async () => {
    const { inlineImages } = await renderMail(
      { kind: 'registration-confirmed', race, registration: { ...withPass, id: 'reg-8' } },
      context,
    );
    expect(inlineImages[0]?.cid).toBe('race-pass-reg-8@stride');
  });
});

describe('renderMail: the ballot', () => {
  const racePage = `${publicUrl}/marathon-details/race-42`;
  const inBerlin = { ...race, timeZone: 'Europe/Berlin' };
  const checkinCode = '0123456789abcdef0123456789abcdef';
  const won = payloads['ballot-drawn'];
  const wonToPay = {
    ...won,
    registration: { ...registration, payment: awaitingPayment },
    holdExpiresAt,
  } satisfies MailPayload;
  const waitlisted = {
    ...won,
    registration,
    outcome: 'waitlisted',
    position: 3403,
    entries: 5000,
    waitlistPosition: 3,
  } satisfies MailPayload;

  it('tells an entrant when the draw is, where the race is run, that all get the outcome, and how to withdraw', async () => {
    const { text, html, attachments, inlineImages } = await renderMail(
      { ...payloads['ballot-entered'], race: inBerlin },
      context,
    );

    expect(text).toContain(`You have entered the ballot for ${longTitle}.`);
    expect(text).toContain(
      'The draw is on Tue 1 Dec 2026, 19:00 CET, and everyone who entered gets a mail with the outcome.',
    );
    expect(text).toContain(`Until the draw, you can withdraw from the ballot on the race page: ${racePage}`);
    expect(hrefsOf(html)).toContain(racePage);
    expect(attachments).toEqual([]);
    expect(inlineImages).toEqual([]);
  });

  it('tells a winner of a free race their drawn position and bib, with the race pass and the calendar file', async () => {
    const { subject, text, attachments, inlineImages } = await renderMail(
      { ...won, registration: { ...won.registration, checkinCode } },
      context,
    );

    expect(subject).toBe(`You won a place: ${subjectTitle}`);
    expect(text).toContain(
      `You won a place in the ballot for ${longTitle}: you are registered, with bib number 57.`,
    );
    expect(text).toContain('Drawn position: 12 of 3,402\n');
    expect(text).toContain('Bib number: 57\n');
    expect(text).toContain(`Check-in code: ${checkinCode}\n`);
    expect(inlineImages.map((image) => image.cid)).toEqual([`race-pass-${registration.id}@stride`]);
    expect(attachments.map((file) => file.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=PUBLISH',
    ]);
  });

  it('registers a winner whose facts carry neither a code nor a hold, without a pass', async () => {
    const { text, attachments, inlineImages } = await renderMail(won, context);

    expect(text).toContain('you are registered, with bib number 57.');
    expect(text).not.toContain('Check-in code');
    expect(inlineImages).toEqual([]);
    expect(attachments).toHaveLength(1);
  });

  it('holds a paid race’s place for a winner to pay, until a time where the race is, with no calendar file yet', async () => {
    const { subject, text, html, attachments, inlineImages } = await renderMail(
      { ...wonToPay, race: inBerlin },
      context,
    );

    expect(subject).toBe('You won a place: pay by Thu 10 Dec 2026, 08:00 CET');
    expect(text).toContain(
      `You won a place in the ballot for ${longTitle}: it is held for you until Thu 10 Dec 2026, 08:00 CET.`,
    );
    expect(text).toContain('Drawn position: 12 of 3,402\n');
    expect(text).toContain('Amount to pay: €45.00\n');
    expect(text).toContain(`Pay now\n${racePage}`);
    expect(text).toContain('If it is not paid by then, the place goes to the next runner in line.');
    expect(hrefsOf(html)).toContain(racePage);
    expect(attachments).toEqual([]);
    expect(inlineImages).toEqual([]);
  });

  it('tells an entrant not drawn their drawn position and their place on the waitlist, with no calendar file', async () => {
    const { subject, text, html, attachments, inlineImages } = await renderMail(
      { ...waitlisted, registration: { ...registration, checkinCode } },
      context,
    );

    expect(subject).toBe(`Ballot result: ${subjectTitle}`);
    expect(text).toContain(
      `You were not drawn for a place in ${longTitle} this time, so you are on the waitlist.`,
    );
    expect(text).toContain('Places that open up go to the runners on it in order');
    expect(text).toContain('Drawn position: 3,403 of 5,000\nWaitlist position: 3\n');
    expect(text).not.toMatch(/You won|Bib number|Pay now/);
    expect(text).not.toContain(checkinCode);
    expect(html).toContain(escapeHtml(registration.firstName));
    expect(attachments).toEqual([]);
    expect(inlineImages).toEqual([]);
  });

  it.each([
    ['won', won],
    ['won, to pay', wonToPay],
    ['waitlisted', waitlisted],
  ] as const)('escapes the race and the runner in the HTML of a draw mail (%s)', async (_, payload) => {
    const { html } = await renderMail(payload, context);

    expect(html).toContain(escapeHtml(longTitle));
    expect(html).toContain(escapeHtml(registration.firstName));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<a href="x"');
  });
});

describe('renderMail: transfers', () => {
  const lisbon = { ...race, title: 'Lisbon Half', timeZone: 'Europe/Berlin' };
  const transferLink = `${publicUrl}/transfers/tok_en-2`;

  it('offers the place to the receiver: who, until when where the race is, and a link to accept signed in', async () => {
    const { subject, text, html, attachments } = await renderMail(
      { ...payloads['transfer-offered'], race: lisbon, fromName: 'Grace Hopper' },
      context,
    );

    expect(subject).toBe('Grace Hopper offers you their place: Lisbon Half');
    expect(text).toContain(
      'Grace Hopper offers you their place in Lisbon Half. The offer is open until Thu 10 Dec 2026, 08:00 CET.',
    );
    expect(text).toContain('Race: Lisbon Half\n');
    expect(text).toContain(`Accept the place\n${transferLink}`);
    expect(text).toContain('Sign in to Stride with this e-mail address (or sign up with it) to accept.');
    expect(hrefsOf(html)).toContain(transferLink);
    expect(attachments).toEqual([]);
  });

  it('puts the token in the link as one path segment', async () => {
    const { html } = await renderMail({ ...payloads['transfer-offered'], token: 'a/b?c' }, context);

    expect(hrefsOf(html)).toContain(`${publicUrl}/transfers/a%2Fb%3Fc`);
  });

  it('tells the sender their entry went to the receiver, with no refund of what they paid, and removes it from their calendar', async () => {
    const { subject, text, attachments, inlineImages } = await renderMail(
      { ...payloads['transfer-completed'], race: { ...race, title: 'Lisbon Half' }, toName: 'Grace Hopper' },
      context,
    );

    expect(subject).toBe('Your place went to Grace Hopper: Lisbon Half');
    expect(text).toContain(
      'Your entry in Lisbon Half now belongs to Grace Hopper: they accepted the place you offered.',
    );
    expect(text).toContain('The place was transferred as paid, so there is no refund of your entry fee.');
    expect(text).toContain('removes the race from your calendar');
    expect(attachments.map((file) => file.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=CANCEL',
    ]);
    expect(inlineImages).toEqual([]);
  });

  it('says nothing about refunds to a sender who paid nothing', async () => {
    const { text } = await renderMail({ ...payloads['transfer-completed'], registration }, context);

    expect(text).not.toMatch(/refund/i);
  });

  it('registers the receiver as a confirmation does, naming who handed the place on', async () => {
    const { subject, text } = await renderMail(
      { ...payloads['transfer-received'], race: { ...race, title: 'Lisbon Half' }, fromName: 'Grace Hopper' },
      context,
    );

    expect(subject).toBe("You're registered: Lisbon Half");
    expect(text).toContain('Grace Hopper handed their place on to you.');
    expect(text).toContain('Your registration for this race is confirmed.');
    expect(text).toContain('Bib number: 57\n');
    expect(text).toContain('adds the race to your calendar');
  });

  it('tells the receiver of a paid place there is nothing to pay, without the sender’s payment or receipt', async () => {
    const paid = await renderMail(
      { ...payloads['transfer-received'], registration: { ...registration, bib: 57, payment: paidOnline } },
      context,
    );
    const dueOnSite = await renderMail(
      {
        ...payloads['transfer-received'],
        registration: { ...registration, bib: 57, payment: { ...awaitingPayment, paymentStatus: 'due' } },
      },
      context,
    );

    expect(paid.text).toContain('The place is already paid for: there is nothing for you to pay.');
    expect(paid.text).not.toMatch(/Amount paid|R-0042/);
    expect(dueOnSite.text).toContain('Entry fee: €45.00, to pay on site\n');
    expect(dueOnSite.text).not.toContain('already paid');
  });

  it('keeps a subject naming a long name and a long title within the longest subject, the name cut first', async () => {
    const name = `${'a'.repeat(30)} 🏃‍♀️`;
    const { subject } = await renderMail({ ...payloads['transfer-offered'], fromName: name }, context);

    expect(subject).toBe(`${'a'.repeat(23)}… offers you their place: ${longTitle.slice(0, 35).trimEnd()}…`);
  });
});
