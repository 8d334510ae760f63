import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Gender,
  type Marathon,
  RESULTS_CSV_HEADER,
  RESULTS_MESSAGES,
  type Registration,
  type Result,
  type ResultCard,
  type ResultsPage,
  type ResultsReport,
  TOTAL_COUNT_HEADER,
  formatDayInZone,
} from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import { bornAged } from '../../testing/entry-form-fixtures.js';
import {
  type Actor,
  ISO_DATE_PATTERN,
  MISSING_ID,
  createMarathon,
  findMyRegistrations,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { joinTeam } from '../../testing/staff-fixtures.js';
import { type AuthUser, bearerHeaders } from '../../testing/test-app.js';
import { RESULTS_ROUTE_MESSAGES } from './results.service.js';

/**
 * Issue 34's results through the API: importing the timer's file (its report, refusals that store nothing, dry
 * runs, re-imports), places (ties, divisions, chip or gun), who may import, publish and read them before and
 * after publishing, the finishers' mail, the filters, the summary, the result card, the CSV and the runner's own
 * entry.
 */
const main = useTestApp();
const app = () => main.current.app;
const db = () => main.current.database.db;

type User = Actor & { user: AuthUser };

let organizer: User;
let coorganizer: User;
let volunteer: User;
let stranger: User;
let race: Marathon;
/** A race with a runner and nothing imported. */
let emptyRace: Marathon;
/** The race's runners by bib (1–11), all registered; then one in line (no bib). */
let runners: User[];
let entries: Registration[];
let waitlisted: Registration;

/** Ten-year age groups. */
const AGE_GROUPS = [0, 20, 30, 40, 50, 60, 70];
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")';

/** The race's runners in bib order: names, gender and age on race day (so their division). */
const RUNNERS: ReadonlyArray<{ firstName: string; lastName: string; gender: Gender; age: number }> = [
  { firstName: 'Ada', lastName: 'Lovelace', gender: 'female', age: 34 }, // 1: F 30–39
  { firstName: 'Grace', lastName: 'Hopper', gender: 'female', age: 36 }, // 2: F 30–39
  { firstName: 'Alan', lastName: 'Turing', gender: 'male', age: 41 }, // 3: M 40–49
  { firstName: 'Katherine', lastName: 'Johnson', gender: 'female', age: 45 }, // 4: F 40–49
  { firstName: 'Edsger', lastName: 'Dijkstra', gender: 'male', age: 33 }, // 5: M 30–39
  { firstName: FORMULA_NAME, lastName: 'Hacker, Jr.', gender: 'male', age: 38 }, // 6: M 30–39
  { firstName: 'Barbara', lastName: 'Liskov', gender: 'female', age: 52 }, // 7: F 50–59
  { firstName: 'Donald', lastName: 'Knuth', gender: 'male', age: 25 }, // 8: M 20–29
  { firstName: 'Margaret', lastName: 'Hamilton', gender: 'female', age: 31 }, // 9: DNF
  { firstName: 'Linus', lastName: 'Torvalds', gender: 'male', age: 29 }, // 10: DNS
  { firstName: 'Ken', lastName: 'Thompson', gender: 'nonbinary', age: 47 }, // 11: DQ
];
const AGE_GROUP_OF_BIB = [
  '30–39',
  '30–39',
  '40–49',
  '40–49',
  '30–39',
  '30–39',
  '50–59',
  '20–29',
  '30–39',
  '20–29',
  '40–49',
];

/**
 * The timer's file: columns in another order and case, one Stride ignores, every time form (H:MM:SS, HH:MM:SS,
 * HH:MM:SS.s), CRLF, the non-finishers first. Grace (2) and Alan (3) tie on chip time; Edsger (5) has no gun time;
 * Ken (11) is disqualified with the fastest time.
 */
const STANDARD_ROWS = [
  'Name,BIB,chip time,Gun Time,STATUS',
  'Ken,11,0:38:00,0:38:10,DQ',
  'Linus,10,,,dns',
  'Margaret,9,,,DNF',
  'Donald,8,0:55:00,0:55:10,',
  'Ada,1,0:40:00,0:41:30,FIN',
  'Alan,3,00:42:00.0,00:41:00,',
  'Grace,2,00:42:00,0:42:05,',
  'Katherine,4,00:44:30.4,0:45:00,',
  'Edsger,5,0:46:00,,',
  'Hacker,6,0:48:00,0:45:30,',
  'Barbara,7,0:50:00,0:50:20,',
];
const fileOf = (lines: readonly string[], separator = '\r\n') => lines.join(separator) + separator;
const STANDARD_FILE = fileOf(STANDARD_ROWS);

/** Each result's places and pace by bib, as the file above ranks them by chip time, then by gun time. */
const CHIP: Record<
  number,
  [place: number | null, gender: number | null, division: number | null, pace: string | null]
> = {
  1: [1, 1, 1, '4:00'],
  2: [2, 2, 2, '4:12'],
  3: [2, 1, 1, '4:12'],
  4: [4, 3, 1, '4:27'],
  5: [5, 2, 1, '4:36'],
  6: [6, 3, 2, '4:48'],
  7: [7, 4, 1, '5:00'],
  8: [8, 4, 1, '5:30'],
  9: [null, null, null, null],
  10: [null, null, null, null],
  11: [null, null, null, null],
};
const CHIP_ORDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const GUN: typeof CHIP = {
  3: [1, 1, 1, '4:06'],
  1: [2, 1, 1, '4:09'],
  2: [3, 2, 2, '4:13'],
  4: [4, 3, 1, '4:30'],
  6: [5, 2, 1, '4:33'],
  // No gun time: ranked by his chip time.
  5: [6, 3, 2, '4:36'],
  7: [7, 4, 1, '5:02'],
  8: [8, 4, 1, '5:31'],
  9: [null, null, null, null],
  10: [null, null, null, null],
  11: [null, null, null, null],
};
const GUN_ORDER = [3, 1, 2, 4, 6, 5, 7, 8, 9, 10, 11];

/** Times in the file, by bib: [chip, gun] in milliseconds. */
const ms = (h: number, m: number, s: number, tenths = 0) => ((h * 60 + m) * 60 + s) * 1000 + tenths * 100;
const TIMES: Record<number, [number | null, number | null]> = {
  1: [ms(0, 40, 0), ms(0, 41, 30)],
  2: [ms(0, 42, 0), ms(0, 42, 5)],
  3: [ms(0, 42, 0), ms(0, 41, 0)],
  4: [ms(0, 44, 30, 4), ms(0, 45, 0)],
  5: [ms(0, 46, 0), null],
  6: [ms(0, 48, 0), ms(0, 45, 30)],
  7: [ms(0, 50, 0), ms(0, 50, 20)],
  8: [ms(0, 55, 0), ms(0, 55, 10)],
  9: [null, null],
  10: [null, null],
  11: [ms(0, 38, 0), ms(0, 38, 10)],
};
const STATUS_OF_BIB: Record<number, Result['status']> = { 9: 'DNF', 10: 'DNS', 11: 'DQ' };
const timeText = (time: number | null) => {
  if (time === null) return null;
  const seconds = Math.floor(time / 1000);
  return `${Math.floor(seconds / 3600)}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The result of a bib as the API answers it under a ranking's places. */
function expectedResult(bib: number, ranking: typeof CHIP = CHIP): Result {
  const runner = RUNNERS[bib - 1]!;
  const [chipTime, gunTime] = TIMES[bib]!;
  const [place, genderPlace, ageGroupPlace, pacePerKm] = ranking[bib]!;
  return {
    registrationId: entries[bib - 1]!._id,
    bib,
    firstName: runner.firstName,
    lastName: runner.lastName,
    gender: runner.gender,
    ageGroup: AGE_GROUP_OF_BIB[bib - 1]!,
    chipTime,
    gunTime,
    chipTimeText: timeText(chipTime),
    gunTimeText: timeText(gunTime),
    status: STATUS_OF_BIB[bib] ?? 'FIN',
    place,
    genderPlace,
    ageGroupPlace,
    pacePerKm,
  };
}

const headersOf = (actor?: Actor) => (actor ? bearerHeaders(actor.token) : {});
const importFile = (raceId: string, content: string, actor?: Actor, query = '') =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/results${query}`,
    headers: { ...headersOf(actor), 'content-type': 'text/csv' },
    payload: content,
  });
