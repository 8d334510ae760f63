import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { PARTICIPANTS_CSV_HEADER, type Participant } from '@stride/shared';
import {
  PARTICIPANTS_CSV_START,
  csvCell,
  csvLine,
  participantCsvLine,
  participantsCsvFilename,
  slugify,
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
  };

  it('start with a byte order mark and the header, each line ending in CRLF', () => {
    expect(PARTICIPANTS_CSV_START).toBe(`\uFEFF${PARTICIPANTS_CSV_HEADER.join(',')}\r\n`);
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('read back through a CSV parser as the values, formulas defused', () => {
    const records = parse(PARTICIPANTS_CSV_START + participantCsvLine(participant, 'UTC'), { bom: true });

    expect(records).toEqual([
      [...PARTICIPANTS_CSV_HEADER],
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
      ],
    ]);
  });

  it('write the registration time as the race’s clocks read it, with their offset', () => {
    const [, cells] = parse(PARTICIPANTS_CSV_START + participantCsvLine(participant, 'Europe/Lisbon'), {
      bom: true,
    }) as string[][];
    expect(cells!.at(-1)).toBe('2027-05-01T10:00:00+01:00');
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
