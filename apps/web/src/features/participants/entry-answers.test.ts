import { describe, expect, it } from 'vitest';
import { NO_REGISTRATION_FIELDS, type Participant } from '@stride/shared';
import {
  deskFieldsOf,
  genderLabel,
  participantDetails,
  totalsRows,
  totalsTablesOf,
  type DeskRace,
} from './entry-answers';

const PLAIN: DeskRace = {
  timeZone: 'Europe/Lisbon',
  registrationFields: NO_REGISTRATION_FIELDS,
  tShirtSizes: ['S', 'M', 'L'],
  questions: [],
  retiredQuestions: [],
  waiver: null,
  minimumAge: null,
  ageGroups: null,
};

const FULL: DeskRace = {
  ...PLAIN,
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'optional',
    tShirtSize: 'required',
    emergencyContact: 'optional',
  },
  questions: [
    { id: 'club', label: 'Club', type: 'text', required: false, options: [] },
    { id: 'photo', label: 'Photos allowed', type: 'checkbox', required: false, options: [] },
  ],
  retiredQuestions: [
    { id: 'bus', label: 'Bus to the start', type: 'checkbox', required: false, options: [] },
  ],
  waiver: { text: 'At my own risk.', version: 2 },
  ageGroups: [0, 20, 30],
};

const RUNNER: Participant = {
  _id: 'r1',
  status: 'registered',
  bib: 7,
  waitlistPosition: null,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  contact: '+351 912 345 678',
  info: '',
  timestamp: '2027-01-10T10:00:00.000Z',
  dateOfBirth: '1990-05-17',
  gender: 'female',
  tShirtSize: 'M',
  emergencyContact: { name: 'Bo Lee', phone: '+351 913 000 000' },
  answers: { photo: false, bus: true },
  ageOnRaceDay: 36,
  ageGroup: '30+',
  waiverVersion: 2,
  waiverAcceptedAt: '2027-01-10T10:00:00.000Z',
  paymentMethod: null,
  paymentStatus: 'free',
  amountDue: 0,
  amountPaid: 0,
  amountRefunded: 0,
  currency: null,
  discountCode: null,
  receiptNumber: null,
  holdExpiresAt: null,
  checkedInAt: null,
  ballot: null,
  transferredFrom: [],
};

describe('deskFieldsOf', () => {
  it('shows nothing of the entry form for a race that collects nothing', () => {
    expect(deskFieldsOf(PLAIN)).toEqual({
      gender: false,
      tShirtSize: false,
      ageGroup: false,
      details: false,
    });
  });

  it('shows what the race collects; age groups need a date of birth', () => {
    expect(deskFieldsOf(FULL)).toEqual({ gender: true, tShirtSize: true, ageGroup: true, details: true });
    const noBirthday = {
      ...FULL,
      registrationFields: { ...FULL.registrationFields, dateOfBirth: 'off' as const },
    };
    expect(deskFieldsOf(noBirthday).ageGroup).toBe(false);
    // A minimum age asks the date of birth whatever its field says.
    expect(deskFieldsOf({ ...noBirthday, minimumAge: 18 }).ageGroup).toBe(true);
  });
});

describe('totals', () => {
  it('lists the race’s values in its order, 0 where none, then any other counted value, then the unanswered', () => {
    expect(totalsRows({ L: 2, XXL: 1, S: 4, unanswered: 3 }, ['S', 'M', 'L'])).toEqual([
      { value: 'S', label: 'S', count: 4 },
      { value: 'M', label: 'M', count: 0 },
      { value: 'L', label: 'L', count: 2 },
      { value: 'XXL', label: 'XXL', count: 1 },
      { value: 'unanswered', label: 'Unanswered', count: 3 },
    ]);
  });

  it('names genders as people read them', () => {
    expect(genderLabel('nonbinary')).toBe('Non-binary');
    expect(genderLabel('unanswered')).toBe('Unanswered');
  });

  it('has a table per answer the race collects', () => {
    const stats = {
      tShirtSizes: { S: 1, M: 2, L: 0, unanswered: 0 },
      genders: { female: 2, male: 1, nonbinary: 0, unanswered: 0 },
      ageGroups: { '0–19': 0, '20–29': 1, '30+': 2, unanswered: 0 },
    };
    expect(totalsTablesOf(PLAIN, stats)).toEqual([]);
    const tables = totalsTablesOf(FULL, stats);
    expect(tables.map((table) => table.caption)).toEqual(['T-shirt sizes', 'Genders', 'Age groups']);
    expect(tables[1]!.rows.map((row) => [row.label, row.count])).toEqual([
      ['Female', 2],
      ['Male', 1],
      ['Non-binary', 0],
      ['Unanswered', 0],
    ]);
    expect(tables[2]!.rows.map((row) => row.label)).toEqual(['0–19', '20–29', '30+', 'Unanswered']);
    // Counts add up to the registered runners in every table.
    for (const table of tables) expect(table.rows.reduce((sum, row) => sum + row.count, 0)).toBe(3);
  });
});

describe('participantDetails', () => {
  it('lists the answers beyond the table’s columns, retired ones given, and the waiver accepted', () => {
    expect(participantDetails(RUNNER, FULL)).toEqual([
      { term: 'Date of Birth', description: '1990-05-17' },
      { term: 'Age on race day', description: '36' },
      { term: 'Emergency Contact Name', description: 'Bo Lee' },
      { term: 'Emergency Contact Phone', description: '+351 913 000 000' },
      { term: 'Club', description: '-' },
      { term: 'Photos allowed', description: 'No' },
      { term: 'Bus to the start (retired)', description: 'Yes' },
      { term: 'Waiver version', description: '2' },
      { term: 'Waiver accepted at', description: 'Sun 10 Jan 2027, 10:00 WET' },
    ]);
  });

  it('says - where the runner gave nothing', () => {
    const blank = {
      ...RUNNER,
      dateOfBirth: null,
      ageOnRaceDay: null,
      emergencyContact: null,
      answers: {},
      waiverVersion: null,
      waiverAcceptedAt: null,
    };
    expect(participantDetails(blank, FULL).map((item) => item.description)).toEqual([
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
    ]);
  });
});
