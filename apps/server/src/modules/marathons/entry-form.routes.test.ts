import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_GROUP_PRESETS,
  type CreateMarathonInput,
  DEFAULT_T_SHIRT_SIZES,
  type Marathon,
} from '@stride/shared';
import {
  type Actor,
  type MarathonOverrides,
  DAY_MS,
  createMarathon,
  errorFields,
  findMyRegistrations,
  getMarathon,
  insertSignedInUsers,
  marathonInput,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { QUESTION_ID_PATTERN } from '../../testing/entry-form-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

/**
 * Issue 31, the race's side: the entry form as a race is added and changed (registrationFields, tShirtSizes,
 * questions, waiver, minimumAge, ageGroups), as every read shows it, and every bad value refused naming its field.
 */
const main = useTestApp();
let organizer: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  [organizer, other] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

const inject = (options: InjectOptions) => main.current.app.inject(options);
const addMarathon = (payload: object, actor: Actor = organizer) =>
  inject({ method: 'POST', url: '/api/add-marathon', headers: bearerHeaders(actor.token), payload });
const patchMarathon = (id: string, payload: object, actor: Actor = organizer) =>
  inject({ method: 'PATCH', url: `/api/marathons/${id}`, headers: bearerHeaders(actor.token), payload });
const newRace = (overrides: MarathonOverrides = {}) => createMarathon(main.current.app, organizer, overrides);

/** The race after a PATCH that must succeed. */
async function changeRace(id: string, payload: object): Promise<Marathon> {
  const response = await patchMarathon(id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ marathon: Marathon }>().marathon;
}

const ENTRY_FORM_KEYS = [
  'registrationFields',
  'tShirtSizes',
  'questions',
  'retiredQuestions',
  'waiver',
  'minimumAge',
  'ageGroups',
] as const;
type EntryFormOf = Pick<Marathon, (typeof ENTRY_FORM_KEYS)[number]>;
const formOf = (race: Marathon): EntryFormOf =>
  Object.fromEntries(ENTRY_FORM_KEYS.map((key) => [key, race[key]])) as EntryFormOf;

/** The race's entry form as each read shows it: the race, the list of all races, the organizer's own races. */
async function formOnEveryRead(
  id: string,
): Promise<{ race: EntryFormOf; list: EntryFormOf; myMarathons: EntryFormOf }> {
  const one = await getMarathon(main.current.app, id);
  const listed = await inject({ url: '/api/marathons?limit=100' });
  const own = await inject({ url: '/api/my-marathons', headers: bearerHeaders(organizer.token) });
  const find = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    const race = response.json<Marathon[]>().find((each) => each._id === id);
    expect(race, `race ${id} in ${response.body.slice(0, 200)}`).toBeDefined();
    return formOf(race!);
  };
  return { race: formOf(one!), list: find(listed), myMarathons: find(own) };
}

const everywhere = (form: EntryFormOf) => ({ race: form, list: form, myMarathons: form });

const DEFAULT_FORM: EntryFormOf = {
  registrationFields: { dateOfBirth: 'off', gender: 'off', tShirtSize: 'off', emergencyContact: 'off' },
  tShirtSizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  questions: [],
  retiredQuestions: [],
  waiver: null,
  minimumAge: null,
  ageGroups: null,
};

const QUESTIONS: NonNullable<CreateMarathonInput['questions']> = [
  { label: 'Running club', type: 'text' },
  { label: 'Shuttle bus', type: 'select', required: true, options: ['Morning', 'Evening'] },
  { label: 'Vegetarian meal', type: 'checkbox', required: false },
];
const ASKED = [
  {
    id: expect.stringMatching(QUESTION_ID_PATTERN),
    label: 'Running club',
    type: 'text',
    required: false,
    options: [],
  },
  {
    id: expect.stringMatching(QUESTION_ID_PATTERN),
    label: 'Shuttle bus',
    type: 'select',
    required: true,
    options: ['Morning', 'Evening'],
  },
  {
    id: expect.stringMatching(QUESTION_ID_PATTERN),
    label: 'Vegetarian meal',
    type: 'checkbox',
    required: false,
    options: [],
  },
];
const WAIVER = 'I take part at my own risk and follow the marshals’ instructions.';