const publish = (raceId: string, published: boolean, actor?: Actor) =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/results/publish`,
    headers: headersOf(actor),
    payload: { published },
  });
const getResults = (raceId: string, query = '', actor?: Actor) =>
  app().inject({ url: `/api/marathons/${raceId}/results${query}`, headers: headersOf(actor) });
const getCsv = (raceId: string, query = '', actor?: Actor) =>
  app().inject({ url: `/api/marathons/${raceId}/results.csv${query}`, headers: headersOf(actor) });
const getCard = (raceId: string, bib: number | string, actor?: Actor) =>
  app().inject({ url: `/api/marathons/${raceId}/results/${bib}`, headers: headersOf(actor) });
const setRankBy = async (rankBy: 'chip' | 'gun') => {
  const response = await app().inject({
    method: 'PATCH',
    url: `/api/marathons/${race._id}`,
    headers: bearerHeaders(organizer.token),
    payload: { rankBy },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ marathon: Marathon }>().marathon;
};

const message = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

function pageOf(response: LightMyRequestResponse): ResultsPage {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResultsPage>();
}
const bibsOf = (response: LightMyRequestResponse) => pageOf(response).results.map((result) => result.bib);

/** Imports the file as the organizer, expecting it stored. */
async function store(content = STANDARD_FILE): Promise<ResultsReport> {
  const response = await importFile(race._id, content, organizer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResultsReport>();
}

/** The whole of the race's results as the organizer reads them (every row, in order). */
const readAll = async () => pageOf(await getResults(race._id, '?limit=100', organizer));

const resultMails = async () =>
  rowsOf<{ recipient: string; bib: number; place: number }>(
    await db().execute(sql`
      select recipient, (payload->'result'->>'bib')::int as bib, (payload->'result'->>'place')::int as place
      from mail_outbox where payload->>'kind' = 'result-published' order by 2`),
  );

const marathonOf = async (id: string): Promise<Marathon> => {
  const response = await app().inject({ url: `/api/marathons/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Marathon>();
};

