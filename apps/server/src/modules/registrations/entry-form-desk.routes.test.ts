import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Marathon, Participant, RaceStats, Registration } from '@stride/shared';
import {
  type Actor,
  createMarathon,
  errorFields,
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
} from '../../testing/entry-form-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

/**
 * Issue 31 at the race desk: the list's gender and age-group filters, the CSV's entry-form and question columns
 * (quoted, formulas defused), and the totals per T-shirt size, gender and age group.
 */
const main = useTestApp();
const inject = (url: string, actor: Actor) =>
  main.current.app.inject({ url, headers: bearerHeaders(actor.token) });

/** Tokyo keeps +09:00 all year: every time in the CSV carries that offset. */
const TIME_ZONE = 'Asia/Tokyo';
const RACE_DAY = addDays(todayUtc(), 40);
const AGE_GROUPS = [20, 30, 40];

/** Who enters, in this order: six places (bibs 1–6), the last two in line. */
const RUNNERS = [
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    age: 34,
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: { name: 'Byron, "Lord"', phone: '+44 20 7946 0000' },
    answers: { club: 'Harriers, "North"\nteam', shuttle: 'Morning', meal: true, old: 'kept answer' },
  },
  {
    firstName: 'Ben',
    lastName: 'Okafor',
    age: 45,
    gender: 'male',
    tShirtSize: 'L',
    answers: { club: '=1+1', meal: false },
  },
  { firstName: 'Dee', lastName: 'Diaz', gender: 'female', answers: {} },
  {
    firstName: 'Eve',
    lastName: 'Chen',
    age: 25,
    tShirtSize: 'M',
    answers: { club: '-dash', shuttle: 'Evening', old: '@old' },
  },
  {
    firstName: 'Gil',
    lastName: 'Brown',
    age: 31,
    gender: 'nonbinary',
    tShirtSize: 'S',
    answers: { club: '+plus', meal: true },
  },
  {
    firstName: 'Cy',
    lastName: 'Adams',
    age: 19,
    gender: 'nonbinary',
    tShirtSize: 'S',
    answers: { club: '@home' },
  },
  { firstName: 'Fay', lastName: 'Evans', age: 35, gender: 'female', tShirtSize: 'L', answers: {} },
  {
    firstName: 'Hal',
    lastName: 'Gupta',
    age: 52,
    gender: 'male',
    tShirtSize: 'XS',
    answers: { shuttle: 'Morning' },
  },
] as const;

type QuestionKey = 'club' | 'shuttle' | 'meal' | 'old';

const labelOf: Record<QuestionKey, string> = {
  club: 'Club',
  shuttle: 'Shuttle',
  meal: 'Vegetarian meal',
  old: 'Old question',
};

let organizer: SignedIn;
let stranger: SignedIn;
let race: Marathon;
let plainRace: Marathon;
let entries: Registration[];
let ids: Record<QuestionKey | 'bib', string>;

beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
  race = await createMarathon(main.current.app, organizer, {
    ...openWindowUntilRace(`${RACE_DAY}T03:00:00.000Z`),
    timeZone: TIME_ZONE,
    capacity: 6,
    registrationFields: {
      dateOfBirth: 'optional',
      gender: 'optional',
      tShirtSize: 'optional',
      emergencyContact: 'optional',
    },
    tShirtSizes: ['XS', 'S', 'M', 'L'],
    questions: [
      { label: 'Club', type: 'text' },
      { label: 'Shuttle', type: 'select', options: ['Morning', 'Evening'] },
      { label: 'Vegetarian meal', type: 'checkbox' },
      { label: 'Old question', type: 'text' },
    ],
    waiver: { text: 'I run at my own risk.' },
    ageGroups: AGE_GROUPS,
  });
  plainRace = await createMarathon(main.current.app, organizer);
  const keys: Record<QuestionKey, string> = {
    club: questionOf(race, 'Club').id,
    shuttle: questionOf(race, 'Shuttle').id,
    meal: questionOf(race, 'Vegetarian meal').id,
    old: questionOf(race, 'Old question').id,
  };
  const runners = await insertSignedInUsers(main.current, RUNNERS.length);
  entries = [];
  for (const [n, runner] of RUNNERS.entries()) {
    const { firstName, lastName, answers, ...fields } = runner;
    const response = await main.current.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: bearerHeaders(runners[n]!.token),
      payload: {
        ...registrationInput(race._id, { firstName, lastName, contact: '555-010-0199' }),
        ...('age' in fields && { dateOfBirth: bornAged(fields.age, RACE_DAY) }),
        ...('gender' in fields && { gender: fields.gender }),
        ...('tShirtSize' in fields && { tShirtSize: fields.tShirtSize }),
        ...('emergencyContact' in fields && { emergencyContact: fields.emergencyContact }),
        answers: Object.fromEntries(
          Object.entries(answers).map(([key, value]) => [keys[key as QuestionKey], value]),
        ),
        waiverAccepted: true,
        waitlist: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    entries.push(response.json());
  }
  // A new waiver text, accepted again by Ada alone; then the form reordered, a question added, one retired.
  const patchRace = (payload: object) =>
    main.current.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload,
    });
  expect((await patchRace({ waiver: { text: 'I run at my own risk, version two.' } })).statusCode).toBe(200);
  const accepted = await main.current.app.inject({
    method: 'PATCH',
    url: `/api/registrations/${entries[0]!._id}`,
    headers: bearerHeaders(runners[0]!.token),
    payload: { waiverAccepted: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  entries[0] = accepted.json().registration;
  const asked = (key: QuestionKey) => {
    const { id, label, type, required, options } = questionOf(race, labelOf[key]);
    return { id, label, type, required, ...(type === 'select' && { options }) };
  };
  const reordered = await patchRace({
    questions: [asked('meal'), asked('club'), asked('shuttle'), { label: 'Name on bib', type: 'text' }],
  });
  expect(reordered.statusCode, reordered.body).toBe(200);
  race = reordered.json().marathon;
  ids = { ...keys, bib: questionOf(race, 'Name on bib').id };
});

const listOf = (raceId: string, query = '', actor: Actor = organizer) =>
  inject(`/api/marathons/${raceId}/participants${query}`, actor);
const csvOf = (raceId: string, query = '', actor: Actor = organizer) =>
  inject(`/api/marathons/${raceId}/participants.csv${query}`, actor);
const statsOf = (raceId: string) => inject(`/api/marathons/${raceId}/stats`, organizer);

function expectOk<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const totalOf = (response: LightMyRequestResponse) => Number(response.headers['x-total-count']);
const lastNames = (participants: Participant[]) => participants.map((participant) => participant.lastName);

const CSV_HEADER =
  'Bib,Status,Waitlist Position,First Name,Last Name,Email,Contact,Info,Registered At,' +
  'Date of Birth,Age on Race Day,Age Group,Gender,T-shirt Size,Emergency Contact Name,Emergency Contact Phone,' +
  'Waiver Version,Waiver Accepted At,' +
  'Payment Status,Amount Due,Amount Paid,Amount Refunded,Currency,Discount Code,Receipt,' +
  'Checked In At,' +
  'Vegetarian meal,Club,Shuttle,Name on bib,Old question (retired)';

/** An instant as Tokyo's clocks read it, in whole seconds with their offset: 2027-01-05T21:00:00+09:00. */
const inTokyo = (iso: string) =>
  `${new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;

/** The CSV's records after its header (checked), as a spreadsheet reads them. */
function csvRecords(response: LightMyRequestResponse): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...records] = parse(response.body, { bom: true }) as string[][];
  expect(header!.join(',')).toBe(CSV_HEADER);
  return records;
}

/** The record each runner's entry must be in the CSV, written out cell by cell. */
function expectedRecords(): string[][] {
  const [ada, ben, dee, eve, gil, cy, fay, hal] = entries as [Registration, ...Registration[]];
  const head = (entry: Registration, bib: string, status: string, position: string) => [
    bib,
    status,
    position,
    entry.firstName,
    entry.lastName,
    entry.email,
    '555-010-0199',
    '',
    inTokyo(entry.timestamp),
  ];
  const born = (age: number) => bornAged(age, RACE_DAY);
  const waiver = (entry: Registration, version: string) => [version, inTokyo(entry.waiverAcceptedAt!)];
  // A free race: no amounts; nobody checked in.
  const free = ['free', '', '', '', '', '', '', ''];
  return [
    [
      ...head(ada, '1', 'registered', ''),
      ...[born(34), '34', '30–39', 'female', 'M', 'Byron, "Lord"', "'+44 20 7946 0000"],
      ...waiver(ada, '2'),
      ...free,
      ...['yes', 'Harriers, "North"\nteam', 'Morning', '', 'kept answer'],
    ],
    [
      ...head(ben!, '2', 'registered', ''),
      ...[born(45), '45', '40+', 'male', 'L', '', ''],
      ...waiver(ben!, '1'),
      ...free,
      ...['no', "'=1+1", '', '', ''],
    ],
    [
      ...head(dee!, '3', 'registered', ''),
      ...['', '', '', 'female', '', '', ''],
      ...waiver(dee!, '1'),
      ...free,
      ...['', '', '', '', ''],
    ],
    [
      ...head(eve!, '4', 'registered', ''),
      ...[born(25), '25', '20–29', '', 'M', '', ''],
      ...waiver(eve!, '1'),
      ...free,
      ...['', "'-dash", 'Evening', '', "'@old"],
    ],
    [
      ...head(gil!, '5', 'registered', ''),
      ...[born(31), '31', '30–39', 'nonbinary', 'S', '', ''],
      ...waiver(gil!, '1'),
      ...free,
      ...['yes', "'+plus", '', '', ''],
    ],
    [
      ...head(cy!, '6', 'registered', ''),
      ...[born(19), '19', '', 'nonbinary', 'S', '', ''],
      ...waiver(cy!, '1'),
      ...free,
      ...['', "'@home", '', '', ''],
    ],
    [
      ...head(fay!, '', 'waitlisted', '1'),
      ...[born(35), '35', '30–39', 'female', 'L', '', ''],
      ...waiver(fay!, '1'),
      ...free,
      ...['', '', '', '', ''],
    ],
    [
      ...head(hal!, '', 'waitlisted', '2'),
      ...[born(52), '52', '40+', 'male', 'XS', '', ''],
      ...waiver(hal!, '1'),
      ...free,
      ...['', '', 'Morning', '', ''],
    ],
  ];
}

describe('the desk’s rows', () => {
  it('carry the entry form’s answers, the age and group on race day and the waiver accepted', async () => {
    const participants = expectOk<Participant[]>(await listOf(race._id));

    expect(participants.map(({ status, bib, waitlistPosition }) => [status, bib, waitlistPosition])).toEqual([
      ['registered', 1, null],
      ['registered', 2, null],
      ['registered', 3, null],
      ['registered', 4, null],
      ['registered', 5, null],
      ['registered', 6, null],
      ['waitlisted', null, 1],
      ['waitlisted', null, 2],
    ]);
    expect(participants[0]).toMatchObject({
      _id: entries[0]!._id,
      dateOfBirth: bornAged(34, RACE_DAY),
      gender: 'female',
      tShirtSize: 'M',
      emergencyContact: { name: 'Byron, "Lord"', phone: '+44 20 7946 0000' },
      answers: {
        [ids.club]: 'Harriers, "North"\nteam',
        [ids.shuttle]: 'Morning',
        [ids.meal]: true,
        [ids.old]: 'kept answer',
      },
      ageOnRaceDay: 34,
      ageGroup: '30–39',
      waiverVersion: 2,
      waiverAcceptedAt: entries[0]!.waiverAcceptedAt,
    });
    expect(participants[2]).toMatchObject({
      dateOfBirth: null,
      gender: 'female',
      tShirtSize: null,
      emergencyContact: null,
      answers: {},
      ageOnRaceDay: null,
      ageGroup: null,
      waiverVersion: 1,
    });
    expect(participants[5]).toMatchObject({ ageOnRaceDay: 19, ageGroup: null });
    expect(participants.map(({ ageGroup }) => ageGroup)).toEqual([
      '30–39',
      '40+',
      null,
      '20–29',
      '30–39',
      null,
      '30–39',
      '40+',
    ]);
  });
});

describe('the gender and age-group filters', () => {
  it.each([
    ['?gender=female', ['Lovelace', 'Diaz', 'Evans']],
    ['?gender=male', ['Okafor', 'Gupta']],
    ['?gender=nonbinary&status=registered', ['Brown', 'Adams']],
    ['?gender=unanswered', ['Chen']],
    [`?ageGroup=${encodeURIComponent('30–39')}`, ['Lovelace', 'Brown', 'Evans']],
    [`?ageGroup=${encodeURIComponent('20–29')}`, ['Chen']],
    [`?ageGroup=${encodeURIComponent('40+')}`, ['Okafor', 'Gupta']],
    [`?ageGroup=${encodeURIComponent('40+')}&status=waitlisted`, ['Gupta']],
    ['?ageGroup=unanswered', ['Diaz', 'Adams']],
    [`?gender=female&ageGroup=${encodeURIComponent('30–39')}`, ['Lovelace', 'Evans']],
    [
      `?gender=female&ageGroup=${encodeURIComponent('30–39')}&sort=lastName&order=desc`,
      ['Lovelace', 'Evans'],
    ],
    [`?ageGroup=${encodeURIComponent('30–39')}&sort=lastName`, ['Brown', 'Evans', 'Lovelace']],
    [`?gender=male&ageGroup=${encodeURIComponent('20–29')}`, []],
    // Two words: a random address (the runners' e-mails hold UUIDs) never holds a space, so only the name matches.
    [`?gender=female&q=${encodeURIComponent('ada lo')}`, ['Lovelace']],
  ])('%s lists %j, counted in X-Total-Count, and the CSV exports the same rows', async (query, expected) => {
    const response = await listOf(race._id, query);

    expect(lastNames(expectOk(response))).toEqual(expected);
    expect(totalOf(response)).toBe(expected.length);
    expect(csvRecords(await csvOf(race._id, query)).map((record) => record[4])).toEqual(expected);
  });

  it('pages the filtered rows', async () => {
    const second = await listOf(race._id, `?ageGroup=${encodeURIComponent('30–39')}&limit=2&page=2`);

    expect(lastNames(expectOk(second))).toEqual(['Evans']);
    expect(totalOf(second)).toBe(3);
  });

  it.each([
    ['?gender=other', 'gender'],
    ['?gender=Female', 'gender'],
    [`?ageGroup=${encodeURIComponent('10–19')}`, 'ageGroup'],
    ['?ageGroup=30-39', 'ageGroup'], // a hyphen, not the label's en dash
    [`?ageGroup=${encodeURIComponent('50+')}`, 'ageGroup'],
    ['?ageGroup=30', 'ageGroup'],
  ])('refuses %s with a 400 naming the field, on the list and the CSV', async (query, field) => {
    const list = await listOf(race._id, query);
    const csv = await csvOf(race._id, query);

    for (const response of [list, csv]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorFields(response)).toEqual([field]);
    }
  });

  it('refuses an age group on a race without age groups', async () => {
    const response = await listOf(plainRace._id, `?ageGroup=${encodeURIComponent('30–39')}`);

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual(['ageGroup']);
  });

  it('answers 403 to a stranger, telling nothing of the answers', async () => {
    const response = await listOf(race._id, '?gender=female', stranger);

    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Harriers');
  });
});

describe('the CSV', () => {
  it('keeps the nine columns first, then the entry form’s nine, then a column per question in form order, retired ones last', async () => {
    const response = await csvOf(race._id);

    expect(response.body.startsWith(`\uFEFF${CSV_HEADER}\r\n`)).toBe(true);
  });

  it('writes each entry: days of birth as YYYY-MM-DD, times with Tokyo’s offset, checkboxes yes/no, empty where unanswered, formulas defused', async () => {
    expect(csvRecords(await csvOf(race._id))).toEqual(expectedRecords());
  });

  it('quotes per RFC 4180: commas, quotes and newlines inside quotes, quotes doubled; a defused answer keeps its quotes', async () => {
    const { body } = await csvOf(race._id);

    expect(body).toContain(`,"Harriers, ""North""\nteam",`);
    expect(body).toContain(`,"Byron, ""Lord""",'+44 20 7946 0000,`);
    expect(body).toContain(`,no,'=1+1,,,\r\n`);
    expect(body).toContain(`,'@home,,,\r\n`);
  });

  it('writes Waiver Accepted At like Registered At: ISO 8601 with the race zone’s offset', async () => {
    const [first] = csvRecords(await csvOf(race._id));

    expect(first![8]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(first![17]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(Date.parse(first![17]!)).toBe(Math.floor(Date.parse(entries[0]!.waiverAcceptedAt!) / 1000) * 1000);
  });

  it('has no question columns for a race without questions', async () => {
    const response = await csvOf(plainRace._id);

    expect(response.body).toBe(
      '\uFEFFBib,Status,Waitlist Position,First Name,Last Name,Email,Contact,Info,Registered At,' +
        'Date of Birth,Age on Race Day,Age Group,Gender,T-shirt Size,Emergency Contact Name,' +
        'Emergency Contact Phone,Waiver Version,Waiver Accepted At,' +
        'Payment Status,Amount Due,Amount Paid,Amount Refunded,Currency,Discount Code,Receipt,Checked In At\r\n',
    );
  });
});

