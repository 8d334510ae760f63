import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CreateMarathonInput,
  type Marathon,
  type Participant,
  type Registration,
  formatDayInZone,
} from '@stride/shared';
import {
  FREE_ENTRY_PAYMENT,
  NO_BALLOT_OR_TRANSFER,
  type Actor,
  DAY_MS,
  ISO_DATE_PATTERN,
  SECOND_MS,
  UUID_PATTERN,
  countRegistrationRows,
  createMarathon,
  findMyRegistrations,
  insertSignedInUsers,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import {
  addDays,
  bornAged,
  openWindowUntilRace,
  questionOf,
  todayUtc,
  yearsBefore,
} from '../../testing/entry-form-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';
import { REGISTRATION_MESSAGES } from './registrations.service.js';

/**
 * Issue 31, the runner's side: POST and PATCH /api/registrations with the race's entry form (standard fields
 * off/optional/required, questions, waiver, minimum age), each refusal with its message and field, and the
 * answers as every read of a registration shows them.
 */
const main = useTestApp();
let organizer: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

type Runner = Actor & { user: { id: string; email: string } };

const inject = (options: InjectOptions) => main.current.app.inject(options);
const post = (actor: Actor, payload: object) =>
  inject({ method: 'POST', url: '/api/registrations', headers: bearerHeaders(actor.token), payload });
const patch = (actor: Actor, id: string, payload: object) =>
  inject({ method: 'PATCH', url: `/api/registrations/${id}`, headers: bearerHeaders(actor.token), payload });
const changeRace = async (id: string, payload: object): Promise<Marathon> => {
  const response = await inject({
    method: 'PATCH',
    url: `/api/marathons/${id}`,
    headers: bearerHeaders(organizer.token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ marathon: Marathon }>().marathon;
};
const newRace = (overrides: Partial<CreateMarathonInput> = {}) =>
  createMarathon(main.current.app, organizer, overrides);
const newRunner = async (): Promise<Runner> => (await insertSignedInUsers(main.current, 1))[0]!;
const raceDayOf = (race: Marathon) => formatDayInZone(race.startDate, race.timeZone);

/** POSTs and expects a 201, returning the registration. */
async function enter(actor: Actor, payload: object): Promise<Registration> {
  const response = await post(actor, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Registration>();
}

/** PATCHes and expects a 200, returning the registration. */
async function change(actor: Actor, id: string, payload: object): Promise<Registration> {
  const response = await patch(actor, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ registration: Registration }>().registration;
}

/** The runner's registration as their own list shows it. */
async function listed(runner: Runner, id: string): Promise<Registration> {
  const found = (await findMyRegistrations(main.current.app, runner)).find((each) => each._id === id);
  expect(found, `registration ${id} in the runner's list`).toBeDefined();
  return found!;
}

/** A 400 whose errors are exactly these (field, message) pairs, in any order. */
function expectErrors(response: LightMyRequestResponse, errors: ReadonlyArray<readonly [string, string]>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ success: false });
  const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
  expect(
    [...response.json<{ errors: Array<{ field: string; message: string }> }>().errors].sort(byField),
  ).toEqual(errors.map(([field, message]) => ({ field, message })).sort(byField));
}

const WAIVER = 'I take part at my own risk and follow the marshals’ instructions.';
const QUESTIONS: NonNullable<CreateMarathonInput['questions']> = [
  { label: 'Running club', type: 'text' },
  { label: 'Shuttle bus', type: 'select', required: true, options: ['Morning', 'Evening'] },
  { label: 'Vegetarian meal', type: 'checkbox' },
  { label: 'I will carry a phone', type: 'checkbox', required: true },
];

/** Every standard field required, four questions (two required), a waiver and 10-year age groups. */
const FULL_FORM = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'required',
    tShirtSize: 'required',
    emergencyContact: 'required',
  },
  tShirtSizes: ['S', 'M', 'L', 'XL'],
  questions: [...QUESTIONS],
  waiver: { text: WAIVER },
  ageGroups: [0, 20, 30, 40, 50, 60, 70],
} satisfies Partial<CreateMarathonInput>;

/** The ids of the full form's questions. */
const idsOf = (race: Marathon) => ({
  club: questionOf(race, 'Running club').id,
  shuttle: questionOf(race, 'Shuttle bus').id,
  meal: questionOf(race, 'Vegetarian meal').id,
  phone: questionOf(race, 'I will carry a phone').id,
});

const CONTACT = { name: 'Sam Runner', phone: '+44 20 7946 0000' };