/** The runner's own entry in the race: in their list (My Apply List) and on the race's page. */
async function ownEntries(bib: number) {
  const runner = runners[bib - 1]!;
  const listed = (await findMyRegistrations(app(), runner)).find((entry) => entry.marathonId === race._id);
  const page = await app().inject({
    url: `/api/marathons/${race._id}?include=myRegistration`,
    headers: bearerHeaders(runner.token),
  });
  expect(page.statusCode, page.body).toBe(200);
  return { listed: listed!, onPage: page.json<{ myRegistration: Registration }>().myRegistration };
}

beforeAll(async () => {
  const team = await insertSignedInUsers(main.current, 4);
  [organizer, coorganizer, volunteer, stranger] = [team[0]!, team[1]!, team[2]!, team[3]!];
  race = await createMarathon(app(), organizer, {
    title: 'Harbour 10K, Spring',
    distance: '10k',
    capacity: RUNNERS.length,
    registrationFields: { gender: 'required', dateOfBirth: 'required' },
    ageGroups: AGE_GROUPS,
  });
  emptyRace = await createMarathon(app(), organizer);
  await joinTeam(main.current, organizer, coorganizer, race._id, 'coorganizer');
  await joinTeam(main.current, organizer, volunteer, race._id, 'checkin');

  const raceDay = formatDayInZone(race.startDate, race.timeZone);
  runners = await insertSignedInUsers(main.current, RUNNERS.length + 2);
  entries = [];
  for (const [index, runner] of RUNNERS.entries()) {
    const { age, ...names } = runner;
    entries.push(
      await register(app(), runners[index]!, race._id, { ...names, dateOfBirth: bornAged(age, raceDay) }),
    );
  }
  expect(entries.map((entry) => entry.bib)).toEqual(CHIP_ORDER);
  waitlisted = await register(app(), runners[RUNNERS.length]!, race._id, {
    firstName: 'Wendy',
    lastName: 'Waiting',
    gender: 'female',
    dateOfBirth: bornAged(40, raceDay),
    waitlist: true,
  });
  expect(waitlisted).toMatchObject({ status: 'waitlisted', bib: null });
  await register(app(), runners[RUNNERS.length + 1]!, emptyRace._id);
});