const FULL_FORM_INPUT = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'optional',
    tShirtSize: 'required',
    emergencyContact: 'optional',
  },
  tShirtSizes: ['S', 'M', 'L'],
  questions: QUESTIONS,
  waiver: { text: WAIVER },
  minimumAge: 16,
  ageGroups: [...AGE_GROUP_PRESETS.tenYear],
} satisfies Partial<CreateMarathonInput>;

/** A question as the update body sends it back: its id, label, type, required and options. */
const sentBack = ({ id, label, type, required, options }: Marathon['questions'][number]) => ({
  id,
  label,
  type,
  required,
  ...(type === 'select' && { options }),
});

describe('a race added without the entry form', () => {
  it('collects nothing: every field off, the default sizes, no questions, waiver, minimum age or age groups, on every read', async () => {
    const race = await newRace();

    expect(formOf(race)).toEqual(DEFAULT_FORM);
    expect(DEFAULT_FORM.tShirtSizes).toEqual(DEFAULT_T_SHIRT_SIZES);
    expect(await formOnEveryRead(race._id)).toEqual(everywhere(DEFAULT_FORM));
  });

  it('keeps the defaults through a change of other fields', async () => {
    const race = await newRace();

    const changed = await changeRace(race._id, { title: 'Renamed race', capacity: 50 });

    expect(formOf(changed)).toEqual(DEFAULT_FORM);
  });
});

