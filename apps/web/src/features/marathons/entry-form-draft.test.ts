import {
  AGE_GROUP_PRESETS,
  DEFAULT_T_SHIRT_SIZES,
  NO_REGISTRATION_FIELDS,
  entryFormInputFields,
  type EntryForm,
} from '@stride/shared';
import { describe, expect, it } from 'vitest';
import {
  ageGroupPresetText,
  draftFieldNames,
  draftToEntryFormInput,
  draftToPreview,
  entryFormFieldOf,
  entryFormToDraft,
  getAgeGroupLabels,
  newEntryFormDraft,
  newQuestion,
  parseAgeGroups,
  reviveQuestion,
  withType,
} from './entry-form-draft';

const stored: EntryForm = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'optional',
    tShirtSize: 'required',
    emergencyContact: 'off',
  },
  tShirtSizes: ['S', 'M', 'L'],
  questions: [
    { id: 'club', label: 'Club', type: 'text', required: false, options: [] },
    { id: 'bus', label: 'Shuttle', type: 'select', required: true, options: ['7:00', '8:00'] },
    { id: 'photo', label: 'Photos may be taken', type: 'checkbox', required: true, options: [] },
  ],
  retiredQuestions: [{ id: 'old', label: 'Diet', type: 'text', required: false, options: [] }],
  waiver: { text: 'I run at my own risk.', version: 3 },
  minimumAge: 16,
  ageGroups: [0, 20, 30, 40],
};

const parsesAsInput = (input: unknown) =>
  Object.entries(entryFormInputFields).every(
    ([field, schema]) => schema.safeParse((input as Record<string, unknown>)[field]).success,
  );

describe('a new race’s entry form', () => {
  it('collects nothing, offers the default sizes, and sends the defaults', () => {
    const draft = newEntryFormDraft();
    expect(draftToEntryFormInput(draft)).toEqual({
      registrationFields: NO_REGISTRATION_FIELDS,
      tShirtSizes: DEFAULT_T_SHIRT_SIZES,
      questions: [],
      waiver: null,
      minimumAge: null,
      ageGroups: null,
    });
    expect(draft.tShirtSizes).not.toBe(DEFAULT_T_SHIRT_SIZES);
  });
});

describe('a stored race’s entry form', () => {
  it('is prefilled as typed: the waiver’s text, the minimum age and the bounds as text', () => {
    const draft = entryFormToDraft(stored);
    expect(draft).toMatchObject({
      registrationFields: stored.registrationFields,
      tShirtSizes: ['S', 'M', 'L'],
      waiver: 'I run at my own risk.',
      minimumAge: '16',
      ageGroups: '0, 20, 30, 40',
      retiredQuestions: stored.retiredQuestions,
    });
    expect(draft.questions.map(({ key, id }) => [key, id])).toEqual([
      ['club', 'club'],
      ['bus', 'bus'],
      ['photo', 'photo'],
    ]);
  });

  it('goes back with each question’s id, options only on a choice, and no waiver version', () => {
    const input = draftToEntryFormInput(entryFormToDraft(stored));
    expect(input).toEqual({
      registrationFields: stored.registrationFields,
      tShirtSizes: ['S', 'M', 'L'],
      questions: [
        { id: 'club', label: 'Club', type: 'text', required: false },
        { id: 'bus', label: 'Shuttle', type: 'select', required: true, options: ['7:00', '8:00'] },
        { id: 'photo', label: 'Photos may be taken', type: 'checkbox', required: true },
      ],
      waiver: { text: 'I run at my own risk.' },
      minimumAge: 16,
      ageGroups: [0, 20, 30, 40],
    });
    expect(parsesAsInput(input)).toBe(true);
  });

  it('keeps the ids of questions edited and moved, and sends a new one without an id', () => {
    const draft = entryFormToDraft(stored);
    const [club, bus, photo] = draft.questions;
    const added = { ...newQuestion(), label: 'Team name' };
    const input = draftToEntryFormInput({
      ...draft,
      questions: [{ ...bus!, label: 'Bus', options: ['7:00', '8:30'] }, added, club!, photo!],
    });
    expect(input.questions).toEqual([
      { id: 'bus', label: 'Bus', type: 'select', required: true, options: ['7:00', '8:30'] },
      { label: 'Team name', type: 'text', required: false },
      { id: 'club', label: 'Club', type: 'text', required: false },
      { id: 'photo', label: 'Photos may be taken', type: 'checkbox', required: true },
    ]);
    expect(parsesAsInput(input)).toBe(true);
  });

  it('asks a retired question again with its id, so its answers come back with it', () => {
    const revived = reviveQuestion(stored.retiredQuestions[0]!);
    expect(revived).toMatchObject({ key: 'old', id: 'old', label: 'Diet' });
    const draft = entryFormToDraft(stored);
    const input = draftToEntryFormInput({ ...draft, questions: [...draft.questions, revived] });
    expect(input.questions?.at(-1)).toEqual({ id: 'old', label: 'Diet', type: 'text', required: false });
  });

  it('sends an empty waiver, minimum age and age groups as none', () => {
    const draft = { ...entryFormToDraft(stored), waiver: '  \n', minimumAge: ' ', ageGroups: ' , ' };
    expect(draftToEntryFormInput(draft)).toMatchObject({ waiver: null, minimumAge: null, ageGroups: null });
  });
});