/** A body answering every field of the full form (aged 34 on race day); override any field. */
function fullEntry(race: Marathon, overrides: Record<string, unknown> = {}) {
  const q = idsOf(race);
  return {
    ...registrationInput(race._id),
    dateOfBirth: bornAged(34, raceDayOf(race)),
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: CONTACT,
    answers: { [q.club]: 'Harriers', [q.shuttle]: 'Morning', [q.meal]: false, [q.phone]: true },
    waiverAccepted: true,
    ...overrides,
  };
}

describe('POST /api/registrations with every field of the form', () => {
  it('stores each answer and returns it with the age and group on race day and the waiver accepted: the same in the own list, on the race page and at the desk', async () => {
    const race = await newRace(FULL_FORM);
    const runner = await newRunner();
    const q = idsOf(race);
    const body = fullEntry(race);

    const response = await post(runner, body);

    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Registration>();
    const entryFields = {
      dateOfBirth: body.dateOfBirth,
      gender: 'female',
      tShirtSize: 'M',
      emergencyContact: CONTACT,
      answers: { [q.club]: 'Harriers', [q.shuttle]: 'Morning', [q.meal]: false, [q.phone]: true },
      ageOnRaceDay: 34,
      ageGroup: '30–39',
      waiverVersion: 1,
      waiverAcceptedAt: expect.stringMatching(ISO_DATE_PATTERN),
    };
    expect(created).toEqual({
      _id: expect.stringMatching(UUID_PATTERN),
      email: runner.user.email,
      marathonId: race._id,
      marathonTitle: race.title,
      marathonDate: race.startDate,
      marathonTimeZone: 'UTC',
      firstName: body.firstName,
      lastName: body.lastName,
      contact: body.contact,
      info: '',
      timestamp: expect.stringMatching(ISO_DATE_PATTERN),
      status: 'registered',
      ...FREE_ENTRY_PAYMENT,
      bib: 1,
      waitlistPosition: null,
      checkinCode: expect.stringMatching(/^[0-9a-f]{32}$/),
      result: null,
      ...NO_BALLOT_OR_TRANSFER,
      ...entryFields,
    });
    expect(Math.abs(Date.parse(created.waiverAcceptedAt!) - Date.now())).toBeLessThan(60 * SECOND_MS);

    expect(await listed(runner, created._id)).toEqual(created);
    const page = await inject({
      url: `/api/marathons/${race._id}?include=myRegistration`,
      headers: bearerHeaders(runner.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    const { waiverAcceptedAt: _pattern, ...exact } = entryFields;
    expect(page.json().myRegistration).toMatchObject({
      _id: created._id,
      ...exact,
      waiverAcceptedAt: created.waiverAcceptedAt,
    });
    const desk = await inject({
      url: `/api/marathons/${race._id}/participants`,
      headers: bearerHeaders(organizer.token),
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json<Participant[]>()).toEqual([
      expect.objectContaining({ _id: created._id, ...exact, waiverAcceptedAt: created.waiverAcceptedAt }),
    ]);
  });

  it('returns the form’s fields empty for a race that asks nothing', async () => {
    const race = await newRace();

    const created = await enter(await newRunner(), {
      ...registrationInput(race._id),
      dateOfBirth: '1990-05-17',
      gender: 'male',
      tShirtSize: 'M',
      emergencyContact: CONTACT,
      waiverAccepted: true,
    });

    expect(created).toMatchObject({
      dateOfBirth: null,
      gender: null,
      tShirtSize: null,
      emergencyContact: null,
      answers: {},
      ageOnRaceDay: null,
      ageGroup: null,
      waiverVersion: null,
      waiverAcceptedAt: null,
    });
  });
});

/** Each standard field: a value to send, blank values, the errors when a required one is missing. */
const STANDARD_FIELDS = [
  {
    field: 'dateOfBirth',
    value: '1990-05-17',
    blanks: [null, ''],
    missing: [['dateOfBirth', 'Date of Birth is required']],
  },
  { field: 'gender', value: 'nonbinary', blanks: [null, ''], missing: [['gender', 'Gender is required']] },
  {
    field: 'tShirtSize',
    value: 'L',
    blanks: [null, '', '  '],
    missing: [['tShirtSize', 'T-shirt Size is required']],
  },
  {
    field: 'emergencyContact',
    value: CONTACT,
    blanks: [null, { name: '', phone: '' }, {}],
    missing: [
      ['emergencyContact.name', 'Emergency Contact Name is required'],
      ['emergencyContact.phone', 'Emergency Contact Phone is required'],
    ],
  },
] as const;

describe('required, optional or off, per standard field', () => {
  const raceCollecting = (field: string, collection: 'off' | 'optional' | 'required') =>
    newRace({ registrationFields: { [field]: collection }, tShirtSizes: ['S', 'M', 'L'] });

  describe.each(STANDARD_FIELDS)('$field', ({ field, value, blanks, missing }) => {
    it('required: 400 "… is required" naming it when left out or blank, registering nobody', async () => {
      const race = await raceCollecting(field, 'required');
      const runner = await newRunner();

      const responses = [
        await post(runner, registrationInput(race._id)),
        ...(await Promise.all(
          blanks.map((blank) => post(runner, { ...registrationInput(race._id), [field]: blank })),
        )),
      ];

      for (const response of responses) expectErrors(response, missing);
      expect(await countRegistrationRows(main.current.database.db, race._id)).toBe(0);
      expect((await enter(runner, { ...registrationInput(race._id), [field]: value }))[field]).toEqual(value);
    });

    it('optional: null when left out or blank, stored when given', async () => {
      const race = await raceCollecting(field, 'optional');
      const [left, blank, given] = await insertSignedInUsers(main.current, 3);

      const leftOut = await enter(left!, registrationInput(race._id));
      const blanked = await enter(blank!, { ...registrationInput(race._id), [field]: blanks[0] });
      const answered = await enter(given!, { ...registrationInput(race._id), [field]: value });

      expect([leftOut[field], blanked[field], answered[field]]).toEqual([null, null, value]);
      expect((await listed(given!, answered._id))[field]).toEqual(value);
    });

    it('off: ignored and not stored (switching it on later shows nothing)', async () => {
      const race = await raceCollecting(field, 'off');
      const runner = await newRunner();

      const created = await enter(runner, { ...registrationInput(race._id), [field]: value });
      await changeRace(race._id, { registrationFields: { [field]: 'optional' } });

      expect(created[field]).toBeNull();
      expect((await listed(runner, created._id))[field]).toBeNull();
    });
  });

  it('optional emergency contact: a name without a phone, or a phone without a name, is refused', async () => {
    const race = await raceCollecting('emergencyContact', 'optional');
    const runner = await newRunner();

    expectErrors(await post(runner, { ...registrationInput(race._id), emergencyContact: { name: 'Sam' } }), [
      ['emergencyContact.phone', 'Emergency Contact Phone is required'],
    ]);
    expectErrors(
      await post(runner, {
        ...registrationInput(race._id),
        emergencyContact: { name: ' ', phone: '5550100' },
      }),
      [['emergencyContact.name', 'Emergency Contact Name is required']],
    );
  });
});

describe('the values each field takes', () => {
  let race: Marathon;
  let runner: Runner;
  beforeAll(async () => {
    race = await newRace(FULL_FORM);
    runner = await newRunner();
  });

  const oldest = () => {
    const day = new Date();
    day.setUTCFullYear(day.getUTCFullYear() - 120);
    return day.toISOString().slice(0, 10);
  };
  const DATE_FORMAT = 'Date of Birth must be a date as YYYY-MM-DD, e.g. 1990-05-17';

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['a day that does not exist', () => ({ dateOfBirth: '1990-02-30' }), 'dateOfBirth', DATE_FORMAT],
    ['a day as DD/MM/YYYY', () => ({ dateOfBirth: '17/05/1990' }), 'dateOfBirth', DATE_FORMAT],
    ['a day without leading zeros', () => ({ dateOfBirth: '1990-5-17' }), 'dateOfBirth', DATE_FORMAT],
    ['a day and time', () => ({ dateOfBirth: '1990-05-17T00:00:00Z' }), 'dateOfBirth', DATE_FORMAT],
    ['a number', () => ({ dateOfBirth: 19900517 }), 'dateOfBirth', DATE_FORMAT],
    [
      'a day in the future',
      () => ({ dateOfBirth: addDays(todayUtc(), 2) }),
      'dateOfBirth',
      'Date of Birth must not be in the future',
    ],
    [
      'a day 120 years and a day ago',
      () => ({ dateOfBirth: addDays(oldest(), -1) }),
      'dateOfBirth',
      'Date of Birth must be at most 120 years ago',
    ],
    ['the gender "other"', () => ({ gender: 'other' }), 'gender', 'Gender must be female, male, nonbinary'],
    ['the gender "Female"', () => ({ gender: 'Female' }), 'gender', 'Gender must be female, male, nonbinary'],
    [
      'a size the race does not have',
      () => ({ tShirtSize: 'XXL' }),
      'tShirtSize',
      'T-shirt Size must be one of S, M, L, XL',
    ],
    [
      'an emergency phone with letters',
      () => ({ emergencyContact: { name: 'Sam', phone: 'call me' } }),
      'emergencyContact.phone',
      'Emergency Contact Phone must be 7–20 characters: digits, with an optional leading +, spaces or dashes',
    ],
    [
      'an emergency contact name of 81 characters',
      () => ({ emergencyContact: { name: 'n'.repeat(81), phone: '5550100' } }),
      'emergencyContact.name',
      'Emergency Contact Name must be at most 80 characters',
    ],
    [
      'an emergency contact as text',
      () => ({ emergencyContact: 'Sam, 5550100' }),
      'emergencyContact',
      'emergencyContact must be an object of name and phone',
    ],
    [
      'a text answer of 1,001 characters',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).club]: 'a'.repeat(1001) } }),
      `answers.CLUB`,
      'An answer must be at most 1000 characters',
    ],
    [
      'a choice that is not an option',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).shuttle]: 'Noon' } }),
      'answers.SHUTTLE',
      'Shuttle bus must be one of Morning, Evening',
    ],
    [
      'a checkbox answered with text',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).meal]: 'yes' } }),
      'answers.MEAL',
      'Vegetarian meal must be true or false',
    ],
    [
      'a text question answered with true',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).club]: true } }),
      'answers.CLUB',
      'Running club must be text',
    ],
    [
      'a required checkbox left unticked',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).phone]: false } }),
      'answers.PHONE',
      'I will carry a phone is required',
    ],
    [
      'a required choice left blank',
      () => ({ answers: { ...fullEntry(race).answers, [idsOf(race).shuttle]: '' } }),
      'answers.SHUTTLE',
      'Shuttle bus is required',
    ],
    [
      'a required choice left out',
      () => ({ answers: { [idsOf(race).phone]: true } }),
      'answers.SHUTTLE',
      'Shuttle bus is required',
    ],
    [
      'an answer to a question the race does not ask',
      () => ({ answers: { ...fullEntry(race).answers, nope: 'x' } }),
      'answers.nope',
      'Unknown question',
    ],
    [
      'answers as a list',
      () => ({ answers: ['Harriers'] }),
      'answers',
      'answers must be an object of question ids and answers',
    ],
    [
      'the waiver not accepted',
      () => ({ waiverAccepted: false }),
      'waiverAccepted',
      'You must accept the waiver',
    ],
    [
      'the waiver left out',
      () => ({ waiverAccepted: undefined }),
      'waiverAccepted',
      'You must accept the waiver',
    ],
  ])('refuses %s: 400 naming the field with its message', async (_case, overrides, field, message) => {
    const q = idsOf(race);
    const named = field
      .replace('CLUB', q.club)
      .replace('SHUTTLE', q.shuttle)
      .replace('MEAL', q.meal)
      .replace('PHONE', q.phone);

    expectErrors(await post(runner, fullEntry(race, overrides())), [[named, message]]);
    expect(await countRegistrationRows(main.current.database.db, race._id)).toBe(0);
  });

  it('reports every problem in one 400, each with its field', async () => {
    const q = idsOf(race);

    const response = await post(runner, {
      ...registrationInput(race._id),
      tShirtSize: 'M',
      emergencyContact: CONTACT,
      answers: { [q.club]: 'Harriers', nope: 'x', [q.phone]: false },
    });

    expectErrors(response, [
      ['dateOfBirth', 'Date of Birth is required'],
      ['gender', 'Gender is required'],
      [`answers.${q.shuttle}`, 'Shuttle bus is required'],
      [`answers.${q.phone}`, 'I will carry a phone is required'],
      ['answers.nope', 'Unknown question'],
      ['waiverAccepted', 'You must accept the waiver'],
    ]);
  });

  it('takes a text answer of 1,000 characters, a birth day today or 120 years ago, and the race’s own sizes', async () => {
    const [first, second] = await insertSignedInUsers(main.current, 2);
    const ownSizes = await newRace({
      registrationFields: { tShirtSize: 'required', dateOfBirth: 'optional' },
      tShirtSizes: ['Kids 6-8', 'Adult M'],
    });

    const long = await enter(
      first!,
      fullEntry(race, {
        dateOfBirth: oldest(),
        answers: { ...fullEntry(race).answers, [idsOf(race).club]: 'a'.repeat(1000) },
      }),
    );
    const kid = await enter(second!, {
      ...registrationInput(ownSizes._id),
      tShirtSize: 'Kids 6-8',
      dateOfBirth: todayUtc(),
    });

    expect(long.answers[idsOf(race).club]).toBe('a'.repeat(1000));
    expect(long.dateOfBirth).toBe(oldest());
    expect(kid).toMatchObject({ tShirtSize: 'Kids 6-8', dateOfBirth: todayUtc(), ageOnRaceDay: 0 });
  });

  it('ignores waiverAccepted on a race without a waiver', async () => {
    const plain = await newRace();

    const created = await enter(await newRunner(), { ...registrationInput(plain._id), waiverAccepted: true });

    expect(created).toMatchObject({ waiverVersion: null, waiverAcceptedAt: null });
  });
});