describe('a race added with the entry form', () => {
  it('keeps every value as sent, the server giving each question an id and its defaults, on every read', async () => {
    const response = await addMarathon(marathonInput({ ...FULL_FORM_INPUT }));

    expect(response.statusCode, response.body).toBe(201);
    const race = response.json<Marathon>();
    const expected = {
      registrationFields: { ...FULL_FORM_INPUT.registrationFields },
      tShirtSizes: ['S', 'M', 'L'],
      questions: ASKED,
      retiredQuestions: [],
      waiver: { text: WAIVER, version: 1 },
      minimumAge: 16,
      ageGroups: [0, 20, 30, 40, 50, 60, 70],
    };
    expect(formOf(race)).toEqual(expected);
    expect(await formOnEveryRead(race._id)).toEqual(everywhere(formOf(race)));
  });

  it('gives 20 questions 20 distinct short ids', async () => {
    const race = await newRace({
      questions: Array.from({ length: 20 }, (_, n) => ({
        label: `Question ${n + 1}`,
        type: 'text' as const,
      })),
    });

    const ids = race.questions.map((question) => question.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(id).toMatch(QUESTION_ID_PATTERN);
  });

  it('takes the whole-form presets for age groups and trims labels', async () => {
    const race = await newRace({
      ageGroups: [...AGE_GROUP_PRESETS.fiveYear],
      tShirtSizes: ['  S ', 'M'],
      questions: [{ label: '  Running club  ', type: 'text' }],
    });

    expect(race.ageGroups).toEqual([0, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]);
    expect(race.tShirtSizes).toEqual(['S', 'M']);
    expect(race.questions.map((question) => question.label)).toEqual(['Running club']);
  });
});

describe('an update of the form and other fields at once', () => {
  it('saves both: the form, the title, the dates and the limit', async () => {
    const race = await newRace({ ...FULL_FORM_INPUT });
    const dates = {
      startRegDate: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      endRegDate: new Date(Date.now() - DAY_MS).toISOString(),
      startDate: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    };

    const changed = await changeRace(race._id, {
      ...dates,
      title: 'Both at once',
      capacity: 20,
      waiver: { text: 'A newer waiver.' },
      minimumAge: 18,
    });

    const expected = {
      ...dates,
      title: 'Both at once',
      capacity: 20,
      waiver: { text: 'A newer waiver.', version: 2 },
      minimumAge: 18,
    };
    expect(changed).toMatchObject(expected);
    expect(await getMarathon(main.current.app, race._id)).toMatchObject(expected);
  });
});

describe('registrationFields', () => {
  it('changes only the keys an update sends; an update without it keeps them', async () => {
    const race = await newRace();

    const first = await changeRace(race._id, { registrationFields: { gender: 'required' } });
    const second = await changeRace(race._id, {
      registrationFields: { tShirtSize: 'optional', dateOfBirth: 'required' },
    });
    const third = await changeRace(race._id, { title: 'Only the title', registrationFields: {} });
    const fourth = await changeRace(race._id, { registrationFields: { gender: 'off' } });

    expect(first.registrationFields).toEqual({
      dateOfBirth: 'off',
      gender: 'required',
      tShirtSize: 'off',
      emergencyContact: 'off',
    });
    const afterSecond = {
      dateOfBirth: 'required',
      gender: 'required',
      tShirtSize: 'optional',
      emergencyContact: 'off',
    };
    expect(second.registrationFields).toEqual(afterSecond);
    expect(third.registrationFields).toEqual(afterSecond);
    expect(fourth.registrationFields).toEqual({ ...afterSecond, gender: 'off' });
    expect((await getMarathon(main.current.app, race._id))!.registrationFields).toEqual(
      fourth.registrationFields,
    );
  });

  it('takes each of off, optional and required for each field, left-out keys off on add', async () => {
    const race = await newRace({ registrationFields: { emergencyContact: 'required', gender: 'optional' } });

    expect(race.registrationFields).toEqual({
      dateOfBirth: 'off',
      gender: 'optional',
      tShirtSize: 'off',
      emergencyContact: 'required',
    });
  });
});

/** Refusals of a bad value: on add (nothing added) and on update (nothing changed). */
type Refusal = [description: string, body: Record<string, unknown>, errors: Array<[string, string]>];

const REFUSALS: Refusal[] = [
  [
    'registrationFields.gender "mandatory"',
    { registrationFields: { gender: 'mandatory' } },
    [['registrationFields.gender', 'gender must be off, optional or required']],
  ],
  [
    'registrationFields.dateOfBirth true',
    { registrationFields: { dateOfBirth: true } },
    [['registrationFields.dateOfBirth', 'dateOfBirth must be off, optional or required']],
  ],
  [
    'registrationFields as text',
    { registrationFields: 'required' },
    [
      [
        'registrationFields',
        'registrationFields must be an object of dateOfBirth, gender, tShirtSize, emergencyContact',
      ],
    ],
  ],
  ['no T-shirt sizes', { tShirtSizes: [] }, [['tShirtSizes', 'T-shirt sizes must have at least 1']]],
  [
    '13 T-shirt sizes',
    { tShirtSizes: Array.from({ length: 13 }, (_, n) => `S${n}`) },
    [['tShirtSizes', 'T-shirt sizes must have at most 12']],
  ],
  [
    'a T-shirt size twice',
    { tShirtSizes: ['S', 'M', 'S'] },
    [['tShirtSizes.2', 'T-shirt sizes must be distinct: “S” is twice']],
  ],
  [
    'a T-shirt size twice in other letter case',
    { tShirtSizes: ['M', 'm'] },
    [['tShirtSizes.1', 'T-shirt sizes must be distinct: “m” is twice']],
  ],
  ['a blank T-shirt size', { tShirtSizes: ['S', ' '] }, [['tShirtSizes.1', 'A T-shirt size is required']]],
  [
    'a T-shirt size of 11 characters',
    { tShirtSizes: ['XXXXXXXXXXL'] },
    [['tShirtSizes.0', 'A T-shirt size must be at most 10 characters']],
  ],
  ['T-shirt sizes as text', { tShirtSizes: 'S,M,L' }, [['tShirtSizes', 'T-shirt sizes must be a list']]],
  ['T-shirt sizes null', { tShirtSizes: null }, [['tShirtSizes', 'T-shirt sizes must be a list']]],
  [
    '21 questions',
    { questions: Array.from({ length: 21 }, (_, n) => ({ label: `Q${n}`, type: 'text' })) },
    [['questions', 'A race asks at most 20 questions']],
  ],
  [
    'a blank label on the third question',
    { questions: [QUESTIONS[0], QUESTIONS[2], { label: '   ', type: 'text' }] },
    [['questions.2.label', 'The question is required']],
  ],
  [
    'a label of 201 characters',
    { questions: [{ label: 'q'.repeat(201), type: 'text' }] },
    [['questions.0.label', 'The question must be at most 200 characters']],
  ],
  [
    'a question without a label',
    { questions: [{ type: 'checkbox' }] },
    [['questions.0.label', 'The question is required']],
  ],
  [
    'the type "radio"',
    { questions: [{ label: 'Pick one', type: 'radio' }] },
    [['questions.0.type', 'A question’s type must be text, select or checkbox']],
  ],
  [
    'required "yes"',
    { questions: [{ label: 'Club', type: 'text', required: 'yes' }] },
    [['questions.0.required', 'required must be true or false']],
  ],
  [
    'a select question without options',
    { questions: [{ label: 'Shuttle', type: 'select' }] },
    [['questions.0.options', 'A select question needs 2–50 options']],
  ],
  [
    'a select question with one option',
    { questions: [{ label: 'Shuttle', type: 'select', options: ['Morning'] }] },
    [['questions.0.options', 'Options must have at least 2']],
  ],
  [
    'a select question with 51 options',
    {
      questions: [
        { label: 'Wave', type: 'select', options: Array.from({ length: 51 }, (_, n) => `Wave ${n}`) },
      ],
    },
    [['questions.0.options', 'Options must have at most 50']],
  ],
  [
    'an option twice',
    { questions: [{ label: 'Shuttle', type: 'select', options: ['Yes', 'No', 'yes'] }] },
    [['questions.0.options.2', 'Options must be distinct: “yes” is twice']],
  ],
  [
    'an option of 101 characters',
    { questions: [{ label: 'Shuttle', type: 'select', options: ['o'.repeat(101), 'No'] }] },
    [['questions.0.options.0', 'An option must be at most 100 characters']],
  ],
  [
    'a blank option',
    { questions: [{ label: 'Shuttle', type: 'select', options: ['Yes', ''] }] },
    [['questions.0.options.1', 'An option is required']],
  ],
  [
    'options on a text question',
    { questions: [QUESTIONS[0], { label: 'Club', type: 'text', options: ['A', 'B'] }] },
    [['questions.1.options', 'Only a select question has options']],
  ],
  [
    'options on a checkbox',
    { questions: [{ label: 'Meal', type: 'checkbox', options: ['Yes', 'No'] }] },
    [['questions.0.options', 'Only a select question has options']],
  ],
  ['questions as an object', { questions: { label: 'Club' } }, [['questions', 'questions must be a list']]],
  [
    'a question as text',
    { questions: ['Club?'] },
    [['questions.0', 'A question must be an object of label, type, required and options']],
  ],
  ['a waiver without text', { waiver: { text: '' } }, [['waiver.text', 'The waiver’s text is required']]],
  ['a waiver of spaces', { waiver: { text: '   ' } }, [['waiver.text', 'The waiver’s text is required']]],
  ['a waiver as an empty object', { waiver: {} }, [['waiver.text', 'The waiver’s text is required']]],
  [
    'a waiver of 20,001 characters',
    { waiver: { text: 'w'.repeat(20_001) } },
    [['waiver.text', 'The waiver must be at most 20000 characters']],
  ],
  [
    'a waiver as text',
    { waiver: 'I accept' },
    [['waiver', 'waiver must be null or an object with its text']],
  ],
  ...[0, 101, 17.5, -18, '18', true].map((minimumAge): Refusal => [
    `the minimum age ${JSON.stringify(minimumAge)}`,
    { minimumAge },
    [['minimumAge', 'The minimum age must be a whole number from 1 to 100, or empty for none']],
  ]),
  ...[
    [],
    [20, 20],
    [30, 20],
    [-1, 20],
    [0, 100],
    [0, 20.5],
    Array.from({ length: 21 }, (_, n) => n),
    '0,20,30',
  ].map((ageGroups): Refusal => [
    `the age groups ${JSON.stringify(ageGroups)}`,
    { ageGroups },
    [['ageGroups', 'Age groups must be 1–20 ascending whole numbers from 0 to 99, e.g. 0, 20, 30, 40']],
  ]),
];

describe('a bad value is a 400 naming its field', () => {
  const expectRefused = (response: LightMyRequestResponse, errors: Array<[string, string]>) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.json().errors).toEqual(errors.map(([field, message]) => ({ field, message })));
  };

  it.each(REFUSALS)('on add: %s, adding nothing', async (_case, body, errors) => {
    const input = marathonInput({ title: `Refused ${Math.random()}` });

    const response = await addMarathon({ ...input, ...body });

    expectRefused(response, errors);
    const own = await inject({ url: '/api/my-marathons', headers: bearerHeaders(organizer.token) });
    expect(own.json<Marathon[]>().map((race) => race.title)).not.toContain(input.title);
  });

  it.each(REFUSALS)('on update: %s, changing nothing', async (_case, body, errors) => {
    const race = await newRace({ ...FULL_FORM_INPUT });

    const response = await patchMarathon(race._id, { title: 'Must not be saved', ...body });

    expectRefused(response, errors);
    expect(await getMarathon(main.current.app, race._id)).toEqual(race);
  });

  it('reports every bad value of the form in one 400', async () => {
    const response = await addMarathon({
      ...marathonInput(),
      registrationFields: { gender: 'sometimes' },
      tShirtSizes: [],
      questions: [QUESTIONS[0], QUESTIONS[1], { label: '', type: 'text' }],
      waiver: { text: '' },
      minimumAge: 0,
      ageGroups: [40, 30],
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response).sort()).toEqual(
      [
        'ageGroups',
        'minimumAge',
        'questions.2.label',
        'registrationFields.gender',
        'tShirtSizes',
        'waiver.text',
      ].sort(),
    );
  });
});