describe('a new question', () => {
  it('is a text one, optional, with a key of its own and no id', () => {
    const first = newQuestion();
    const second = newQuestion();
    expect(first).toMatchObject({ id: undefined, label: '', type: 'text', required: false, options: [] });
    expect(first.key).not.toBe(second.key);
  });

  it('made a choice gets two empty options to fill in, and keeps the options it had', () => {
    expect(withType(newQuestion(), 'select')).toEqual({ type: 'select', options: ['', ''] });
    const withOptions = { ...newQuestion(), type: 'select' as const, options: ['A', 'B', 'C'] };
    expect(withType(withOptions, 'checkbox')).toEqual({ type: 'checkbox', options: ['A', 'B', 'C'] });
    expect(withType({ ...withOptions, type: 'checkbox' }, 'select').options).toEqual(['A', 'B', 'C']);
  });

  it('that is no choice is sent without the options it kept', () => {
    const question = { ...newQuestion(), label: 'Agree', type: 'checkbox' as const, options: ['A', 'B'] };
    expect(draftToEntryFormInput({ ...newEntryFormDraft(), questions: [question] }).questions).toEqual([
      { label: 'Agree', type: 'checkbox', required: false },
    ]);
  });
});

describe('the age groups', () => {
  it('offer the 10-year and 5-year presets as the field shows them', () => {
    expect(ageGroupPresetText('tenYear')).toBe('0, 20, 30, 40, 50, 60, 70');
    expect(ageGroupPresetText('fiveYear')).toBe('0, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75');
    expect(parseAgeGroups(ageGroupPresetText('fiveYear'))).toEqual(AGE_GROUP_PRESETS.fiveYear);
  });

  it('read the bounds typed with commas or spaces; a part that is no whole number is refused', () => {
    expect(parseAgeGroups('0,20 30;  40')).toEqual([0, 20, 30, 40]);
    expect(parseAgeGroups('   ')).toBeNull();
    expect(parseAgeGroups('0, 2.5, x')).toEqual([0, Number.NaN, Number.NaN]);
    expect(entryFormInputFields.ageGroups.safeParse(parseAgeGroups('0, 2.5')).success).toBe(false);
  });

  it('show the labels of the groups typed, and none while the bounds are refused', () => {
    expect(getAgeGroupLabels(ageGroupPresetText('tenYear'))).toEqual([
      '0–19',
      '20–29',
      '30–39',
      '40–49',
      '50–59',
      '60–69',
      '70+',
    ]);
    expect(getAgeGroupLabels('18')).toEqual(['18+']);
    expect(getAgeGroupLabels('')).toBeNull();
    expect(getAgeGroupLabels('30, 20')).toBeNull();
    expect(getAgeGroupLabels('0, 100')).toBeNull();
  });
});

describe('the fields errors are shown beside', () => {
  it('name every control of the section, down to a question’s option', () => {
    const draft = entryFormToDraft(stored);
    const names = draftFieldNames(draft);
    for (const field of [
      'registrationFields.gender',
      'tShirtSizes',
      'tShirtSizes.2',
      'questions',
      'questions.1.id',
      'questions.1.label',
      'questions.1.options',
      'questions.1.options.1',
      'waiver.text',
      'minimumAge',
      'ageGroups',
    ]) {
      expect(names).toContain(field);
    }
    expect(names).not.toContain('tShirtSizes.3');
  });

  it('put a bad age bound on the Age groups field', () => {
    expect(entryFormFieldOf(['ageGroups', 2])).toEqual(['ageGroups']);
    expect(entryFormFieldOf(['questions', 1, 'options', 0])).toEqual(['questions', 1, 'options', 0]);
  });
});

describe('the preview', () => {
  const raceStart = { startDate: '2027-03-14T00:00:00.000Z', timeZone: 'Asia/Tokyo' };
  const unnamed = (position: number) => `Question ${position}`;

  it('shows the draft as the runner’s form: blank and repeated labels left out, an unnamed question by its place', () => {
    const draft = {
      ...entryFormToDraft(stored),
      tShirtSizes: ['S', ' ', 'S', 'M '],
      questions: [
        { ...newQuestion(), key: 'new-a', type: 'select' as const, options: ['Yes', '', 'Yes', 'No'] },
        { ...reviveQuestion(stored.questions[0]!), options: ['kept'] },
      ],
      waiver: '  Be careful.  ',
    };
    expect(draftToPreview(draft, raceStart, unnamed)).toEqual({
      registrationFields: stored.registrationFields,
      tShirtSizes: ['S', 'M'],
      questions: [
        { id: 'new-a', label: 'Question 1', type: 'select', required: false, options: ['Yes', 'No'] },
        { id: 'club', label: 'Club', type: 'text', required: false, options: [] },
      ],
      waiver: { text: 'Be careful.' },
      minimumAge: 16,
      ...raceStart,
    });
  });

  it('applies no minimum age the schema would refuse, and shows no waiver while its text is empty', () => {
    for (const minimumAge of ['', '0', '101', '2.5', 'ten']) {
      const draft = { ...newEntryFormDraft(), minimumAge };
      expect(draftToPreview(draft, raceStart, unnamed)).toMatchObject({ minimumAge: null, waiver: null });
    }
  });
});
