// The ballot (issue 35): the capacity stampede twice, back to back on one server, first into a free race of 10,000
// places, then into a ballot race of as many: 100,000 distinct runners each time, the same connections, the same
// client. Then three fresh ballot races of 100,000 entries each (written in SQL as the entry statement writes them)
// for 10,000 places, each closed and drawn by its organizer through the API, the draw's mails queued in its
// transaction; each draw checked against the database and its public record. See docs/PERFORMANCE.md.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Ballot, CreateMarathonInput, EntryMode, Marathon } from '@stride/shared';
import { type Database, rowsOf } from '../apps/server/src/db/client.js';
import { recomputeDraw, sha256Hex } from '../apps/server/src/testing/ballot-recompute.js';
import type { StampedePhase } from './budgets.js';
import { type BenchFixtures, type RaceEntries, findRaceEntries } from './fixtures.js';
import {
  type Audit,
  type Check,
  type StampedeAnswer,
  audit,
  auditStampede,
  byStatus,
} from './stampede-audit.js';

export type BallotPlan = {
  /** Runners of each stampede, the free one and the ballot's: distinct runners, each POSTing once. */
  runners: number;
  /** The places of every race of the phase. */
  places: number;
  /** Entries of each drawn race. */
  entries: number;
  /** Fresh races drawn one after the other: the draw's time is their median. */
  draws: number;
  /** Runners of the warm-up before the stampedes, half into a free race and half into a ballot. */
  warmUp: number;
};

export const BALLOT_PLAN = {
  full: { runners: 100_000, places: 10_000, entries: 100_000, draws: 3, warmUp: 2_000 },
  smoke: { runners: 300, places: 100, entries: 1_000, draws: 3, warmUp: 100 },
} satisfies Record<string, BallotPlan>;

/** The bench's runners the phase uses: the warm-up's, then the free stampede's, then the ballot's. */
export const ballotRunners = (plan: BallotPlan) => plan.warmUp + 2 * plan.runners;

/** A stampede's answers: what the phase took, each 201 as the runner saw it, and the first unexpected answers. */
export type StampedeRun = { phase: StampedePhase; answers: StampedeAnswer[]; unexpected: string[] };

/** bench.ts's capacity stampede: `count` of the bench's runners, from the `from`-th on, POST once at the race, all at once. */
export type Stampede = (raceId: string, runners: { from: number; count: number }) => Promise<StampedeRun>;

/** One draw: its time, and what the database holds afterwards. */
export type BallotDraw = {
  /** POST …/ballot/draw, from sending it to its answer (the mails are queued in its transaction). */
  seconds: number;
  registered: number;
  /** Winners holding their place while they pay: none on a free race. */
  held: number;
  waitlisted: number;
  /** Entries still in the ballot after the draw: none. */
  inBallot: number;
  /** Lines of the public record (the drawn order), and entries holding their position. */
  recorded: number;
  /** 'ballot-drawn' mails queued for the race. */
  mails: number;
};