describe('importing the timer’s file', () => {
  it('checks a file without storing it on a dry run: the report, stored false, and nothing to read after', async () => {
    const response = await importFile(race._id, STANDARD_FILE, organizer, '?dryRun=true');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      rows: 11,
      matched: 11,
      finishers: 8,
      unknownBibs: [],
      duplicateBibs: [],
      problems: [],
      stored: false,
      resultsUpdatedAt: null,
    });
    const read = await getResults(race._id, '', organizer);
    expect(pageOf(read)).toMatchObject({ results: [], resultsUpdatedAt: null, published: false });
    expect(read.headers[TOTAL_COUNT_HEADER]).toBe('0');
    const card = await getCard(race._id, 1, organizer);
    expect(card.statusCode).toBe(404);
    expect(message(card)).toBe(RESULTS_MESSAGES.resultNotFound);
  });

  it('stores a good file and answers its report (200): every row matched, the finishers counted', async () => {
    const response = await importFile(race._id, STANDARD_FILE, organizer);

    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ResultsReport>();
    expect(report).toEqual({
      rows: 11,
      matched: 11,
      finishers: 8,
      unknownBibs: [],
      duplicateBibs: [],
      problems: [],
      stored: true,
      resultsUpdatedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    const read = await readAll();
    expect(read.resultsUpdatedAt).toBe(report.resultsUpdatedAt);
    expect(read.results.map((result) => result.bib)).toEqual(CHIP_ORDER);
  });

  it('answers a dry run of a stored race with the last import’s time, changing nothing', async () => {
    const before = await readAll();
    const response = await importFile(race._id, fileOf(STANDARD_ROWS.slice(0, 3)), organizer, '?dryRun=true');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      rows: 2,
      stored: false,
      resultsUpdatedAt: before.resultsUpdatedAt,
    });
    expect(await readAll()).toEqual(before);
  });

  it.each([
    [
      'a time that is not one',
      fileOf(['Bib,Chip Time', '1,0:40:00', '2,0:4x:00']),
      { rows: 2, matched: 2, finishers: 2 },
      [{ line: 3, column: 'Chip Time', message: RESULTS_MESSAGES.time('Chip Time') }],
    ],
    [
      'a time past 99:59:59.9',
      fileOf(['Bib,Gun Time', '1,100:00:00']),
      { rows: 1, matched: 1, finishers: 1 },
      [{ line: 2, column: 'Gun Time', message: RESULTS_MESSAGES.time('Gun Time') }],
    ],
    [
      'a status that is not one',
      fileOf(['Bib,Chip Time,Status', '1,0:40:00,FIN', '', '2,,WALKED']),
      { rows: 2, matched: 1, finishers: 1 },
      [{ line: 4, column: 'Status', message: RESULTS_MESSAGES.status }],
    ],
    [
      'no Bib column',
      fileOf(['Number,Chip Time', '1,0:40:00']),
      { rows: 1, matched: 0, finishers: 0 },
      [{ line: 1, column: 'Bib', message: RESULTS_MESSAGES.missingBib }],
    ],
    [
      'a finisher without a time',
      fileOf(['Bib,Chip Time,Status', '1,0:40:00,', '2,,FIN']),
      { rows: 2, matched: 2, finishers: 2 },
      [{ line: 3, column: 'Chip Time', message: RESULTS_MESSAGES.finisherTime }],
    ],
  ])(
    'refuses a file with %s (400): the report names its line and column, and nothing is stored',
    async (_, content, counts, problems) => {
      const before = await readAll();

      const response = await importFile(race._id, content, organizer);

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: RESULTS_MESSAGES.rejected,
        ...counts,
        unknownBibs: [],
        duplicateBibs: [],
        problems,
        stored: false,
        resultsUpdatedAt: before.resultsUpdatedAt,
      });
      expect(await readAll()).toEqual(before);
    },
  );

  it('refuses bibs of no registered entry of the race (400 unknownBibs, in the file’s order), storing nothing', async () => {
    const before = await readAll();
    // The runner in line has no bib: 12 is nobody's yet.
    const content = fileOf([...STANDARD_ROWS, 'Nobody,999,0:59:00,,', 'Wendy,12,0:58:00,,']);

    const response = await importFile(race._id, content, organizer);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: RESULTS_MESSAGES.rejected,
      rows: 13,
      matched: 11,
      finishers: 8,
      unknownBibs: [999, 12],
      duplicateBibs: [],
      problems: [],
      stored: false,
      resultsUpdatedAt: before.resultsUpdatedAt,
    });
    expect(await readAll()).toEqual(before);
  });

  it('refuses a bib on two rows (400 duplicateBibs), storing nothing', async () => {
    const before = await readAll();
    const content = fileOf([...STANDARD_ROWS, 'Alan again,3,0:43:00,,']);

    const response = await importFile(race._id, content, organizer);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: RESULTS_MESSAGES.rejected,
      rows: 12,
      unknownBibs: [],
      duplicateBibs: [3],
      problems: [],
      stored: false,
      resultsUpdatedAt: before.resultsUpdatedAt,
    });
    expect(await readAll()).toEqual(before);
  });

  it('refuses a body that is not CSV (415)', async () => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/results`,
      headers: bearerHeaders(organizer.token),
      payload: { rows: [{ bib: 1, chipTime: '0:40:00' }] },
    });

    expect(response.statusCode, response.body).toBe(415);
    expect(message(response)).toBe(RESULTS_MESSAGES.notCsv);
  });

  it('refuses a plain-text upload with the same words (415), reading nothing', async () => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/results`,
      headers: { ...bearerHeaders(organizer.token), 'content-type': 'text/plain' },
      payload: 'Bib,Chip Time\n1,0:40:00\n',
    });

    expect(response.statusCode, response.body).toBe(415);
    expect(message(response)).toBe(RESULTS_MESSAGES.notCsv);
  });

  it('reads semicolons and a byte order mark, with LF line ends, as the same results', async () => {
    const before = await readAll();
    const content =
      '\uFEFF' +
      fileOf(
        STANDARD_ROWS.map((row) => row.replaceAll(',', ';')),
        '\n',
      );

    const report = await store(content);

    expect(report).toMatchObject({ rows: 11, matched: 11, finishers: 8, problems: [], stored: true });
    expect((await readAll()).results).toEqual(before.results);
  });

  it('replaces the last import on a re-import: a runner left out loses the result, a corrected time moves places', async () => {
    // Donald (8) is not in the corrected file; Katherine's (4) chip time was 44:30.4, it is 41:00.
    const corrected = STANDARD_ROWS.filter((row) => !row.startsWith('Donald')).map((row) =>
      row.startsWith('Katherine') ? 'Katherine,4,0:41:00,0:45:00,' : row,
    );

    const report = await store(fileOf(corrected));

    expect(report).toMatchObject({ rows: 10, matched: 10, finishers: 7, stored: true });
    const read = await getResults(race._id, '?limit=100', organizer);
    expect(read.headers[TOTAL_COUNT_HEADER]).toBe('10');
    expect(
      pageOf(read).results.map((result) => [
        result.bib,
        result.place,
        result.genderPlace,
        result.ageGroupPlace,
      ]),
    ).toEqual([
      [1, 1, 1, 1],
      [4, 2, 2, 1],
      [2, 3, 3, 2],
      [3, 3, 1, 1],
      [5, 5, 2, 1],
      [6, 6, 3, 2],
      [7, 7, 4, 1],
      [9, null, null, null],
      [10, null, null, null],
      [11, null, null, null],
    ]);
    const gone = await getCard(race._id, 8, organizer);
    expect(gone.statusCode).toBe(404);
    expect(message(gone)).toBe(RESULTS_MESSAGES.resultNotFound);

    // And back to the first file: everything as it was.
    await store();
    expect((await readAll()).results).toEqual(CHIP_ORDER.map((bib) => expectedResult(bib)));
  });

  describe('who may import', () => {
    it('lets a co-organizer import (200)', async () => {
      const response = await importFile(race._id, STANDARD_FILE, coorganizer);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ stored: true, matched: 11 });
    });

    it.each([
      ['a check-in volunteer', () => volunteer],
      ['a stranger', () => stranger],
    ])('refuses %s (403), storing nothing', async (_, caller) => {
      const before = await readAll();
      const response = await importFile(race._id, fileOf(STANDARD_ROWS.slice(0, 3)), caller());
      expect(response.statusCode, response.body).toBe(403);
      expect(message(response)).toBe(RESULTS_MESSAGES.notOrganizer);
      expect(await readAll()).toEqual(before);
    });

    it('answers 401 to anyone not signed in', async () => {
      expect((await importFile(race._id, STANDARD_FILE)).statusCode).toBe(401);
    });

    it('answers 404 for a race that is not there', async () => {
      const response = await importFile(MISSING_ID, STANDARD_FILE, organizer);
      expect(response.statusCode, response.body).toBe(404);
      expect(message(response)).toBe(RESULTS_ROUTE_MESSAGES.marathonNotFound);
    });
  });
});

