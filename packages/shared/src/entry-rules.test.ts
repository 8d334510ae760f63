import { describe, expect, it } from 'vitest';
import {
  type EntryFormRules,
  ageGroupLabels,
  ageGroupOf,
  ageOn,
  ageRangeOf,
  birthDaysForAges,
  checkEntryDetails,
  yearsBefore,
} from './entry-rules.js';

describe('ageOn', () => {
  it.each([
    ['1990-03-14', '2027-03-14', 37],
    ['1990-03-15', '2027-03-14', 36],
    ['1990-02-14', '2027-03-14', 37],
    // A 29 February birthday counts on 1 March in other years, as PostgreSQL's age() does.
    ['2000-02-29', '2027-02-28', 26],
    ['2000-02-29', '2027-03-01', 27],
    ['2000-02-29', '2028-02-29', 28],
    ['2027-03-14', '2027-03-14', 0],
  ])('born %s is %i on %s', (born, day, age) => {
    expect(ageOn(born, day)).toBe(age);
  });
});

describe('age groups', () => {
  const bounds = [0, 20, 30, 40, 50, 60, 70];

  it('are labelled by their bounds with an en dash, the last open-ended', () => {
    expect(ageGroupLabels(bounds)).toEqual(['0–19', '20–29', '30–39', '40–49', '50–59', '60–69', '70+']);
    expect(ageGroupLabels([18])).toEqual(['18+']);
  });

  it.each([
    [19, '0–19'],
    [20, '20–29'],
    [69, '60–69'],
    [70, '70+'],
    [104, '70+'],
  ])('put %i in %s', (age, group) => {
    expect(ageGroupOf(age, bounds)).toBe(group);
  });

  it('leave a runner younger than the first bound, without a birth date or in a race without groups in none', () => {
    expect(ageGroupOf(15, [16, 30])).toBeNull();
    expect(ageGroupOf(null, bounds)).toBeNull();
    expect(ageGroupOf(30, null)).toBeNull();
  });

  it('read a label back as its ages, and nothing for a label the race has not', () => {
    expect(ageRangeOf('20–29', bounds)).toEqual({ min: 20, max: 29 });
    expect(ageRangeOf('70+', bounds)).toEqual({ min: 70, max: null });
    expect(ageRangeOf('20-29', bounds)).toBeNull();
    expect(ageRangeOf('20–29', null)).toBeNull();
  });
});

describe('birth days for ages', () => {
  it('go back whole years, 29 February to 28 February in other years', () => {
    expect(yearsBefore('2027-03-14', 30)).toBe('1997-03-14');
    expect(yearsBefore('2028-02-29', 1)).toBe('2027-02-28');
    expect(yearsBefore('2028-02-29', 4)).toBe('2024-02-29');
  });

  it('bound exactly the runners of an age range on race day', () => {
    const raceDay = '2027-03-14';
    const { bornBy, bornAfter } = birthDaysForAges(raceDay, 30, 39);
    expect(ageOn(bornBy, raceDay)).toBe(30);
    expect(ageOn(yearsBefore(raceDay, 30).replace(/14$/, '15'), raceDay)).toBe(29);
    expect(ageOn(bornAfter!, raceDay)).toBe(40);
    expect(birthDaysForAges(raceDay, 70, null).bornAfter).toBeNull();
  });
});

describe('checkEntryDetails', () => {
  const form: EntryFormRules = {
    registrationFields: {
      dateOfBirth: 'required',
      gender: 'optional',
      tShirtSize: 'required',
      emergencyContact: 'optional',
    },
    tShirtSizes: ['S', 'M', 'L'],
    questions: [
      { id: 'qclub', label: 'Running club', type: 'text', required: false, options: [] },
      { id: 'qbus', label: 'Shuttle bus', type: 'select', required: true, options: ['Morning', 'Evening'] },
      { id: 'qrules', label: 'I know the course rules', type: 'checkbox', required: true, options: [] },
    ],
    waiver: { version: 3 },
    minimumAge: 18,
    raceDay: '2027-03-14',
  };

  it('reports every missing required field on entry, each with its field', () => {
    const { errors } = checkEntryDetails(form, {}, 'create');
    expect(errors).toEqual([
      { field: 'dateOfBirth', message: 'Date of Birth is required' },
      { field: 'tShirtSize', message: 'T-shirt Size is required' },
      { field: 'answers.qbus', message: 'Shuttle bus is required' },
      { field: 'answers.qrules', message: 'I know the course rules is required' },
      { field: 'waiverAccepted', message: 'You must accept the waiver' },
    ]);
  });

  it('turns a complete entry into the change to store, blanks as null', () => {
    const { errors, change } = checkEntryDetails(
      form,
      {
        dateOfBirth: '1990-05-17',
        gender: '',
        tShirtSize: 'M',
        emergencyContact: { name: ' Sam ', phone: '+44 20 7946 0000' },
        answers: { qclub: ' Harriers ', qbus: 'Morning', qrules: true },
        waiverAccepted: true,
      },
      'create',
    );
    expect(errors).toEqual([]);
    expect(change).toEqual({
      dateOfBirth: '1990-05-17',
      gender: null,
      tShirtSize: 'M',
      emergencyContactName: 'Sam',
      emergencyContactPhone: '+44 20 7946 0000',
      answers: { qclub: 'Harriers', qbus: 'Morning', qrules: true },
      waiverVersion: 3,
    });
  });

  it('refuses a runner too young on race day, a size or option the race has not, and unknown questions', () => {
    const { errors } = checkEntryDetails(
      form,
      {
        dateOfBirth: '2009-03-15',
        tShirtSize: 'XL',
        emergencyContact: { name: 'Sam', phone: '' },
        answers: { qbus: 'Noon', qrules: false, qgone: 'x' },
        waiverAccepted: false,
      },
      'create',
    );
    expect(errors).toEqual([
      {
        field: 'dateOfBirth',
        message: 'You must be at least 18 on race day (2027-03-14) to enter this race',
      },
      { field: 'tShirtSize', message: 'T-shirt Size must be one of S, M, L' },
      { field: 'emergencyContact.phone', message: 'Emergency Contact Phone is required' },
      { field: 'answers.qgone', message: 'Unknown question' },
      { field: 'answers.qbus', message: 'Shuttle bus must be one of Morning, Evening' },
      { field: 'answers.qrules', message: 'I know the course rules is required' },
      { field: 'waiverAccepted', message: 'You must accept the waiver' },
    ]);
    // Eighteen on race day itself is old enough.
    expect(checkEntryDetails(form, { dateOfBirth: '2009-03-14' }, 'update').errors).toEqual([]);
  });

  it('checks only what a change sends, and ignores what the race does not collect', () => {
    const off: EntryFormRules = {
      ...form,
      registrationFields: { dateOfBirth: 'off', gender: 'off', tShirtSize: 'off', emergencyContact: 'off' },
      minimumAge: null,
      waiver: null,
    };
    expect(checkEntryDetails(form, { answers: { qclub: null } }, 'update')).toEqual({
      errors: [],
      change: { answers: { qclub: null } },
    });
    expect(
      checkEntryDetails(
        off,
        { gender: 'female', tShirtSize: 'XXXL', answers: { qbus: 'Evening', qrules: true } },
        'create',
      ),
    ).toEqual({ errors: [], change: { answers: { qclub: null, qbus: 'Evening', qrules: true } } });
    expect(checkEntryDetails(off, { gender: 'female', tShirtSize: 'XXXL' }, 'update')).toEqual({
      errors: [],
      change: {},
    });
  });
});