export type BallotRun = BallotPlan & {
  connections: number;
  /** The free stampede, then the ballot's, back to back. */
  free: StampedePhase;
  ballot: StampedePhase;
  /** Each draw, in turn. */
  drawn: BallotDraw[];
  drawMedianSeconds: number;
  audit: Audit;
  unexpected: string[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Sends a request and answers its JSON, or throws with what was answered instead of `expected`. */
async function call<T>(url: string, init: RequestInit, expected: number, what: string): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * A race of `places` places the bench's organizer adds through the API, open for a month: a ballot race gets its
 * seed as the server fixes it (with the race), drawn a day after its window closes.
 */
async function addRace(url: string, token: string, entryMode: EntryMode, places: number, title: string) {
  const race: CreateMarathonInput = {
    title,
    startRegDate: fromNow(-1),
    endRegDate: fromNow(30),
    startDate: fromNow(60),
    location: 'Benchville',
    distance: '42.2k',
    description: 'A big city marathon, entered by ballot or first come.',
    image: '/images/marathons/poster-1.svg',
    capacity: places,
    entryMode,
    ...(entryMode === 'ballot' && { ballotDrawAt: fromNow(31) }),
  };
  const added = await call<Marathon>(
    `${url}/api/add-marathon`,
    { method: 'POST', headers: { ...json, ...bearer(token) }, body: JSON.stringify(race) },
    201,
    'POST /api/add-marathon',
  );
  return added._id;
}

/**
 * `entries` of the bench's runners (`bench-<runId>-1…`) in the race's ballot, as the entry statement leaves them:
 * status 'ballot' (no bib, no place in line, no hold), free, and the race's `ballot_count`. Then fresh statistics,
 * as the weeks of a ballot's window would leave them.
 */
async function fillBallot(
  db: Database,
  { runId, raceId, entries }: { runId: string; raceId: string; entries: number },
) {
  await db.execute(sql`
    with entered as (
      insert into registrations (marathon_id, user_id, first_name, last_name, contact, status)
      select ${raceId}, ${`bench-${runId}-`} || g, 'Runner', 'Number ' || g, '+1 555 0100', 'ballot'
      from generate_series(1, ${entries}::int) as g
      returning 1
    )
    update marathons set ballot_count = ballot_count + (select count(*) from entered) where id = ${raceId}`);
  await db.execute(sql`vacuum analyze registrations, marathons`);
}

/** What a drawn race holds: its entries by status, the public record's rows, the mails of the draw. */
async function findDrawnRace(db: Database, raceId: string) {
  const [row] = rowsOf<
    Omit<BallotDraw, 'seconds'> & { firstBib: number; lastBib: number; bibs: number; positioned: number }
  >(
    await db.execute(sql`
      select
        count(*) filter (where status = 'registered')::int as registered,
        count(*) filter (where status = 'pending_payment')::int as held,
        count(*) filter (where status = 'waitlisted')::int as waitlisted,
        count(*) filter (where status = 'ballot')::int as "inBallot",
        min(bib) as "firstBib", max(bib) as "lastBib", count(distinct bib)::int as bibs,
        (select cardinality(drawn_order) from ballot_seeds where marathon_id = ${raceId})::int as recorded,
        count(ballot_position)::int as positioned,
        (select count(*) from mail_outbox
          where payload->>'kind' = 'ballot-drawn' and payload->'race'->>'id' = ${raceId}::text)::int as mails
      from registrations where marathon_id = ${raceId}`),
  );
  return row!;
}

/** The entries' ids and the public record's order: what anyone recomputes the draw from. */
async function findDrawnOrder(db: Database, raceId: string) {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from registrations where marathon_id = ${raceId}`),
  ).map((row) => row.id);
  const order = rowsOf<{ id: string }>(
    await db.execute(sql`
      select entry.id::text from ballot_seeds, unnest(drawn_order) with ordinality as entry (id, position)
      where marathon_id = ${raceId} order by entry.position`),
  ).map((row) => row.id);
  return { ids, order };
}

/**
 * After `runners` distinct runners each entered the ballot once: every answer a 201 in the ballot, without a bib
 * or a place in line; the race holds as many entries in its ballot, counted, each mailed; no place given yet.
 */
export function auditBallotEntries(
  runners: number,
  race: RaceEntries & { ballotCount: number; mails: number },
  answers: StampedeAnswer[],
): Check[] {
  const inBallot = byStatus(race, 'ballot');
  const ids = new Set(inBallot.map((entry) => entry.id));
  const agreeing = answers.filter(
    (answer) =>
      answer.status === 'ballot' &&
      answer.bib === null &&
      answer.waitlistPosition === null &&
      ids.has(answer.id),
  );
  return [
    {
      ok: answers.length === runners && agreeing.length === runners,
      text: `ballot answers: ${answers.length} 201s of ${runners} runners, ${agreeing.length} in the ballot without a bib or a place in line`,
    },
    {
      ok:
        inBallot.length === runners &&
        race.entries.length === runners &&
        race.ballotCount === runners &&
        new Set(race.entries.map((entry) => entry.userId)).size === runners,
      text:
        `ballot entries: ${inBallot.length} rows in the ballot of ${race.entries.length}, ballot_count ` +
        `${race.ballotCount}, distinct runners (want ${runners})`,
    },
    {
      ok:
        race.totalRegistrationCount === 0 &&
        race.waitlistCount === 0 &&
        race.pendingCount === 0 &&
        race.bibsIssued === 0,
      text:
        `no place before the draw: registered ${race.totalRegistrationCount}, waitlisted ${race.waitlistCount}, ` +
        `held ${race.pendingCount}, bibs issued ${race.bibsIssued}`,
    },
    { ok: race.mails === runners, text: `'ballot-entered' mails queued: ${race.mails} (want ${runners})` },
  ];
}

/** What a drawn race holds, and the draw's public record: before the draw (at close) and after it. */
type Drawn = {
  race: Awaited<ReturnType<typeof findDrawnRace>>;
  closed: Ballot;
  record: Ballot;
  /** The public record's order, and the order recomputed from the entries' ids and the published seed. */
  order: string[];
  recomputed: string[];
};

/**
 * A draw of `entries` for `places` on a free race: the first `places` drawn registered with bibs 1…places, the
 * others in line, the public record and the mails for every entry; the order the one the published seed gives,
 * the seed the one committed to at close.
 */
async function checkDraw(
  { entries, places }: Pick<BallotPlan, 'entries' | 'places'>,
  name: string,
  { race, closed, record, order, recomputed }: Drawn,
): Promise<Check[]> {
  const winners = Math.min(places, entries);
  const commitment = record.seed === null ? null : await sha256Hex(record.seed);
  return [
    {
      ok:
        race.registered === winners &&
        race.held === 0 &&
        race.bibs === winners &&
        race.firstBib === 1 &&
        race.lastBib === winners,
      text:
        `${name}: ${race.registered} registered with bibs ${race.firstBib}–${race.lastBib}, ${race.held} held ` +
        `(want ${winners}, bibs 1–${winners}, 0)`,
    },
    {
      ok: race.waitlisted === entries - winners && race.inBallot === 0,
      text: `${name}: ${race.waitlisted} waitlisted, ${race.inBallot} left in the ballot (want ${entries - winners}, 0)`,
    },
    {
      ok: race.recorded === entries && race.positioned === entries && race.mails === entries,
      text: `${name}: ${race.recorded} lines in the record, ${race.positioned} entries with their position, ${race.mails} 'ballot-drawn' mails (want ${entries} each)`,
    },
    {
      ok:
        record.drawnAt !== null &&
        record.winners === winners &&
        commitment !== null &&
        closed.seedCommitment === commitment &&
        order.length === entries &&
        recomputed.length === entries &&
        recomputed.every((id, position) => id === order[position]),
      text:
        `${name}: the record's order is the one its published seed gives, the seed the one committed to at ` +
        `close, ${record.winners} winners`,
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runBallot({
  url,
  db,
  fixtures,
  plan,
  connections,
  stampede,
}: {
  url: string;
  db: Database;
  fixtures: BenchFixtures;
  plan: BallotPlan;
  connections: number;
  stampede: Stampede;
}): Promise<BallotRun> {
  if (fixtures.runners.length < Math.max(ballotRunners(plan), plan.entries))
    throw new Error(`The ballot needs ${ballotRunners(plan)} runners, not ${fixtures.runners.length}`);
  const token = fixtures.heavyOrganizer.token;
  const race = (entryMode: EntryMode, title: string) => addRace(url, token, entryMode, plan.places, title);
  const unexpected: string[] = [];

  // A warm-up on races of their own, then the free stampede and the ballot's, back to back.
  const warmUp = plan.warmUp / 2;
  await stampede(await race('first_come', 'Bench Ballot Warm-up (first come)'), { from: 0, count: warmUp });
  await stampede(await race('ballot', 'Bench Ballot Warm-up'), { from: warmUp, count: warmUp });
  const freeRaceId = await race('first_come', 'Bench Marathon (first come)');
  const ballotRaceId = await race('ballot', 'Bench Marathon (ballot)');
  const free = await stampede(freeRaceId, { from: plan.warmUp, count: plan.runners });
  const ballot = await stampede(ballotRaceId, { from: plan.warmUp + plan.runners, count: plan.runners });
  unexpected.push(...free.unexpected, ...ballot.unexpected);

  const freeAudit = auditStampede(
    { capacity: plan.places, runners: plan.runners },
    await findRaceEntries(db, freeRaceId),
    free.answers,
  );
  const [ballotRace] = rowsOf<{ ballotCount: number; mails: number }>(
    await db.execute(sql`
      select ballot_count as "ballotCount",
        (select count(*) from mail_outbox
          where payload->>'kind' = 'ballot-entered' and payload->'race'->>'id' = ${ballotRaceId}::text)::int as mails
      from marathons where id = ${ballotRaceId}`),
  );
  const checks: Check[] = [
    ...freeAudit.checks.map((check) => ({ ...check, text: `free stampede ${check.text}` })),
    ...auditBallotEntries(
      plan.runners,
      { ...(await findRaceEntries(db, ballotRaceId)), ...ballotRace! },
      ballot.answers,
    ),
  ];

  // Fresh races, each filled, closed by its organizer, then drawn through the API.
  const drawn: BallotDraw[] = [];
  for (let index = 0; index < plan.draws; index++) {
    const raceId = await race('ballot', `Bench Ballot Draw ${index + 1}`);
    await fillBallot(db, { runId: fixtures.runId, raceId, entries: plan.entries });
    const raceUrl = `${url}/api/marathons/${raceId}`;
    await call(
      raceUrl,
      {
        method: 'PATCH',
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({ endRegDate: new Date(Date.now() - 2_000).toISOString() }),
      },
      200,
      'PATCH /api/marathons/:id (closing the window)',
    );
    const closed = await call<Ballot>(`${raceUrl}/ballot`, {}, 200, 'GET …/ballot');
    const started = performance.now();
    const record = await call<Ballot>(
      `${raceUrl}/ballot/draw`,
      { method: 'POST', headers: bearer(token) },
      200,
      'POST …/ballot/draw',
    );
    const seconds = round((performance.now() - started) / 1000, 2);
    const drawnRace = await findDrawnRace(db, raceId);
    const { ids, order } = await findDrawnOrder(db, raceId);
    const recomputed = record.seed === null ? [] : await recomputeDraw(ids, record.seed);
    checks.push(
      ...(await checkDraw(plan, `draw ${index + 1}`, { race: drawnRace, closed, record, order, recomputed })),
    );
    const { registered, held, waitlisted, inBallot, recorded, mails } = drawnRace;
    drawn.push({ seconds, registered, held, waitlisted, inBallot, recorded, mails });
  }

  return {
    ...plan,
    connections,
    free: free.phase,
    ballot: ballot.phase,
    drawn,
    drawMedianSeconds: median(drawn.map((draw) => draw.seconds)),
    audit: audit(checks),
    unexpected,
  };
}