describe('places', () => {
  it('are counted by chip time: ties share a place (1, 2, 2, 4), DNF, DNS and DQ after the finishers with none', async () => {
    const page = await readAll();

    expect(page.rankBy).toBe('chip');
    expect(page.results.map((result) => result.place)).toEqual([1, 2, 2, 4, 5, 6, 7, 8, null, null, null]);
    expect(page.results.map((result) => result.status)).toEqual([
      ...Array(8).fill('FIN'),
      'DNF',
      'DNS',
      'DQ',
    ]);
    expect(page.results).toEqual(CHIP_ORDER.map((bib) => expectedResult(bib)));
    expect(page.ageGroups).toEqual(['0–19', '20–29', '30–39', '40–49', '50–59', '60–69', '70+']);
  });

  it('follow the race’s rankBy: gun reorders the results and their places without a re-import, a finisher without a gun time ranked by chip time', async () => {
    const updatedAt = (await readAll()).resultsUpdatedAt;

    const changed = await setRankBy('gun');

    expect(changed.rankBy).toBe('gun');
    expect((await marathonOf(race._id)).rankBy).toBe('gun');
    const page = await readAll();
    expect(page.rankBy).toBe('gun');
    expect(page.resultsUpdatedAt).toBe(updatedAt);
    expect(page.results.map((result) => result.bib)).toEqual(GUN_ORDER);
    expect(page.results).toEqual(GUN_ORDER.map((bib) => expectedResult(bib, GUN)));
    expect(page.summary.fastest).toEqual([
      {
        gender: 'female',
        bib: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        time: ms(0, 41, 30),
        timeText: '0:41:30',
      },
      {
        gender: 'male',
        bib: 3,
        firstName: 'Alan',
        lastName: 'Turing',
        time: ms(0, 41, 0),
        timeText: '0:41:00',
      },
    ]);
    expect(page.summary.medianTime).toBe((ms(0, 45, 0) + ms(0, 45, 30)) / 2);
    const card = (await getCard(race._id, 3, organizer)).json<ResultCard>();
    expect(card.placeLine).toBe('1st of 8 · 1st M 40–49');

    expect((await setRankBy('chip')).rankBy).toBe('chip');
    expect((await readAll()).results.map((result) => result.bib)).toEqual(CHIP_ORDER);
  });
});

