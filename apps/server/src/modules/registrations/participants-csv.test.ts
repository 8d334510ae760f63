import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  type Participant,
} from '@stride/shared';
import { csvCell, csvLine, slugify } from '../../lib/csv.js';
import {
  type CsvRace,
  amountCell,
  participantsCsvStart,
  participantCsvLine,
  participantsCsvFilename,
} from './participants-csv.js';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [42, '42'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['Zoë 🏃‍♀️ 北京', 'Zoë 🏃‍♀️ 北京'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555-010-0199', "'+1 555-010-0199"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindented', "'\tindented"],
    ['\rreturn', `"'\rreturn"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('defuses the formula start of %j: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves formula characters alone after the first', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
  });
});

describe('the CSV lines', () => {
  const participant: Participant = {
    _id: 'id-1',
    status: 'waitlisted',
    bib: null,
    waitlistPosition: 3,
    firstName: '=Ada, "the first"',
    lastName: 'Lovelace\nByron',
    email: 'ada@example.com',
    contact: '+44 20 7946 0000',
    info: 'Zoë 🏃‍♀️',
    timestamp: '2027-05-01T09:00:00.000Z',
    dateOfBirth: '1990-02-28',
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: { name: '@Byron', phone: '+44 20 7946 0001' },
    answers: { q1: '=cmd|calc', q2: true, q3: 'Old, "quoted"' },
    ageOnRaceDay: 37,
    ageGroup: '30–39',
    waiverVersion: 2,
    waiverAcceptedAt: '2027-05-01T09:30:00.000Z',
    paymentMethod: 'online',
    paymentStatus: 'partially_refunded',
    amountDue: 4500,
    amountPaid: 4500,
    amountRefunded: 2250,
    currency: 'EUR',
    discountCode: '-EARLY',
    receiptNumber: '7',
    holdExpiresAt: null,
    checkedInAt: '2027-05-02T07:42:00.000Z',
    ballot: null,
    transferredFrom: [],
  };
  const question = (id: string, label: string, type: 'text' | 'checkbox') => ({
    id,
    label,
    type,
    required: false,
    options: [],
  });
  const race = (timeZone: string): CsvRace => ({
    timeZone,
    questions: [
      question('q2', 'Shuttle, please', 'checkbox'),
      question('q1', 'Club', 'text'),
      question('q4', 'Bus', 'checkbox'),
    ],
    retiredQuestions: [question('q3', 'Old question', 'text')],
  });

  it('start with a byte order mark and the header, each line ending in CRLF', () => {
    expect(participantsCsvStart(race('UTC'))).toBe(
      `\uFEFF${[...PARTICIPANTS_CSV_HEADER, ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER, ...PARTICIPANTS_CSV_PAYMENT_HEADER, ...PARTICIPANTS_CSV_CHECKIN_HEADER].join(',')},"Shuttle, please",Club,Bus,Old question (retired)\r\n`,
    );
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('read back through a CSV parser as the values, formulas defused', () => {
    const records = parse(participantsCsvStart(race('UTC')) + participantCsvLine(participant, race('UTC')), {
      bom: true,
    });

    expect(records).toEqual([
      [
        ...PARTICIPANTS_CSV_HEADER,
        ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
        ...PARTICIPANTS_CSV_PAYMENT_HEADER,
        ...PARTICIPANTS_CSV_CHECKIN_HEADER,
        'Shuttle, please',
        'Club',
        'Bus',
        'Old question (retired)',
      ],
      [
        '',
        'waitlisted',
        '3',
        `'=Ada, "the first"`,
        'Lovelace\nByron',
        'ada@example.com',
        "'+44 20 7946 0000",
        'Zoë 🏃‍♀️',
        '2027-05-01T09:00:00.000Z',
        '1990-02-28',
        '37',
        '30–39',
        'female',
        'M',
        "'@Byron",
        "'+44 20 7946 0001",
        '2',
        '2027-05-01T09:30:00.000Z',
        // The payment: amounts in euros with their cents, a code starting with a formula character defused.
        ...['partially_refunded', '45.00', '45.00', '22.50', 'EUR', "'-EARLY", '7'],
        // Checked in: ISO 8601 in UTC, whatever the race's zone.
        '2027-05-02T07:42:00.000Z',
        // Questions in form order (a checkbox as yes/no, one unanswered empty), the retired one's answer last.
        'yes',
        "'=cmd|calc",
        '',
        'Old, "quoted"',
      ],
    ]);
  });

  it('write the registration and waiver times as the race’s clocks read them, with their offset', () => {
    const lisbon = race('Europe/Lisbon');
    const [header, cells] = parse(participantsCsvStart(lisbon) + participantCsvLine(participant, lisbon), {
      bom: true,
    }) as string[][];
    const cell = (name: string) => cells![header!.indexOf(name)];
    expect(cell('Registered At')).toBe('2027-05-01T10:00:00+01:00');
    expect(cell('Waiver Accepted At')).toBe('2027-05-01T10:30:00+01:00');
    expect(cell('Checked In At')).toBe('2027-05-02T07:42:00.000Z');
  });

  it('leave Checked In At empty for a runner not checked in', () => {
    const [header, cells] = parse(
      participantsCsvStart(race('UTC')) +
        participantCsvLine({ ...participant, checkedInAt: null }, race('UTC')),
      { bom: true },
    ) as string[][];
    expect(cells![header!.indexOf('Checked In At')]).toBe('');
  });
});

describe('amountCell', () => {
  it.each([
    [4500, 'EUR', '45.00'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [10_000_000, 'USD', '100000.00'],
    [4500, 'JPY', '4500'],
    [0, 'JPY', '0'],
    [4500, 'KWD', '4.500'],
  ])('writes %i %s as %j', (amount, currency, cell) => {
    expect(amountCell(amount, currency)).toBe(cell);
  });

  it('is empty for an entry without a currency', () => {
    expect(amountCell(0, null)).toBeNull();
  });
});

describe('the file name', () => {
  it.each([
    ['Berlin Marathon 2027', 'berlin-marathon-2027'],
    ['  Zürich Night Run: 10K "Édition"!  ', 'zurich-night-run-10k-edition'],
    ['Ærøskøbing -- Çeşme / São Paulo', 'r-sk-bing-cesme-sao-paulo'],
    ['東京マラソン', 'race'],
    ['🏃‍♀️🏃', 'race'],
    ['---', 'race'],
  ])('of %j is %j-participants.csv', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(participantsCsvFilename(title)).toBe(`${slug}-participants.csv`);
  });
});