describe('retired questions', () => {
  it('are no longer asked: an answer to one is an unknown question, a required one is no longer needed; answers given stay', async () => {
    const race = await newRace({ questions: [...QUESTIONS] });
    const q = idsOf(race);
    const [early, late] = await insertSignedInUsers(main.current, 2);
    const earlyEntry = await enter(early!, {
      ...registrationInput(race._id),
      answers: { [q.club]: 'Harriers', [q.shuttle]: 'Evening', [q.phone]: true },
    });
    const asked = race.questions.filter((question) => question.id === q.club || question.id === q.meal);
    await changeRace(race._id, { questions: asked.map(({ id, label, type }) => ({ id, label, type })) });

    const retiredAnswer = await post(late!, {
      ...registrationInput(race._id),
      answers: { [q.club]: 'Striders', [q.shuttle]: 'Morning' },
    });
    expectErrors(retiredAnswer, [[`answers.${q.shuttle}`, 'Unknown question']]);
    const lateEntry = await enter(late!, {
      ...registrationInput(race._id),
      answers: { [q.club]: 'Striders' },
    });

    expect(lateEntry.answers).toEqual({ [q.club]: 'Striders' });
    expect((await listed(early!, earlyEntry._id)).answers).toEqual({
      [q.club]: 'Harriers',
      [q.shuttle]: 'Evening',
      [q.phone]: true,
    });
    expectErrors(await patch(early!, earlyEntry._id, { answers: { [q.phone]: false } }), [
      [`answers.${q.phone}`, 'Unknown question'],
    ]);
  });
});