describe('before publishing', () => {
  const readsAs = (actor?: Actor) => [
    getResults(race._id, '', actor),
    getCsv(race._id, '', actor),
    getCard(race._id, 1, actor),
  ];

  it('hides the results, their CSV and a result card from anyone not signed in and from a stranger (404)', async () => {
    for (const response of [...(await Promise.all(readsAs())), ...(await Promise.all(readsAs(stranger)))]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(message(response)).toBe(RESULTS_MESSAGES.notFound);
    }
  });

  it('shows them to the race’s team: the organizer, a co-organizer and a check-in volunteer (200)', async () => {
    for (const member of [organizer, coorganizer, volunteer]) {
      const [list, csv, card] = await Promise.all(readsAs(member));
      expect(pageOf(list!)).toMatchObject({ published: false });
      expect(list!.headers[TOTAL_COUNT_HEADER]).toBe('11');
      expect(csv!.statusCode).toBe(200);
      expect(card!.statusCode).toBe(200);
    }
  });

  it('puts no result on the runner’s own entry, and the race says they are not published', async () => {
    const { listed, onPage } = await ownEntries(1);
    expect(listed.result).toBeNull();
    expect(onPage.result).toBeNull();
    expect(await marathonOf(race._id)).toMatchObject({ rankBy: 'chip', resultsPublished: false });
  });

  it.each([
    ['a check-in volunteer', () => volunteer],
    ['a stranger', () => stranger],
  ])('refuses %s publishing (403)', async (_, caller) => {
    const response = await publish(race._id, true, caller());
    expect(response.statusCode, response.body).toBe(403);
    expect(message(response)).toBe(RESULTS_MESSAGES.notOrganizer);
    expect((await getResults(race._id)).statusCode).toBe(404);
  });

  it('answers 401 to a publication not signed in, 404 for a race that is not there', async () => {
    expect((await publish(race._id, true)).statusCode).toBe(401);
    const missing = await publish(MISSING_ID, true, organizer);
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe(RESULTS_ROUTE_MESSAGES.marathonNotFound);
    for (const response of [
      await getResults(MISSING_ID, '', organizer),
      await getCsv(MISSING_ID),
      await getCard(MISSING_ID, 1),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(message(response)).toBe(RESULTS_ROUTE_MESSAGES.marathonNotFound);
    }
  });

  it('refuses to publish a race with nothing imported (409)', async () => {
    const response = await publish(emptyRace._id, true, organizer);
    expect(response.statusCode, response.body).toBe(409);
    expect(message(response)).toBe(RESULTS_MESSAGES.nothingToPublish);
    expect(await resultMails()).toEqual([]);
  });
});

describe('publishing', () => {
  it('the first time (a co-organizer may) mails each finisher once, and no DNF, DNS or DQ', async () => {
    const response = await publish(race._id, true, coorganizer);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      published: true,
      resultsPublishedAt: expect.stringMatching(ISO_DATE_PATTERN),
      mailed: 8,
    });
    const mails = await resultMails();
    expect(mails).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((bib) => ({
        recipient: runners[bib - 1]!.user.email,
        bib,
        place: CHIP[bib]![0],
      })),
    );
  });

  it('opens the results to anyone: the list, the CSV and a card (200), and the race says so', async () => {
    for (const actor of [undefined, stranger]) {
      const [list, csv, card] = await Promise.all([
        getResults(race._id, '', actor),
        getCsv(race._id, '', actor),
        getCard(race._id, 1, actor),
      ]);
      expect(pageOf(list)).toMatchObject({ published: true });
      expect(csv.statusCode).toBe(200);
      expect(card.statusCode).toBe(200);
    }
    expect(await marathonOf(race._id)).toMatchObject({ rankBy: 'chip', resultsPublished: true });
  });

  it('puts the result on the runner’s own entry: in their list and on the race’s page', async () => {
    for (const bib of [1, 9]) {
      const { listed, onPage } = await ownEntries(bib);
      expect(listed.result).toEqual(expectedResult(bib));
      expect(onPage.result).toEqual(expectedResult(bib));
    }
    const other = (await findMyRegistrations(app(), runners[RUNNERS.length]!)).find(
      (entry) => entry._id === waitlisted._id,
    );
    expect(other?.result).toBeNull();
  });

  it('taken back, hides them again from anyone not on the team; published again, mails nobody more', async () => {
    const withdrawn = await publish(race._id, false, organizer);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ published: false, resultsPublishedAt: null, mailed: 0 });
    for (const response of [await getResults(race._id), await getCsv(race._id), await getCard(race._id, 1)]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await getResults(race._id, '', organizer)).statusCode).toBe(200);
    expect((await marathonOf(race._id)).resultsPublished).toBe(false);
    expect((await ownEntries(1)).listed.result).toBeNull();

    const again = await publish(race._id, true, organizer);
    expect(again.statusCode, again.body).toBe(200);
    expect((await getResults(race._id)).statusCode).toBe(200);
    expect((await marathonOf(race._id)).resultsPublished).toBe(true);
    // Still the first publication's eight mails, and the answer says none was queued.
    expect((await resultMails()).map((mail) => mail.bib)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(again.json()).toEqual({
      published: true,
      resultsPublishedAt: expect.stringMatching(ISO_DATE_PATTERN),
      mailed: 0,
    });
  });

  it('publishing what is published mails nobody', async () => {
    const before = (await resultMails()).length;
    const response = await publish(race._id, true, organizer);
    expect(response.statusCode, response.body).toBe(200);
    expect(await resultMails()).toHaveLength(before);
    expect(response.json()).toMatchObject({ published: true, mailed: 0 });
  });
});

