import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Marathon,
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  type Participant,
  type RaceStats,
  type Registration,
} from '@stride/shared';
import {
  type Actor,
  ISO_DATE_PATTERN,
  createMarathon,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

/**
 * Issue 33 on the organizer's desk: who is checked in, as a count in the stats, a column and a filter of the list,
 * and a column of the CSV.
 */
const main = useTestApp();
const app = () => main.current.app;

let organizer: SignedIn;
let race: Marathon;
/** Five registered (bibs 1–5), one in line; bibs 1 and 3 checked in. */
let entries: Registration[];
let checkedInAt: string;

const get = (url: string, actor: Actor = organizer) =>
  app().inject({ url, headers: bearerHeaders(actor.token) });

beforeAll(async () => {
  organizer = await signUp(app());
  race = await createMarathon(app(), organizer, { capacity: 5 });
  const runners = await insertSignedInUsers(main.current, 6);
  entries = [];
  for (const runner of runners) entries.push(await register(app(), runner, race._id, { waitlist: true }));
  checkedInAt = new Date(Date.now() - 5 * 60_000).toISOString();
  const response = await app().inject({
    method: 'POST',
    url: `/api/marathons/${race._id}/checkins`,
    headers: bearerHeaders(organizer.token),
    payload: {
      scans: [
        { scanId: randomUUID(), bib: 1, at: checkedInAt },
        { scanId: randomUUID(), bib: 3, at: checkedInAt },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
});

describe('the desk and check-in', () => {
  it('counts the registered runners checked in, in the stats', async () => {
    const stats = await get(`/api/marathons/${race._id}/stats`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json<RaceStats>()).toMatchObject({ checkedIn: 2, counts: { registered: 5, waitlisted: 1 } });
  });

  it('shows when each runner was checked in, null for the others', async () => {
    const list = (await get(`/api/marathons/${race._id}/participants`)).json<Participant[]>();
    expect(list.map((participant) => [participant.bib, participant.checkedInAt])).toEqual([
      [1, checkedInAt],
      [2, null],
      [3, checkedInAt],
      [4, null],
      [5, null],
      [null, null],
    ]);
    expect(checkedInAt).toMatch(ISO_DATE_PATTERN);
  });

  it('filters the list by checkedIn=true|false, its total counting the matches', async () => {
    const checkedIn = await get(`/api/marathons/${race._id}/participants?checkedIn=true`);
    expect(checkedIn.json<Participant[]>().map((participant) => participant.bib)).toEqual([1, 3]);
    expect(checkedIn.headers['x-total-count']).toBe('2');

    const notYet = await get(`/api/marathons/${race._id}/participants?checkedIn=false&status=registered`);
    expect(notYet.json<Participant[]>().map((participant) => participant.bib)).toEqual([2, 4, 5]);
    expect(notYet.headers['x-total-count']).toBe('3');
  });

  it('refuses a checkedIn that is not true or false (400)', async () => {
    const response = await get(`/api/marathons/${race._id}/participants?checkedIn=yes`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('checkedIn must be true or false');
  });

  it('writes Checked In At (ISO 8601, UTC) after the payment columns, empty for a runner not checked in', async () => {
    const csv = await get(`/api/marathons/${race._id}/participants.csv?checkedIn=true`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    const column = header!.indexOf(PARTICIPANTS_CSV_CHECKIN_HEADER[0]);
    expect(column).toBe(header!.indexOf(PARTICIPANTS_CSV_PAYMENT_HEADER.at(-1)!) + 1);
    expect(column).toBe(header!.length - 1); // the race asks no questions of its own
    expect(rows.map((row) => [row[0], row[column]])).toEqual([
      ['1', checkedInAt],
      ['3', checkedInAt],
    ]);

    const all = parse((await get(`/api/marathons/${race._id}/participants.csv`)).body, {
      bom: true,
    }) as string[][];
    expect(all.slice(1).map((row) => row[column])).toEqual([checkedInAt, '', checkedInAt, '', '', '']);
  });
});