describe('the minimum age, on race day where the race is run', () => {
  /** A day 40 days ahead whose next two days have a 29 February in no year (so years can be taken off them). */
  function dayAhead(): string {
    let day = addDays(todayUtc(), 40);
    while ([addDays(day, 1), addDays(day, 2)].some((each) => each.endsWith('-02-29'))) day = addDays(day, 3);
    return day;
  }

  it('counts the day in the race’s zone: 23:30 UTC is the next day in Auckland; 18 on that day is old enough, a day younger is not', async () => {
    const utcDay = dayAhead();
    const startDate = `${utcDay}T23:30:00.000Z`;
    const raceDay = addDays(utcDay, 1);
    const auckland = await newRace({
      ...openWindowUntilRace(startDate),
      timeZone: 'Pacific/Auckland',
      minimumAge: 18,
    });
    const utc = await newRace({ ...openWindowUntilRace(startDate), minimumAge: 18 });
    const [turning18, dayYounger] = await insertSignedInUsers(main.current, 2);
    const eighteenOnRaceDay = yearsBefore(raceDay, 18);

    const entered = await enter(turning18!, {
      ...registrationInput(auckland._id),
      dateOfBirth: eighteenOnRaceDay,
    });
    const tooYoung = await post(dayYounger!, {
      ...registrationInput(auckland._id),
      dateOfBirth: yearsBefore(addDays(raceDay, 1), 18),
    });
    // The same birthday is a day too late where the race day is the UTC day.
    const tooYoungInUtc = await post(turning18!, {
      ...registrationInput(utc._id),
      dateOfBirth: eighteenOnRaceDay,
    });

    expect(raceDayOf(auckland)).toBe(raceDay);
    expect(entered).toMatchObject({ dateOfBirth: eighteenOnRaceDay, ageOnRaceDay: 18 });
    expectErrors(tooYoung, [
      ['dateOfBirth', `You must be at least 18 on race day (${raceDay}) to enter this race`],
    ]);
    expectErrors(tooYoungInUtc, [
      ['dateOfBirth', `You must be at least 18 on race day (${utcDay}) to enter this race`],
    ]);
  });

  it('counts a 29 February birthday on 1 March in a year without one', async () => {
    const year = nonLeapYearAhead();
    const minimumAge = year - 2008;
    const at = (day: string) => openWindowUntilRace(`${year}-${day}T12:00:00.000Z`);
    const onTheLast = await newRace({ ...at('02-28'), minimumAge });
    const onTheFirst = await newRace({ ...at('03-01'), minimumAge });
    const noMinimum = await newRace({ ...at('02-28'), registrationFields: { dateOfBirth: 'required' } });
    const runner = await newRunner();
    const leapling = { dateOfBirth: '2008-02-29' };

    const refused = await post(runner, { ...registrationInput(onTheLast._id), ...leapling });
    const accepted = await enter(runner, { ...registrationInput(onTheFirst._id), ...leapling });
    const younger = await enter(runner, { ...registrationInput(noMinimum._id), ...leapling });

    expectErrors(refused, [
      ['dateOfBirth', `You must be at least ${minimumAge} on race day (${year}-02-28) to enter this race`],
    ]);
    expect(accepted.ageOnRaceDay).toBe(minimumAge);
    expect(younger.ageOnRaceDay).toBe(minimumAge - 1);
  });

  it('asks for the day of birth and stores it even when the form has it off', async () => {
    const race = await newRace({ minimumAge: 16, registrationFields: { dateOfBirth: 'off' } });
    const runner = await newRunner();

    const missing = await post(runner, registrationInput(race._id));
    const created = await enter(runner, {
      ...registrationInput(race._id),
      dateOfBirth: bornAged(40, raceDayOf(race)),
    });

    expectErrors(missing, [['dateOfBirth', 'Date of Birth is required']]);
    expect(created).toMatchObject({ dateOfBirth: bornAged(40, raceDayOf(race)), ageOnRaceDay: 40 });
    expect((await listed(runner, created._id)).dateOfBirth).toBe(bornAged(40, raceDayOf(race)));
  });

  it('applies to a waitlist entry as to a place', async () => {
    const race = await newRace({ capacity: 1, minimumAge: 18 });
    const raceDay = raceDayOf(race);
    const [holder, young, unknownAge, waiting] = await insertSignedInUsers(main.current, 4);
    await enter(holder!, { ...registrationInput(race._id), dateOfBirth: bornAged(30, raceDay) });
    const line = { ...registrationInput(race._id), waitlist: true };

    const tooYoung = await post(young!, { ...line, dateOfBirth: bornAged(17, raceDay) });
    const noDay = await post(unknownAge!, line);
    const inLine = await enter(waiting!, { ...line, dateOfBirth: bornAged(18, raceDay) });

    expectErrors(tooYoung, [
      ['dateOfBirth', `You must be at least 18 on race day (${raceDay}) to enter this race`],
    ]);
    expectErrors(noDay, [['dateOfBirth', 'Date of Birth is required']]);
    expect(inLine).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
      dateOfBirth: bornAged(18, raceDay),
      ageOnRaceDay: 18,
    });
  });
});