describe('reading published results', () => {
  it('answers them to anyone in place order with X-Total-Count, no-cache, and the summary', async () => {
    const response = await getResults(race._id);

    const page = pageOf(response);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('11');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(page.results).toEqual(CHIP_ORDER.map((bib) => expectedResult(bib)));
    expect(page.summary).toEqual({
      finishers: 8,
      dnf: 1,
      dns: 1,
      dq: 1,
      fastest: [
        {
          gender: 'female',
          bib: 1,
          firstName: 'Ada',
          lastName: 'Lovelace',
          time: ms(0, 40, 0),
          timeText: '0:40:00',
        },
        {
          gender: 'male',
          bib: 3,
          firstName: 'Alan',
          lastName: 'Turing',
          time: ms(0, 42, 0),
          timeText: '0:42:00',
        },
      ],
      // The mean of the 4th and 5th of eight: 44:30.4 and 46:00.
      medianTime: (ms(0, 44, 30, 4) + ms(0, 46, 0)) / 2,
      medianTimeText: '0:45:15',
      podiums: [
        { gender: 'female', results: [1, 2, 4].map((bib) => expectedResult(bib)) },
        { gender: 'male', results: [3, 5, 6].map((bib) => expectedResult(bib)) },
      ],
    });
  });

  it.each([
    ['a first name', 'grace', [2]],
    ['part of a last name, in any case', 'HOP', [2]],
    ['first and last name', 'ada love', [1]],
    ['a bib', '3', [3]],
    ['text of a formula name', 'hyperlink', [6]],
    ['a name of nobody', 'nobody', []],
  ])('finds by %s (q=%s)', async (_, q, bibs) => {
    const response = await getResults(race._id, `?q=${encodeURIComponent(q)}`);
    expect(bibsOf(response)).toEqual(bibs);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(bibs.length));
  });

  it.each([
    ['gender=female', [1, 2, 4, 7, 9]],
    ['gender=nonbinary', [11]],
    [`ageGroup=${encodeURIComponent('30–39')}`, [1, 2, 5, 6, 9]],
    [`gender=male&ageGroup=${encodeURIComponent('30–39')}`, [5, 6]],
    ['status=DNF', [9]],
    ['status=DQ', [11]],
    ['status=FIN', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['q=a&gender=female&status=FIN', [1, 2, 4, 7]],
  ])('filters by %s, in place order', async (query, bibs) => {
    const response = await getResults(race._id, `?${query}`);
    expect(bibsOf(response)).toEqual(bibs);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(bibs.length));
  });

  it('keeps the whole race’s summary under a filter', async () => {
    const whole = pageOf(await getResults(race._id)).summary;
    expect(pageOf(await getResults(race._id, '?gender=male&status=DNS')).summary).toEqual(whole);
  });

  it.each([
    ['page=1&limit=3', [1, 2, 3]],
    ['page=2&limit=3', [4, 5, 6]],
    ['page=4&limit=3', [10, 11]],
    ['page=5&limit=3', []],
  ])('pages them (%s), X-Total-Count counting every row', async (query, bibs) => {
    const response = await getResults(race._id, `?${query}`);
    expect(bibsOf(response)).toEqual(bibs);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('11');
  });

  it.each(['gender=robot', 'status=LOST', 'page=0', 'limit=0'])('refuses a query %s (400)', async (query) => {
    expect((await getResults(race._id, `?${query}`)).statusCode).toBe(400);
  });

  it.each([
    [1, '1st of 8 · 1st F 30–39'],
    [2, '2nd of 8 · 2nd F 30–39'],
    [3, '2nd of 8 · 1st M 40–49'],
    [6, '6th of 8 · 2nd M 30–39'],
    [9, null],
    [11, null],
  ])('answers the card of bib %s with its place line %j', async (bib, placeLine) => {
    const response = await getCard(race._id, bib);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: expectedResult(bib), finishers: 8, placeLine });
  });

  it.each([999, 12])('answers 404 "Result not found" for bib %s, which has no result', async (bib) => {
    const response = await getCard(race._id, bib);
    expect(response.statusCode).toBe(404);
    expect(message(response)).toBe(RESULTS_MESSAGES.resultNotFound);
  });
});

