import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_MESSAGES,
  type Marathon,
  type Registration,
  type RosterEntry,
  STAFF_MESSAGES,
  type ScanResult,
  type StaffRole,
} from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import {
  type Actor,
  ISO_DATE_PATTERN,
  MALFORMED_IDS,
  MISSING_ID,
  createMarathon,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type AuthUser, type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';
import { CHECKIN_ROUTE_MESSAGES } from './checkin.service.js';

/**
 * Issue 33's check-in through the API: who may call it, the scans' rules (first check-in wins, a scan id answered
 * once, an offline scan's time), under concurrency, and undoing a check-in.
 */
const main = useTestApp();
const app = () => main.current.app;
const db = () => main.current.database.db;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

type Member = SignedIn & { role: StaffRole };

let organizer: SignedIn;
let coorganizer: Member;
let volunteer: Member;
let removed: Member;
let stranger: SignedIn;
let race: Marathon;
let otherRace: Marathon;
/** The race's runners: ten registered (bibs 1–10), then two in line. */
let entries: Registration[];
let waitlisted: Registration;
let otherRaceEntry: Registration;

/** Puts the user on the race's team as an active member, as accepting an invitation does. */
async function addToTeam(raceId: string, user: AuthUser, role: StaffRole): Promise<void> {
  await db().execute(sql`
    insert into race_staff (marathon_id, email, role, status, token_hash, user_id, accepted_at)
    values (${raceId}, ${user.email.toLowerCase()}, ${role}, 'active', ${randomUUID()}, ${user.id}, now())`);
}

async function removeFromTeam(raceId: string, userId: string): Promise<void> {
  await db().execute(sql`delete from race_staff where marathon_id = ${raceId} and user_id = ${userId}`);
}

const headersOf = (actor?: Actor) => (actor ? bearerHeaders(actor.token) : {});
const getRoster = (raceId: string, actor?: Actor) =>
  app().inject({ url: `/api/marathons/${raceId}/checkin/roster`, headers: headersOf(actor) });
const postScans = (raceId: string, scans: object[], actor?: Actor) =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/checkins`,
    headers: headersOf(actor),
    payload: { scans },
  });
const undo = (raceId: string, registrationId: string, actor?: Actor) =>
  app().inject({
    method: 'DELETE',
    url: `/api/marathons/${raceId}/checkins/${registrationId}`,
    headers: headersOf(actor),
  });

/** A scan of the entry by its registration id, with a new scan id. */
const scanOf = (registrationId: string, extra: object = {}) => ({
  scanId: randomUUID(),
  registrationId,
  ...extra,
});

function resultsOf(response: LightMyRequestResponse): ScanResult[] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: ScanResult[] }>().results;
}

async function scanOne(actor: Actor, scan: object, raceId = race._id): Promise<ScanResult> {
  const [result] = resultsOf(await postScans(raceId, [scan], actor));
  return result!;
}

/** The entry's check-in as stored. */
async function storedCheckIn(id: string) {
  const [row] = rowsOf<{ at: Date | string | null; by: string | null; device: string | null }>(
    await db().execute(sql`
      select checked_in_at as at, checked_in_by as by, device from checkins where registration_id = ${id}`),
  );
  return row ? { ...row, at: new Date(row.at!).toISOString() } : { at: null, by: null, device: null };
}

async function clearCheckIns(): Promise<void> {
  await db().execute(sql`delete from checkins`);
}

const codeOf = async (id: string) =>
  rowsOf<{ code: string }>(
    await db().execute(sql`select checkin_code as code from registrations where id = ${id}`),
  )[0]!.code;

const message = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

beforeAll(async () => {
  const signedUp = await Promise.all(Array.from({ length: 5 }, () => signUp(app())));
  [organizer, stranger] = [signedUp[0]!, signedUp[4]!];
  coorganizer = { ...signedUp[1]!, role: 'coorganizer' };
  volunteer = { ...signedUp[2]!, role: 'checkin' };
  removed = { ...signedUp[3]!, role: 'checkin' };
  race = await createMarathon(app(), organizer, { capacity: 10 });
  otherRace = await createMarathon(app(), organizer);
  for (const member of [coorganizer, volunteer, removed]) await addToTeam(race._id, member.user, member.role);
  await removeFromTeam(race._id, removed.user.id);

  const runners = await insertSignedInUsers(main.current, 13);
  entries = [];
  for (const runner of runners.slice(0, 12)) {
    entries.push(await register(app(), runner, race._id, { lastName: runner.user.name, waitlist: true }));
  }
  waitlisted = entries.at(-1)!;
  entries = entries.slice(0, 10);
  otherRaceEntry = await register(app(), runners[12]!, otherRace._id);
});

describe('who may check runners in', () => {
  it('lets the organizer, a co-organizer and a check-in volunteer read the roster and check in', async () => {
    await clearCheckIns();
    const callers = [organizer, coorganizer, volunteer] as const;
    for (const [index, caller] of callers.entries()) {
      const roster = await getRoster(race._id, caller);
      expect(roster.statusCode, roster.body).toBe(200);
      expect(roster.json<{ entries: RosterEntry[] }>().entries).toHaveLength(10);

      const result = await scanOne(caller, scanOf(entries[index]!._id, { device: `phone ${index}` }));
      expect(result).toMatchObject({
        result: 'checked_in',
        checkedInBy: caller.user.name,
        device: `phone ${index}`,
      });
    }
  });

  it.each([
    ['a removed member', () => removed],
    ['a stranger', () => stranger],
  ])('refuses %s every call with 403, changing nothing', async (_, caller) => {
    await clearCheckIns();
    const calls = [
      getRoster(race._id, caller()),
      postScans(race._id, [scanOf(entries[0]!._id)], caller()),
      undo(race._id, entries[0]!._id, caller()),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(message(response)).toBe(STAFF_MESSAGES.notOnTeam);
      // A refusal is never kept, not even the roster's (whose answer a phone may keep).
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await storedCheckIn(entries[0]!._id)).at).toBeNull();
  });

  it('answers 401 to anyone not signed in, for every call', async () => {
    for (const response of [
      await getRoster(race._id),
      await postScans(race._id, [scanOf(entries[0]!._id)]),
      await undo(race._id, entries[0]!._id),
    ]) {
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses a member of one race on another race', async () => {
    const response = await getRoster(otherRace._id, volunteer);
    expect(response.statusCode).toBe(403);
  });

  it('refuses a member removed meanwhile at once', async () => {
    const late = await signUp(app());
    await addToTeam(race._id, late.user, 'checkin');
    expect((await getRoster(race._id, late)).statusCode).toBe(200);

    await removeFromTeam(race._id, late.user.id);
    expect((await getRoster(race._id, late)).statusCode).toBe(403);
    expect((await postScans(race._id, [scanOf(entries[0]!._id)], late)).statusCode).toBe(403);
  });

  it.each([MISSING_ID, ...MALFORMED_IDS.slice(0, 3)])(
    'answers 404 for the race %s on every call',
    async (id) => {
      for (const response of [
        await getRoster(id, organizer),
        await postScans(id, [scanOf(entries[0]!._id)], organizer),
        await undo(id, entries[0]!._id, organizer),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(message(response)).toBe(CHECKIN_ROUTE_MESSAGES.marathonNotFound);
      }
    },
  );
});

describe('a scan', () => {
  it('finds its runner by check-in code (or the QR code’s whole text), bib or registration id', async () => {
    await clearCheckIns();
    const [byCode, byQrText, byBib, byId] = resultsOf(
      await postScans(
        race._id,
        [
          { scanId: randomUUID(), code: await codeOf(entries[0]!._id) },
          { scanId: randomUUID(), code: `stride:checkin:${await codeOf(entries[1]!._id)}` },
          { scanId: randomUUID(), bib: entries[2]!.bib },
          { scanId: randomUUID(), registrationId: entries[3]!._id.toUpperCase() },
        ],
        volunteer,
      ),
    );
    expect([byCode, byQrText, byBib, byId].map((result) => [result!.result, result!.registrationId])).toEqual(
      entries.slice(0, 4).map((entry) => ['checked_in', entry._id]),
    );
    expect(byBib).toMatchObject({
      bib: entries[2]!.bib,
      firstName: entries[2]!.firstName,
      lastName: entries[2]!.lastName,
      checkedInBy: volunteer.user.name,
      device: null,
    });
    expect(byBib!.checkedInAt).toMatch(ISO_DATE_PATTERN);
  });

  it('is unknown when it names nobody in this race, and not_registered for an entry without a place', async () => {
    const results = resultsOf(
      await postScans(
        race._id,
        [
          { scanId: randomUUID(), code: 'f'.repeat(32) },
          { scanId: randomUUID(), bib: 999 },
          { scanId: randomUUID(), bib: 2 ** 40 },
          { scanId: randomUUID(), registrationId: MISSING_ID },
          { scanId: randomUUID(), registrationId: 'not-an-id' },
          { scanId: randomUUID(), registrationId: otherRaceEntry._id },
          { scanId: randomUUID(), code: await codeOf(otherRaceEntry._id) },
          { scanId: randomUUID(), registrationId: waitlisted._id },
        ],
        organizer,
      ),
    );
    expect(results.map((result) => result.result)).toEqual([...Array(7).fill('unknown'), 'not_registered']);
    expect(results[0]).toMatchObject({ registrationId: null, bib: null, firstName: null, checkedInAt: null });
    expect(results[7]).toMatchObject({
      registrationId: waitlisted._id,
      bib: null,
      lastName: waitlisted.lastName,
      checkedInAt: null,
      checkedInBy: null,
    });
    expect((await storedCheckIn(waitlisted._id)).at).toBeNull();
  });

  it('of a runner checked in already is "already", with the first check-in’s time, person and device', async () => {
    await clearCheckIns();
    const first = await scanOne(volunteer, scanOf(entries[0]!._id, { device: 'phone 1' }));
    const second = await scanOne(organizer, scanOf(entries[0]!._id, { device: 'phone 2' }));

    expect(second).toMatchObject({
      result: 'already',
      registrationId: entries[0]!._id,
      checkedInAt: first.checkedInAt,
      checkedInBy: volunteer.user.name,
      device: 'phone 1',
    });
    expect(await storedCheckIn(entries[0]!._id)).toEqual({
      at: first.checkedInAt,
      by: volunteer.user.name,
      device: 'phone 1',
    });
  });

  it('is refused whole when one of the batch is malformed (400), and for 0 or 501 scans', async () => {
    const twoKeys = { scanId: randomUUID(), bib: 1, registrationId: entries[0]!._id };
    for (const scans of [
      [scanOf(entries[0]!._id), twoKeys],
      [{ scanId: 'not-a-uuid', bib: 1 }],
      [{ scanId: randomUUID() }],
      [scanOf(entries[0]!._id, { at: 'yesterday' })],
      [scanOf(entries[0]!._id, { device: 'x'.repeat(61) })],
      [],
      Array.from({ length: 501 }, () => scanOf(entries[0]!._id)),
    ]) {
      const response = await postScans(race._id, scans, organizer);
      expect(response.statusCode, JSON.stringify(scans).slice(0, 100)).toBe(400);
    }
  });
});

describe('the time of an offline scan', () => {
  it('is kept when within the last 24 hours, else the server’s time is used (too old, or in the future)', async () => {
    await clearCheckIns();
    const now = Date.now();
    const hourAgo = new Date(now - HOUR_MS).toISOString();
    const before = Date.now();
    const [kept, tooOld, future] = resultsOf(
      await postScans(
        race._id,
        [
          scanOf(entries[0]!._id, { at: hourAgo }),
          scanOf(entries[1]!._id, { at: new Date(now - 25 * HOUR_MS).toISOString() }),
          scanOf(entries[2]!._id, { at: new Date(now + HOUR_MS).toISOString() }),
        ],
        volunteer,
      ),
    );
    const after = Date.now();

    expect(kept!.checkedInAt).toBe(hourAgo);
    for (const result of [tooOld!, future!]) {
      const at = Date.parse(result.checkedInAt!);
      expect(at).toBeGreaterThanOrEqual(before - 1);
      expect(at).toBeLessThanOrEqual(after + 1);
    }
    expect((await storedCheckIn(entries[0]!._id)).at).toBe(hourAgo);
  });

  it('decides within a batch: the earliest scan of a runner wins, whatever order the batch lists them in', async () => {
    await clearCheckIns();
    const tenMinutesAgo = new Date(Date.now() - 10 * MINUTE_MS).toISOString();
    const halfHourAgo = new Date(Date.now() - 30 * MINUTE_MS).toISOString();
    const [later, earlier] = resultsOf(
      await postScans(
        race._id,
        [
          scanOf(entries[0]!._id, { at: tenMinutesAgo, device: 'phone B' }),
          scanOf(entries[0]!._id, { at: halfHourAgo, device: 'phone A' }),
        ],
        volunteer,
      ),
    );

    expect(earlier).toMatchObject({ result: 'checked_in', checkedInAt: halfHourAgo, device: 'phone A' });
    expect(later).toMatchObject({ result: 'already', checkedInAt: halfHourAgo, device: 'phone A' });
  });
});

describe('first check-in wins', () => {
  it('checks a runner scanned by 20 devices at once in exactly once; the others hear who did', async () => {
    await clearCheckIns();
    const target = entries[5]!._id;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        postScans(
          race._id,
          [scanOf(target, { device: `phone ${n + 1}` })],
          n % 2 === 0 ? volunteer : organizer,
        ),
      ),
    );
    const results = responses.map((response) => resultsOf(response)[0]!);

    const winners = results.filter((result) => result.result === 'checked_in');
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.result === 'already')).toHaveLength(19);
    const stored = await storedCheckIn(target);
    for (const result of results) {
      expect([result.checkedInAt, result.checkedInBy, result.device]).toEqual([
        stored.at,
        stored.by,
        stored.device,
      ]);
    }
    expect(winners[0]!.device).toBe(stored.device);
  });

  it('never deadlocks batches scanning the same runners in opposite orders, and checks each in once', async () => {
    await clearCheckIns();
    const ids = entries.map((entry) => entry._id);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        postScans(
          race._id,
          (n % 2 === 0 ? ids : [...ids].reverse()).map((id) => scanOf(id, { device: `phone ${n}` })),
          volunteer,
        ),
      ),
    );
    const results = responses.flatMap((response) => resultsOf(response));

    for (const id of ids) {
      const ofEntry = results.filter((result) => result.registrationId === id);
      expect(ofEntry.filter((result) => result.result === 'checked_in')).toHaveLength(1);
      expect(ofEntry.filter((result) => result.result === 'already')).toHaveLength(7);
    }
  });
});

describe('a scan id', () => {
  it('sent again alone gets its first answer and changes nothing', async () => {
    await clearCheckIns();
    const scan = scanOf(entries[0]!._id, { device: 'phone 1' });
    const first = await scanOne(volunteer, scan);
    await undo(race._id, entries[0]!._id, organizer);

    const again = await scanOne(volunteer, { ...scan, device: 'phone 9' });
    expect(again).toEqual(first);
    expect((await storedCheckIn(entries[0]!._id)).at).toBeNull();
  });

  it('sent again in another batch gets its first answer there; the batch’s new scans are applied', async () => {
    await clearCheckIns();
    const scan = scanOf(entries[1]!._id);
    const first = await scanOne(volunteer, scan);
    const [newOne, resent] = resultsOf(
      await postScans(
        race._id,
        [scanOf(entries[2]!._id), { ...scan, registrationId: entries[3]!._id }],
        volunteer,
      ),
    );

    expect(resent).toEqual(first);
    expect(newOne).toMatchObject({ result: 'checked_in', registrationId: entries[2]!._id });
    expect((await storedCheckIn(entries[3]!._id)).at).toBeNull();
  });

  it('twice in one batch is answered once, the same answer for both', async () => {
    await clearCheckIns();
    const scan = scanOf(entries[4]!._id);
    const [one, two] = resultsOf(await postScans(race._id, [scan, scan], volunteer));
    expect(one).toMatchObject({ result: 'checked_in' });
    expect(two).toEqual(one);
  });

  it('sent twice at once is applied once: both requests get the one answer', async () => {
    await clearCheckIns();
    const scan = scanOf(entries[6]!._id);
    const responses = await Promise.all([
      postScans(race._id, [scan], volunteer),
      postScans(race._id, [scan], organizer),
    ]);
    const [one, two] = responses.map((response) => resultsOf(response)[0]!);

    expect(one).toMatchObject({ result: 'checked_in', checkedInBy: expect.any(String) });
    expect(two).toEqual(one);
    const rows = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from checkin_scans where scan_id = ${scan.scanId}`),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('is a race’s own: the same id in another race is a new scan there', async () => {
    const scan = scanOf(otherRaceEntry._id);
    await scanOne(organizer, { ...scan, registrationId: entries[7]!._id });
    expect(await scanOne(organizer, scan, otherRace._id)).toMatchObject({ result: 'checked_in' });
  });
});