/** The first year without a 29 February whose 28 February is more than two days ahead. */
function nonLeapYearAhead(): number {
  const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  let year = new Date().getUTCFullYear();
  while (isLeap(year) || Date.parse(`${year}-02-28T00:00:00Z`) < Date.now() + 2 * DAY_MS) year += 1;
  return year;
}

describe('ageOnRaceDay and ageGroup', () => {
  it('labels the groups with an en dash, the last as "70+", and none below the first bound or without a birth day', async () => {
    const race = await newRace({
      registrationFields: { dateOfBirth: 'optional' },
      ageGroups: [20, 30, 40, 50, 60, 70],
    });
    const raceDay = raceDayOf(race);
    const ages = [19, 20, 29, 39, 70, 85, null];
    const runners = await insertSignedInUsers(main.current, ages.length);

    const entries = [];
    for (const [n, age] of ages.entries()) {
      entries.push(
        await enter(runners[n]!, {
          ...registrationInput(race._id),
          ...(age !== null && { dateOfBirth: bornAged(age, raceDay) }),
        }),
      );
    }

    expect(entries.map(({ ageOnRaceDay, ageGroup }) => [ageOnRaceDay, ageGroup])).toEqual([
      [19, null],
      [20, '20–29'],
      [29, '20–29'],
      [39, '30–39'],
      [70, '70+'],
      [85, '70+'],
      [null, null],
    ]);
  });

  // The issue is silent: a group is read off the race's current bounds, as the desk's filter and totals are.
  it('follows the race’s age groups as the organizer changes them', async () => {
    const race = await newRace({ registrationFields: { dateOfBirth: 'required' }, ageGroups: [0, 20, 30] });
    const runner = await newRunner();
    const created = await enter(runner, {
      ...registrationInput(race._id),
      dateOfBirth: bornAged(34, raceDayOf(race)),
    });

    await changeRace(race._id, { ageGroups: [0, 20, 25, 30, 35] });
    const regrouped = await listed(runner, created._id);
    await changeRace(race._id, { ageGroups: null });
    const ungrouped = await listed(runner, created._id);

    expect(created.ageGroup).toBe('30+');
    expect(regrouped).toMatchObject({ ageOnRaceDay: 34, ageGroup: '30–34' });
    expect(ungrouped).toMatchObject({ ageOnRaceDay: 34, ageGroup: null });
  });
});

