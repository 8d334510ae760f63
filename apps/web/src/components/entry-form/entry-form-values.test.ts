import { describe, expect, it } from 'vitest';
import { checkEntryDetails, ENTRY_MESSAGES, NO_REGISTRATION_FIELDS } from '@stride/shared';
import { ApiError } from '../../lib/api-client';
import { classifyApiFailure } from '../../lib/api-failure';
import {
  changedEntryDetails,
  EMPTY_ENTRY_FORM_VALUES,
  entryFieldNames,
  entryFormValuesOf,
  entryRulesOf,
  needsWaiverAcceptance,
  raceDayOf,
  toEntryDetails,
  tooYoungMessage,
  withEntryErrors,
  type EntryFormValues,
  type RaceEntryForm,
} from './entry-form-values';

const RACE: RaceEntryForm = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'optional',
    tShirtSize: 'required',
    emergencyContact: 'optional',
  },
  tShirtSizes: ['S', 'M', 'L'],
  questions: [
    { id: 'club', label: 'Club', type: 'text', required: false, options: [] },
    { id: 'wave', label: 'Start wave', type: 'select', required: true, options: ['A', 'B'] },
    { id: 'photo', label: 'Photos allowed', type: 'checkbox', required: false, options: [] },
  ],
  waiver: { text: 'I run at my own risk.', version: 2 },
  minimumAge: null,
  // 09:00 in Tokyo on 14 March is still 13 March in UTC.
  startDate: '2027-03-14T00:00:00.000Z',
  timeZone: 'Asia/Tokyo',
};

const FILLED: EntryFormValues = {
  dateOfBirth: '1990-05-17',
  gender: 'female',
  tShirtSize: 'M',
  emergencyContact: { name: ' Ann Lee ', phone: '+44 20 7946 0000' },
  answers: { club: '  Harriers ', wave: 'B', photo: true },
  waiverAccepted: true,
};

const STORED = {
  dateOfBirth: '1990-05-17',
  gender: 'female' as const,
  tShirtSize: 'M',
  emergencyContact: { name: 'Ann Lee', phone: '+44 20 7946 0000' },
  answers: { club: 'Harriers', wave: 'B', photo: true },
  waiverVersion: 2,
};

describe('toEntryDetails', () => {
  it('sends every field the race collects, trimmed, with every answer and the waiver box', () => {
    expect(toEntryDetails(RACE, FILLED)).toEqual({
      dateOfBirth: '1990-05-17',
      gender: 'female',
      tShirtSize: 'M',
      emergencyContact: { name: 'Ann Lee', phone: '+44 20 7946 0000' },
      answers: { club: 'Harriers', wave: 'B', photo: true },
      waiverAccepted: true,
    });
  });

  it('sends blanks as null, an unticked checkbox as false and no emergency contact as null', () => {
    expect(toEntryDetails(RACE, EMPTY_ENTRY_FORM_VALUES)).toEqual({
      dateOfBirth: null,
      gender: null,
      tShirtSize: null,
      emergencyContact: null,
      answers: { club: null, wave: null, photo: false },
      waiverAccepted: false,
    });
  });

  it('leaves out what the race does not collect', () => {
    const plain = { ...RACE, registrationFields: NO_REGISTRATION_FIELDS, questions: [], waiver: null };
    expect(toEntryDetails(plain, FILLED)).toEqual({});
  });

  it('asks the date of birth of a race with a minimum age, whatever its field says', () => {
    const race = { ...RACE, registrationFields: NO_REGISTRATION_FIELDS, minimumAge: 18 };
    expect(toEntryDetails(race, FILLED)).toMatchObject({ dateOfBirth: '1990-05-17' });
    expect(entryFieldNames(race)).toContain('dateOfBirth');
  });

  it('passes the shared rules once filled in, and fails them field by field when not', () => {
    expect(checkEntryDetails(entryRulesOf(RACE), toEntryDetails(RACE, FILLED), 'create').errors).toEqual([]);
    const { errors } = checkEntryDetails(
      entryRulesOf(RACE),
      toEntryDetails(RACE, EMPTY_ENTRY_FORM_VALUES),
      'create',
    );
    expect(errors.map((error) => error.field)).toEqual([
      'dateOfBirth',
      'tShirtSize',
      'answers.wave',
      'waiverAccepted',
    ]);
  });
});