describe('tShirtSizes', () => {
  it('takes 1 to 12 distinct labels of 1 to 10 characters, in the order sent', async () => {
    const twelve = ['3XS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', 'Kids 6-8', 'Kids 10-12'];
    const race = await newRace({ tShirtSizes: ['One size'] });

    const changed = await changeRace(race._id, { tShirtSizes: twelve });

    expect(race.tShirtSizes).toEqual(['One size']);
    expect(changed.tShirtSizes).toEqual(twelve);
    expect((await formOnEveryRead(race._id)).race.tShirtSizes).toEqual(twelve);
  });
});

describe('questions', () => {
  it('takes 20 questions, labels of 200 characters and 50 options of 100 characters', async () => {
    const options = Array.from({ length: 50 }, (_, n) => `${String(n).padStart(2, '0')}${'o'.repeat(98)}`);

    const race = await newRace({
      questions: [
        { label: 'l'.repeat(200), type: 'select', options },
        ...Array.from({ length: 19 }, (_, n) => ({ label: `Question ${n}`, type: 'checkbox' as const })),
      ],
    });

    expect(race.questions).toHaveLength(20);
    expect(race.questions[0]).toMatchObject({ label: 'l'.repeat(200), options });
  });

  it('keeps a question’s id through an update that changes its label, options and place; one without id is new', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle, meal] = race.questions;

    const changed = await changeRace(race._id, {
      questions: [
        {
          ...sentBack(shuttle!),
          label: 'Shuttle bus from the station',
          options: ['Early', 'Morning', 'Evening'],
        },
        { label: 'Emergency medication', type: 'text', required: true },
        sentBack(club!),
        { ...sentBack(meal!), required: true },
      ],
    });

    expect(changed.questions).toEqual([
      {
        id: shuttle!.id,
        label: 'Shuttle bus from the station',
        type: 'select',
        required: true,
        options: ['Early', 'Morning', 'Evening'],
      },
      {
        id: expect.stringMatching(QUESTION_ID_PATTERN),
        label: 'Emergency medication',
        type: 'text',
        required: true,
        options: [],
      },
      club,
      { ...meal, required: true },
    ]);
    const newId = changed.questions[1]!.id;
    expect([club!.id, shuttle!.id, meal!.id]).not.toContain(newId);
    expect(changed.retiredQuestions).toEqual([]);
    expect((await formOnEveryRead(race._id)).race.questions).toEqual(changed.questions);
  });

  it('keeps the questions as they are through an update without the list', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });

    const changed = await changeRace(race._id, { title: 'Renamed', minimumAge: 18 });

    expect(changed.questions).toEqual(race.questions);
    expect(changed.retiredQuestions).toEqual([]);
  });

  it('retires a question left out of the list, keeping its answers; sending its id back revives it with them', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle, meal] = race.questions;
    const [runner] = await insertSignedInUsers(main.current, 1);
    const entry = await register(main.current.app, runner!, race._id, {
      answers: { [club!.id]: 'Harriers', [shuttle!.id]: 'Morning', [meal!.id]: true },
    });

    const retired = await changeRace(race._id, { questions: [sentBack(shuttle!), sentBack(meal!)] });

    expect(retired.questions).toEqual([shuttle, meal]);
    expect(retired.retiredQuestions).toEqual([club]);
    expect((await formOnEveryRead(race._id)).race).toMatchObject({
      questions: [shuttle, meal],
      retiredQuestions: [club],
    });
    const [kept] = await findMyRegistrations(main.current.app, runner!);
    expect(kept).toMatchObject({
      _id: entry._id,
      answers: { [club!.id]: 'Harriers', [shuttle!.id]: 'Morning', [meal!.id]: true },
    });

    const revived = await changeRace(race._id, {
      questions: [sentBack(club!), sentBack(shuttle!), sentBack(meal!)],
    });

    expect(revived.questions).toEqual([club, shuttle, meal]);
    expect(revived.retiredQuestions).toEqual([]);
    const [again] = await findMyRegistrations(main.current.app, runner!);
    expect(again!.answers).toEqual({ [club!.id]: 'Harriers', [shuttle!.id]: 'Morning', [meal!.id]: true });
  });

  it('retires every question when the list is sent empty', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });

    const changed = await changeRace(race._id, { questions: [] });

    expect(changed.questions).toEqual([]);
    expect(changed.retiredQuestions).toEqual(race.questions);
  });

  it('refuses to remove an option someone chose: 409 naming questions.{its place in the list sent}.options, changing nothing', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle, meal] = race.questions;
    const [runner] = await insertSignedInUsers(main.current, 1);
    await register(main.current.app, runner!, race._id, { answers: { [shuttle!.id]: 'Evening' } });
    const before = await getMarathon(main.current.app, race._id);

    const response = await patchMarathon(race._id, {
      title: 'Must not be saved',
      questions: [sentBack(meal!), sentBack(club!), { ...sentBack(shuttle!), options: ['Morning', 'Noon'] }],
    });

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.json().errors).toEqual([
      { field: 'questions.2.options', message: expect.stringContaining('Evening') },
    ]);
    expect(await getMarathon(main.current.app, race._id)).toEqual(before);
  });

  it('lets an option nobody chose go, and the question with a chosen option be retired', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle, meal] = race.questions;
    const [runner] = await insertSignedInUsers(main.current, 1);
    await register(main.current.app, runner!, race._id, { answers: { [shuttle!.id]: 'Evening' } });

    const fewer = await changeRace(race._id, {
      questions: [sentBack(club!), { ...sentBack(shuttle!), options: ['Evening', 'Night'] }, sentBack(meal!)],
    });
    const retired = await changeRace(race._id, { questions: [sentBack(club!), sentBack(meal!)] });

    expect(fewer.questions[1]).toEqual({ ...shuttle, options: ['Evening', 'Night'] });
    expect(retired.retiredQuestions).toEqual([{ ...shuttle, options: ['Evening', 'Night'] }]);
  });

  // The issue is silent on a change of type: an answer given to a text question is no answer to a checkbox.
  it('refuses to change the type of an answered question: 409 naming questions.{i}.type, changing nothing', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle, meal] = race.questions;
    const [runner] = await insertSignedInUsers(main.current, 1);
    await register(main.current.app, runner!, race._id, {
      answers: { [club!.id]: 'Harriers', [shuttle!.id]: 'Morning' },
    });
    const before = await getMarathon(main.current.app, race._id);

    const answered = await patchMarathon(race._id, {
      questions: [sentBack(shuttle!), { ...sentBack(club!), type: 'checkbox' }, sentBack(meal!)],
    });

    expect(answered.statusCode, answered.body).toBe(409);
    expect(errorFields(answered)).toEqual(['questions.1.type']);
    expect(await getMarathon(main.current.app, race._id)).toEqual(before);
    const unanswered = await changeRace(race._id, {
      questions: [sentBack(club!), sentBack(shuttle!), { ...sentBack(meal!), type: 'text' }],
    });
    expect(unanswered.questions[2]).toEqual({ ...meal, type: 'text' });
  });

  it('takes the questions back exactly as the API returned them (options [] on text and checkbox ones)', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });

    const unchanged = await changeRace(race._id, { questions: race.questions });
    const fewer = await changeRace(race._id, { questions: race.questions.slice(0, 1) });

    expect(unchanged.questions).toEqual(race.questions);
    expect(fewer.questions).toEqual(race.questions.slice(0, 1));
    expect(fewer.retiredQuestions).toEqual(race.questions.slice(1));
  });

  it('refuses the same id twice in the list with 400 naming the second', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const [club, shuttle] = race.questions;

    const response = await patchMarathon(race._id, {
      questions: [sentBack(club!), sentBack(shuttle!), { ...sentBack(club!), label: 'Club again' }],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'questions.2.id', message: 'A question is in the list twice' },
    ]);
    expect(await getMarathon(main.current.app, race._id)).toEqual(race);
  });

  // The issue is silent: an id the race never gave names no question, so a client learns of its mistake.
  it('refuses an id the race never gave with 400 naming it, changing nothing', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const other = await newRace({ questions: [{ label: 'Other race’s question', type: 'text' }] });

    const response = await patchMarathon(race._id, {
      questions: [...race.questions.map(sentBack), sentBack(other.questions[0]!)],
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual(['questions.3.id']);
    expect(await getMarathon(main.current.app, race._id)).toEqual(race);
  });
});