describe('PATCH /api/registrations/:id with the form', () => {
  it('changes what is sent while the window is open, keeping the other answers', async () => {
    const race = await newRace(FULL_FORM);
    const q = idsOf(race);
    const runner = await newRunner();
    const created = await enter(runner, fullEntry(race));

    const updated = await change(runner, created._id, {
      gender: 'nonbinary',
      tShirtSize: 'XL',
      emergencyContact: { name: 'Alex Runner', phone: '5550100199' },
      dateOfBirth: bornAged(45, raceDayOf(race)),
      answers: { [q.club]: 'Striders', [q.meal]: true },
    });

    const expected = {
      ...created,
      gender: 'nonbinary',
      tShirtSize: 'XL',
      emergencyContact: { name: 'Alex Runner', phone: '5550100199' },
      dateOfBirth: bornAged(45, raceDayOf(race)),
      ageOnRaceDay: 45,
      ageGroup: '40–49',
      answers: { [q.club]: 'Striders', [q.shuttle]: 'Morning', [q.meal]: true, [q.phone]: true },
    };
    expect(updated).toEqual(expected);
    expect(await listed(runner, created._id)).toEqual(expected);
  });

  it('clears an optional answer or field sent as null; a required one cannot be cleared', async () => {
    const race = await newRace({
      ...FULL_FORM,
      registrationFields: { ...FULL_FORM.registrationFields, gender: 'optional' },
    });
    const q = idsOf(race);
    const runner = await newRunner();
    const created = await enter(runner, fullEntry(race));

    const cleared = await change(runner, created._id, { gender: null, answers: { [q.club]: null } });
    const requiredOnes = await patch(runner, created._id, {
      tShirtSize: null,
      emergencyContact: null,
      answers: { [q.shuttle]: null, [q.phone]: false },
    });

    expect(cleared.gender).toBeNull();
    expect(cleared.answers).toEqual({ [q.shuttle]: 'Morning', [q.meal]: false, [q.phone]: true });
    expectErrors(requiredOnes, [
      ['tShirtSize', 'T-shirt Size is required'],
      ['emergencyContact.name', 'Emergency Contact Name is required'],
      ['emergencyContact.phone', 'Emergency Contact Phone is required'],
      [`answers.${q.shuttle}`, 'Shuttle bus is required'],
      [`answers.${q.phone}`, 'I will carry a phone is required'],
    ]);
    expect(await listed(runner, created._id)).toEqual(cleared);
  });

  it('refuses bad values as POST does, changing nothing', async () => {
    const race = await newRace({ ...FULL_FORM, minimumAge: 18 });
    const q = idsOf(race);
    const runner = await newRunner();
    const created = await enter(runner, fullEntry(race));

    const response = await patch(runner, created._id, {
      firstName: 'Must not be saved',
      dateOfBirth: bornAged(17, raceDayOf(race)),
      tShirtSize: 'XXS',
      answers: { [q.shuttle]: 'Noon', nope: 'x' },
    });

    expectErrors(response, [
      ['dateOfBirth', `You must be at least 18 on race day (${raceDayOf(race)}) to enter this race`],
      ['tShirtSize', 'T-shirt Size must be one of S, M, L, XL'],
      [`answers.${q.shuttle}`, 'Shuttle bus must be one of Morning, Evening'],
      ['answers.nope', 'Unknown question'],
    ]);
    expect(await listed(runner, created._id)).toEqual(created);
  });

  it('ignores a field the race has off', async () => {
    const race = await newRace({ registrationFields: { gender: 'off', tShirtSize: 'optional' } });
    const runner = await newRunner();
    const created = await enter(runner, registrationInput(race._id));

    const updated = await change(runner, created._id, { gender: 'female', tShirtSize: 'S' });

    expect(updated).toMatchObject({ gender: null, tShirtSize: 'S' });
  });

  it('accepts a newer waiver: waiverVersion and waiverAcceptedAt move on; until then they stay', async () => {
    const race = await newRace(FULL_FORM);
    const runner = await newRunner();
    const created = await enter(runner, fullEntry(race));
    await changeRace(race._id, { waiver: { text: `${WAIVER} Dogs are not allowed on the course.` } });

    const before = await listed(runner, created._id);
    const other = await change(runner, created._id, { tShirtSize: 'S' });
    const refused = await patch(runner, created._id, { waiverAccepted: false });
    const accepted = await change(runner, created._id, { waiverAccepted: true });

    expect(before).toMatchObject({ waiverVersion: 1, waiverAcceptedAt: created.waiverAcceptedAt });
    expect(other).toMatchObject({ waiverVersion: 1, waiverAcceptedAt: created.waiverAcceptedAt });
    expectErrors(refused, [['waiverAccepted', 'You must accept the waiver']]);
    expect(accepted.waiverVersion).toBe(2);
    expect(accepted.waiverAcceptedAt).toMatch(ISO_DATE_PATTERN);
    expect(Date.parse(accepted.waiverAcceptedAt!)).toBeGreaterThan(Date.parse(created.waiverAcceptedAt!));
    expect(await listed(runner, created._id)).toEqual(accepted);
  });

  it('answers 409 "Registration details can no longer be changed" once the window has closed, changing nothing', async () => {
    const race = await newRace(FULL_FORM);
    const q = idsOf(race);
    const runner = await newRunner();
    const created = await enter(runner, fullEntry(race));
    await changeRace(race._id, {
      waiver: { text: 'A newer waiver.' },
      startRegDate: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      endRegDate: new Date(Date.now() - SECOND_MS).toISOString(),
    });
    const before = await listed(runner, created._id);

    const changes = [
      { answers: { [q.club]: 'Too late' } },
      { gender: 'male' },
      { tShirtSize: 'S' },
      { dateOfBirth: '1980-01-01' },
      { emergencyContact: { name: 'Late', phone: '5550100' } },
      { waiverAccepted: true },
    ];
    for (const payload of changes) {
      const response = await patch(runner, created._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        message: 'Registration details can no longer be changed',
      });
    }
    expect(await listed(runner, created._id)).toEqual(before);
  });
});

