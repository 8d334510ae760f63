import { countDistinct, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { marathons, registrations } from './schema/index.js';

export type BenchFixtureOptions = {
  /** Signed-in runners with a session each: enough distinct users for every registration the bench sends. */
  runners: number;
  /** How many registrations the "heavy" runner holds (the by-email read). */
  heavyRunnerRegistrations: number;
};

export type BenchFixtures = {
  runId: string;
  /** Session tokens of the runners, in order; they work as `Authorization: Bearer <token>`. */
  runnerTokens: string[];
  heavyRunner: { email: string; token: string };
  /** Open races owned by the bench's organizer, nobody registered yet: one per registration scenario. */
  openRaceIds: { registrations: string; registrationsWarmUp: string; sellOut: string };
};

const BENCH_ID_PREFIX = 'bench-';
const SESSION_HOURS = 6;

/**
 * Adds what the load test needs to a (seeded) database, in set-based SQL that runs on PGlite and PostgreSQL:
 * runners with sessions (no password hashing: tokens are written directly), one organizer with open races,
 * and a runner registered for `heavyRunnerRegistrations` of them, every count equal to its rows.
 * Everything hangs off users whose id starts with `bench-<runId>-`, so {@link removeBenchFixtures} takes it all away.
 */
export async function addBenchFixtures(db: Database, options: BenchFixtureOptions): Promise<BenchFixtures> {
  const runId = Date.now().toString(36);
  const prefix = `${BENCH_ID_PREFIX}${runId}-`;
  const organizerId = `${prefix}organizer`;
  const heavyId = `${prefix}heavy`;
  const openRaceCount = options.heavyRunnerRegistrations + 3;

  const openRaceIds = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified)
      select ${prefix} || g, 'Bench Runner ' || g, 'runner' || g || '.' || ${runId} || '@bench.example.org', true
      from generate_series(1, ${options.runners}::int) as g
      union all select ${organizerId}, 'Bench Organizer', 'organizer.' || ${runId} || '@bench.example.org', true
      union all select ${heavyId}, 'Bench Heavy Runner', 'heavy.' || ${runId} || '@bench.example.org', true`);
    await tx.execute(sql`
      insert into sessions (id, token, user_id, expires_at)
      select id || '-session', id || '-token', id, now() + make_interval(hours => ${SESSION_HOURS}::int)
      from users where id like ${`${prefix}%`} and id <> ${organizerId}`);
    await tx.execute(sql`
      insert into marathons (title, start_reg_date, end_reg_date, start_date, location, distance, description, image, creator_id)
      select 'Bench Race ' || g, now() - interval '1 day', now() + interval '30 days', now() + interval '60 days',
             'Benchville', '10k', 'An open race for the load test.', '/images/marathons/poster-1.svg', ${organizerId}
      from generate_series(1, ${openRaceCount}::int) as g`);
    const races = await tx
      .select({ id: marathons.id })
      .from(marathons)
      .where(eq(marathons.creatorId, organizerId));
    const [forRegistrations, forWarmUp, forSellOut, ...heavyRaces] = races.map((race) => race.id);
    await tx.insert(registrations).values(
      heavyRaces.map((marathonId) => ({
        marathonId,
        userId: heavyId,
        firstName: 'Heavy',
        lastName: 'Runner',
        contact: '+1 555 0100',
        info: '',
      })),
    );
    await tx.update(marathons).set({ totalRegistrationCount: 1 }).where(inArray(marathons.id, heavyRaces));
    return { registrations: forRegistrations!, registrationsWarmUp: forWarmUp!, sellOut: forSellOut! };
  });

  await vacuumAnalyze(db);
  return {
    runId,
    runnerTokens: Array.from({ length: options.runners }, (_, index) => `${prefix}${index + 1}-token`),
    heavyRunner: { email: `heavy.${runId}@bench.example.org`, token: `${heavyId}-token` },
    openRaceIds,
  };
}

/** Removes every bench user of every run, with their sessions, races and registrations (by cascade). */
export async function removeBenchFixtures(db: Database): Promise<void> {
  await db.execute(sql`delete from users where id like ${`${BENCH_ID_PREFIX}%`}`);
  // The confirmations of the bench's registrations: a next run starts without an earlier run's backlog.
  await db.execute(sql`delete from mail_outbox where recipient like '%@bench.example.org'`);
  await vacuumAnalyze(db);
}

/**
 * Tens of thousands of rows come and go with each run. Without a vacuum their dead index entries slow the next
 * run's lookups (autovacuum may be off or late, as on this project's CI PostgreSQL), and stale statistics
 * mislead the planner.
 */
async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze users, sessions, marathons, registrations, mail_outbox`);
}

export type RaceAudit = { count: number; rows: number; distinctRunners: number };

/** What the race's counter says, how many registration rows it has, and how many distinct runners hold them. */
export async function auditRace(db: Database, raceId: string): Promise<RaceAudit> {
  const [race] = await db
    .select({ count: marathons.totalRegistrationCount })
    .from(marathons)
    .where(eq(marathons.id, raceId));
  if (!race) throw new Error(`race ${raceId} is missing`);
  const [tally] = await db
    .select({ rows: count(), distinctRunners: countDistinct(registrations.userId) })
    .from(registrations)
    .where(eq(registrations.marathonId, raceId));
  return { count: race.count, rows: tally?.rows ?? 0, distinctRunners: tally?.distinctRunners ?? 0 };
}