describe('waiver', () => {
  it('is version 1, raised by one only when the text changes', async () => {
    const race = await newRace({ waiver: { text: 'Version one.' } });
    const versionAfter = async (payload: object) => (await changeRace(race._id, payload)).waiver;

    expect(race.waiver).toEqual({ text: 'Version one.', version: 1 });
    expect(await versionAfter({ title: 'Renamed' })).toEqual({ text: 'Version one.', version: 1 });
    expect(await versionAfter({ waiver: { text: 'Version one.' } })).toEqual({
      text: 'Version one.',
      version: 1,
    });
    expect(await versionAfter({ waiver: { text: '  Version one.\n' } })).toEqual({
      text: 'Version one.',
      version: 1,
    });
    // A client may send the waiver back as it got it: the version is the server's.
    expect(await versionAfter({ waiver: { text: 'Version one.', version: 7 } })).toEqual({
      text: 'Version one.',
      version: 1,
    });
    expect(await versionAfter({ waiver: { text: 'Version two.', version: 1 } })).toEqual({
      text: 'Version two.',
      version: 2,
    });
    expect(await versionAfter({ waiver: { text: 'Version two.' } })).toEqual({
      text: 'Version two.',
      version: 2,
    });
    expect((await formOnEveryRead(race._id)).list.waiver).toEqual({ text: 'Version two.', version: 2 });
  });

  // The issue is silent on a waiver removed and written again: a runner's acceptance of the old version 1 must
  // not read as an acceptance of the new text, so the count goes on.
  it('is removed with null, and a new text after that is the next version, not 1 again', async () => {
    const race = await newRace({ waiver: { text: 'First text.' } });
    await changeRace(race._id, { waiver: { text: 'Second text.' } });

    const removed = await changeRace(race._id, { waiver: null });
    const again = await changeRace(race._id, { waiver: { text: 'Third text.' } });

    expect(removed.waiver).toBeNull();
    expect(again.waiver).toEqual({ text: 'Third text.', version: 3 });
  });

  it('takes 20,000 characters', async () => {
    const race = await newRace({ waiver: { text: 'w'.repeat(20_000) } });

    expect(race.waiver).toEqual({ text: 'w'.repeat(20_000), version: 1 });
  });
});