describe('the results CSV', () => {
  const LINES = [
    '1,1,Ada,Lovelace,female,30–39,1,1,0:40:00,0:41:30,4:00,FIN',
    '2,2,Grace,Hopper,female,30–39,2,2,0:42:00,0:42:05,4:12,FIN',
    '2,3,Alan,Turing,male,40–49,1,1,0:42:00,0:41:00,4:12,FIN',
    '4,4,Katherine,Johnson,female,40–49,3,1,0:44:30,0:45:00,4:27,FIN',
    '5,5,Edsger,Dijkstra,male,30–39,2,1,0:46:00,,4:36,FIN',
    `6,6,"'=HYPERLINK(""http://evil.example"",""Click"")","Hacker, Jr.",male,30–39,3,2,0:48:00,0:45:30,4:48,FIN`,
    '7,7,Barbara,Liskov,female,50–59,4,1,0:50:00,0:50:20,5:00,FIN',
    '8,8,Donald,Knuth,male,20–29,4,1,0:55:00,0:55:10,5:30,FIN',
    ',9,Margaret,Hamilton,female,30–39,,,,,,DNF',
    ',10,Linus,Torvalds,male,20–29,,,,,,DNS',
    ',11,Ken,Thompson,nonbinary,40–49,,,0:38:00,0:38:10,,DQ',
  ];

  it('is a UTF-8 CSV with a BOM, CRLF lines, its header, every row in place order, quoted, formulas defused', async () => {
    const response = await getCsv(race._id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="harbour-10k-spring-results.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(RESULTS_CSV_HEADER.join(',')).toBe(
      'Place,Bib,First Name,Last Name,Gender,Age Group,Gender Place,Age Group Place,Chip Time,Gun Time,Pace,Status',
    );
    expect(response.body).toBe(
      '\uFEFF' +
        [
          'Place,Bib,First Name,Last Name,Gender,Age Group,Gender Place,Age Group Place,Chip Time,Gun Time,Pace,Status',
          ...LINES,
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
    );
  });

  it('takes the list’s filters', async () => {
    const response = await getCsv(race._id, '?gender=male&status=FIN');
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\r\n').slice(1, -1)).toEqual([LINES[2], LINES[4], LINES[5], LINES[7]]);
  });

  it('follows the race’s ranking', async () => {
    await setRankBy('gun');
    try {
      const response = await getCsv(race._id, '?status=FIN');
      expect(
        response.body
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split(',')[1]),
      ).toEqual(GUN_ORDER.slice(0, 8).map(String));
    } finally {
      await setRankBy('chip');
    }
  });
});