describe('undoing a check-in', () => {
  it('answers the runner as the roster has them, not checked in; the runner can be checked in again', async () => {
    await clearCheckIns();
    await scanOne(volunteer, scanOf(entries[0]!._id));

    const response = await undo(race._id, entries[0]!._id, coorganizer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      registrationId: entries[0]!._id,
      bib: entries[0]!.bib,
      firstName: entries[0]!.firstName,
      lastName: entries[0]!.lastName,
      codeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      checkedInAt: null,
      checkedInBy: null,
    });
    expect(await scanOne(organizer, scanOf(entries[0]!._id))).toMatchObject({ result: 'checked_in' });
  });

  it('lets the organizer and co-organizers undo anyone’s; a volunteer only their own, within 10 minutes', async () => {
    await clearCheckIns();
    await postScans(
      race._id,
      [0, 1, 2].map((n) => scanOf(entries[n]!._id)),
      volunteer,
    );
    await postScans(
      race._id,
      [3, 4].map((n) => scanOf(entries[n]!._id)),
      organizer,
    );

    const othersByVolunteer = await undo(race._id, entries[3]!._id, volunteer);
    expect(othersByVolunteer.statusCode).toBe(403);
    expect(message(othersByVolunteer)).toBe(CHECKIN_MESSAGES.notYours);
    expect((await undo(race._id, entries[0]!._id, volunteer)).statusCode).toBe(200);

    await db().execute(sql`
      update checkins set recorded_at = now() - interval '11 minutes' where registration_id = ${entries[1]!._id}`);
    const late = await undo(race._id, entries[1]!._id, volunteer);
    expect(late.statusCode).toBe(403);
    expect(message(late)).toBe(CHECKIN_MESSAGES.tooLate);

    expect((await undo(race._id, entries[1]!._id, organizer)).statusCode).toBe(200);
    expect((await undo(race._id, entries[2]!._id, coorganizer)).statusCode).toBe(200);
    expect((await undo(race._id, entries[3]!._id, organizer)).statusCode).toBe(200);
  });

  it('is 409 for a runner not checked in, 404 for no such entry in this race', async () => {
    await clearCheckIns();
    const notCheckedIn = await undo(race._id, entries[0]!._id, organizer);
    expect(notCheckedIn.statusCode).toBe(409);
    expect(message(notCheckedIn)).toBe(CHECKIN_MESSAGES.notCheckedIn);

    for (const id of [MISSING_ID, 'not-an-id', otherRaceEntry._id]) {
      const response = await undo(race._id, id, organizer);
      expect(response.statusCode, id).toBe(404);
      expect(message(response)).toBe(CHECKIN_ROUTE_MESSAGES.registrationNotFound);
    }
  });
});