describe('minimumAge', () => {
  it('takes a whole number from 1 to 100, and null for none', async () => {
    const race = await newRace({ minimumAge: 1 });

    const hundred = await changeRace(race._id, { minimumAge: 100 });
    const kept = await changeRace(race._id, { title: 'Renamed' });
    const none = await changeRace(race._id, { minimumAge: null });

    expect([race.minimumAge, hundred.minimumAge, kept.minimumAge, none.minimumAge]).toEqual([
      1,
      100,
      100,
      null,
    ]);
    expect((await formOnEveryRead(race._id)).myMarathons.minimumAge).toBeNull();
  });
});

describe('ageGroups', () => {
  it('takes 1 to 20 ascending whole-number bounds from 0 to 99, and null for none', async () => {
    const twenty = Array.from({ length: 20 }, (_, n) => n * 5);
    const race = await newRace({ ageGroups: [99] });

    const many = await changeRace(race._id, { ageGroups: twenty });
    const kept = await changeRace(race._id, { title: 'Renamed' });
    const tenYear = await changeRace(race._id, { ageGroups: [...AGE_GROUP_PRESETS.tenYear] });
    const none = await changeRace(race._id, { ageGroups: null });

    expect(race.ageGroups).toEqual([99]);
    expect(many.ageGroups).toEqual(twenty);
    expect(kept.ageGroups).toEqual(twenty);
    expect(tenYear.ageGroups).toEqual([0, 20, 30, 40, 50, 60, 70]);
    expect(none.ageGroups).toBeNull();
  });
});

describe('only the organizer changes the form', () => {
  it('answers 403 to another user, changing nothing', async () => {
    const race = await newRace({ ...FULL_FORM_INPUT });

    const response = await patchMarathon(
      race._id,
      { registrationFields: { gender: 'off' }, questions: [], waiver: null, minimumAge: null },
      other,
    );

    expect(response.statusCode).toBe(403);
    expect(await getMarathon(main.current.app, race._id)).toEqual(race);
  });
});