describe('a stranger', () => {
  let race: Marathon;
  let runner: Runner;
  let entry: Registration;
  beforeAll(async () => {
    race = await newRace(FULL_FORM);
    runner = await newRunner();
    entry = await enter(
      runner,
      fullEntry(race, { answers: { ...fullEntry(race).answers, [idsOf(race).club]: 'Secret Harriers' } }),
    );
  });

  it('cannot read another’s answers: the desk and the runner’s list answer 403, the race page shows only their own (none)', async () => {
    const desk = await inject({
      url: `/api/marathons/${race._id}/participants`,
      headers: bearerHeaders(stranger.token),
    });
    const csv = await inject({
      url: `/api/marathons/${race._id}/participants.csv`,
      headers: bearerHeaders(stranger.token),
    });
    const list = await inject({
      url: `/api/registrations/by-email/${encodeURIComponent(runner.user.email)}`,
      headers: bearerHeaders(stranger.token),
    });
    const page = await inject({
      url: `/api/marathons/${race._id}?include=myRegistration`,
      headers: bearerHeaders(stranger.token),
    });

    for (const response of [desk, csv, list]) {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Secret Harriers');
      expect(response.body).not.toContain(CONTACT.phone);
    }
    expect(page.json().myRegistration).toBeNull();
    expect(page.body).not.toContain('Secret Harriers');
  });

  it('cannot change another’s answers: 403, nothing changed', async () => {
    const q = idsOf(race);

    const response = await patch(stranger, entry._id, {
      answers: { [q.club]: 'Hijacked' },
      gender: 'male',
      waiverAccepted: true,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.notOwner });
    expect(await listed(runner, entry._id)).toEqual(entry);
  });

  it('is refused even as the race’s organizer changing a runner’s answers', async () => {
    const response = await patch(organizer, entry._id, {
      answers: { [idsOf(race).club]: 'By the organizer' },
    });

    expect(response.statusCode).toBe(403);
    expect(await listed(runner, entry._id)).toEqual(entry);
  });
});