describe('entryFormValuesOf and changedEntryDetails', () => {
  it('reads a stored registration back into the form', () => {
    expect(entryFormValuesOf(STORED)).toEqual({
      dateOfBirth: '1990-05-17',
      gender: 'female',
      tShirtSize: 'M',
      emergencyContact: { name: 'Ann Lee', phone: '+44 20 7946 0000' },
      answers: { club: 'Harriers', wave: 'B', photo: true },
      waiverAccepted: false,
    });
    expect(
      entryFormValuesOf({ ...STORED, dateOfBirth: null, gender: null, emergencyContact: null, answers: {} }),
    ).toMatchObject({ dateOfBirth: '', gender: '', emergencyContact: { name: '', phone: '' }, answers: {} });
  });

  it('sends nothing when nothing of the entry form changed', () => {
    expect(changedEntryDetails(RACE, entryFormValuesOf(STORED), STORED)).toEqual({});
  });

  it('sends only the fields and answers that changed, a cleared one as null', () => {
    const values = {
      ...entryFormValuesOf(STORED),
      tShirtSize: 'L',
      gender: '',
      answers: { club: 'Harriers', wave: 'A', photo: false },
    };
    expect(changedEntryDetails(RACE, values, STORED)).toEqual({
      gender: null,
      tShirtSize: 'L',
      answers: { wave: 'A', photo: false },
    });
  });

  it('counts a checkbox never answered as unticked', () => {
    const stored = { ...STORED, answers: { club: 'Harriers', wave: 'B' } };
    expect(changedEntryDetails(RACE, entryFormValuesOf(stored), stored)).toEqual({});
  });

  it('asks a newer waiver to be accepted again, and sends the box then', () => {
    const older = { ...STORED, waiverVersion: 1 };
    expect(needsWaiverAcceptance(RACE, STORED)).toBe(false);
    expect(needsWaiverAcceptance(RACE, older)).toBe(true);
    expect(needsWaiverAcceptance({ waiver: null }, { waiverVersion: null })).toBe(false);
    expect(changedEntryDetails(RACE, entryFormValuesOf(older), older)).toEqual({ waiverAccepted: false });
    expect(changedEntryDetails(RACE, { ...entryFormValuesOf(older), waiverAccepted: true }, older)).toEqual({
      waiverAccepted: true,
    });
  });
});

describe('the minimum age', () => {
  const race = { ...RACE, minimumAge: 18 };

  it('counts on the race day where it is run', () => {
    expect(raceDayOf(race)).toBe('2027-03-14');
    expect(raceDayOf({ startDate: '', timeZone: 'UTC' })).toBeNull();
  });

  it('says so as soon as a whole day of birth makes the runner too young', () => {
    expect(tooYoungMessage(race, '2009-03-15')).toBe(ENTRY_MESSAGES.tooYoung(18, '2027-03-14'));
    // 18 on race day itself.
    expect(tooYoungMessage(race, '2009-03-14')).toBeNull();
    expect(tooYoungMessage(race, '2009-03')).toBeNull();
    expect(tooYoungMessage(RACE, '2020-01-01')).toBeNull();
  });
});

describe('errors beside their fields', () => {
  const fields = ['firstName', ...entryFieldNames(RACE)];

  it('names every field the race collects, in the form’s order', () => {
    expect(entryFieldNames(RACE)).toEqual([
      'dateOfBirth',
      'gender',
      'tShirtSize',
      'emergencyContact.name',
      'emergencyContact.phone',
      'answers.club',
      'answers.wave',
      'answers.photo',
      'waiverAccepted',
    ]);
  });

  it('keeps the server’s first message per field of the form', () => {
    const error = new ApiError(400, 'Validation failed', [
      { field: 'emergencyContact.phone', message: 'Emergency Contact Phone is required' },
      { field: 'answers.wave', message: 'Start wave is required' },
      { field: 'answers.wave', message: 'second' },
      { field: 'waiverAccepted', message: ENTRY_MESSAGES.waiver },
    ]);
    expect(classifyApiFailure(error, fields)).toEqual({
      kind: 'fields',
      fieldErrors: {
        'emergencyContact.phone': 'Emergency Contact Phone is required',
        'answers.wave': 'Start wave is required',
        waiverAccepted: ENTRY_MESSAGES.waiver,
      },
    });
  });

  it('adds the rules’ problems to the other fields’ parse', () => {
    const entryErrors = [{ field: 'answers.wave', message: 'Start wave is required' }];
    expect(withEntryErrors({ success: true, data: 1 }, [])).toEqual({ success: true, data: 1 });
    expect(withEntryErrors({ success: true, data: 1 }, entryErrors)).toEqual({
      success: false,
      error: { issues: [{ path: ['answers.wave'], message: 'Start wave is required' }] },
    });
    expect(
      withEntryErrors(
        { success: false, error: { issues: [{ path: ['firstName'], message: 'First Name is required' }] } },
        entryErrors,
      ),
    ).toEqual({
      success: false,
      error: {
        issues: [
          { path: ['firstName'], message: 'First Name is required' },
          { path: ['answers.wave'], message: 'Start wave is required' },
        ],
      },
    });
  });
});