describe('the totals', () => {
  it('count registered runners per T-shirt size, gender and age group, every value present, plus unanswered (the line not counted)', async () => {
    const stats = expectOk<RaceStats>(await statsOf(race._id));

    expect(stats).toMatchObject({
      counts: { registered: 6, waitlisted: 2 },
      tShirtSizes: { XS: 0, S: 2, M: 2, L: 1, unanswered: 1 },
      genders: { female: 2, male: 1, nonbinary: 2, unanswered: 1 },
      ageGroups: { '20–29': 1, '30–39': 2, '40+': 1, unanswered: 2 },
    });
    expect(Object.keys(stats.tShirtSizes)).toEqual(['XS', 'S', 'M', 'L', 'unanswered']);
    expect(Object.keys(stats.genders)).toEqual(['female', 'male', 'nonbinary', 'unanswered']);
    expect(Object.keys(stats.ageGroups)).toEqual(['20–29', '30–39', '40+', 'unanswered']);
  });

  it('equal the counts of the desk’s rows', async () => {
    const stats = expectOk<RaceStats>(await statsOf(race._id));
    const registered = expectOk<Participant[]>(await listOf(race._id, '?status=registered&limit=100'));
    const countBy = (value: (row: Participant) => string | null) => {
      const counts: Record<string, number> = {};
      for (const row of registered) {
        const key = value(row) ?? 'unanswered';
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    };
    const nonZero = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));

    expect(nonZero(stats.tShirtSizes)).toEqual(countBy((row) => row.tShirtSize));
    expect(nonZero(stats.genders)).toEqual(countBy((row) => row.gender));
    expect(nonZero(stats.ageGroups)).toEqual(countBy((row) => row.ageGroup));
    for (const [gender, count] of Object.entries(stats.genders)) {
      expect(totalOf(await listOf(race._id, `?status=registered&gender=${gender}&limit=1`)), gender).toBe(
        count,
      );
    }
    for (const [group, count] of Object.entries(stats.ageGroups)) {
      const query = `?status=registered&ageGroup=${encodeURIComponent(group)}&limit=1`;
      expect(totalOf(await listOf(race._id, query)), group).toBe(count);
    }
    for (const counts of [stats.tShirtSizes, stats.genders, stats.ageGroups]) {
      expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(stats.counts.registered);
    }
  });

  it('show every configured value at 0 for a race nobody has entered', async () => {
    const empty = await createMarathon(main.current.app, organizer, {
      registrationFields: { tShirtSize: 'required', gender: 'optional', dateOfBirth: 'optional' },
      ageGroups: [0, 20, 30, 40, 50, 60, 70],
    });

    const stats = expectOk<RaceStats>(await statsOf(empty._id));

    expect(stats).toMatchObject({
      tShirtSizes: { XS: 0, S: 0, M: 0, L: 0, XL: 0, XXL: 0, unanswered: 0 },
      genders: { female: 0, male: 0, nonbinary: 0, unanswered: 0 },
      ageGroups: {
        '0–19': 0,
        '20–29': 0,
        '30–39': 0,
        '40–49': 0,
        '50–59': 0,
        '60–69': 0,
        '70+': 0,
        unanswered: 0,
      },
    });
  });
});
