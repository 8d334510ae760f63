import { count, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Distance } from '@stride/shared';
import type { Database } from '../db/client.js';
import { LIVE_STATUSES, registrations } from '../db/schema/index.js';

export type BulkSeedOptions = { marathons: number; registrations: number; users: number; password: string };
export type BulkSeedResult = { users: number; marathons: number; registrations: number; runId: string };

/**
 * The distances of the seeded races, a third each: docs/SPEC.md's three, kept when the list of distances grew so
 * that the bench's searches (a distance each) keep finding as many races as before.
 */
export const SEED_DISTANCES = ['25k', '10k', '3k'] as const satisfies readonly Distance[];

/** The zone of each of SEED_LOCATIONS, in the same order. */
const SEED_TIME_ZONES = [
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'America/Chicago',
  'Europe/Madrid',
  'Australia/Sydney',
  'Africa/Johannesburg',
  'America/Toronto',
];

/** The places of the seeded races: a tenth of them each. */
export const SEED_LOCATIONS = [
  'Berlin',
  'Paris',
  'London',
  'Boston',
  'Tokyo',
  'Chicago',
  'Valencia',
  'Sydney',
  'Cape Town',
  'Toronto',
];

async function countRegistrations(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(registrations);
  return row?.total ?? 0;
}

/**
 * Fills a database fast for load tests, in set-based SQL that runs on PGlite and PostgreSQL alike:
 * users who can sign in (runner{n}.{runId}@seed.example.org with one shared password), races spread over two
 * years around today, and registrations skewed towards popular races, with every race's count equal to its rows.
 */
export async function bulkSeed(db: Database, options: BulkSeedOptions): Promise<BulkSeedResult> {
  const runId = Date.now().toString(36);
  const passwordHash = await hashPassword(options.password);
  const maxPairs = options.marathons * options.users;
  if (options.registrations > maxPairs) {
    throw new Error(
      `Cannot place ${options.registrations} registrations: ${options.marathons} races × ${options.users} users allow ${maxPairs}.`,
    );
  }
  const before = await countRegistrations(db);

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'seed-' || ${runId} || '-' || g, 'Runner ' || g, 'runner' || g || '.' || ${runId} || '@seed.example.org', true
      from generate_series(1, ${options.users}::int) as g`);
    await tx.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password)
      select 'seed-account-' || ${runId} || '-' || g, 'seed-' || ${runId} || '-' || g, 'credential',
             'seed-' || ${runId} || '-' || g, ${passwordHash}
      from generate_series(1, ${options.users}::int) as g`);
    await tx.execute(sql`
      insert into marathons (title, start_reg_date, end_reg_date, start_date, location, time_zone, distance, description, image, creator_id, created_at)
      select 'Seed Marathon ' || g,
             race.start_date - make_interval(days => (30 + (g::bigint * 7919) % 150)::int),
             race.start_date - make_interval(days => (1 + (g::bigint * 104729) % 20)::int),
             race.start_date,
             (${sql.raw(`array[${SEED_LOCATIONS.map((l) => `'${l}'`).join(',')}]`)})[1 + g % ${SEED_LOCATIONS.length}],
             (${sql.raw(`array[${SEED_TIME_ZONES.map((zone) => `'${zone}'`).join(',')}]`)})[1 + g % ${SEED_LOCATIONS.length}],
             (${sql.raw(`array[${SEED_DISTANCES.map((d) => `'${d}'`).join(',')}]`)})[1 + g % ${SEED_DISTANCES.length}],
             'A seeded race for load tests.',
             '/images/marathons/poster-' || (1 + g % 6) || '.svg',
             'seed-' || ${runId} || '-' || (1 + g % ${options.users}::int),
             now() - make_interval(mins => ${options.marathons}::int - g)
      from generate_series(1, ${options.marathons}::int) as g,
           lateral (select date_trunc('hour', now()) + make_interval(days => ((g::bigint * 31337) % 730 - 365)::int) as start_date) as race`);
  });

  // Registrations skewed to popular races; duplicates of a (race, runner) pair are skipped, so top up until exact.
  // Each round numbers its bibs on from the race's highest: a skipped duplicate leaves a gap, never a repeat.
  const target = before + options.registrations;
  for (let attempt = 0; attempt < 20; attempt++) {
    const missing = target - (await countRegistrations(db));
    if (missing <= 0) break;
    await db.execute(sql`
      with race as (
        select id, row_number() over (order by created_at) as n
        from marathons where title like 'Seed Marathon %' and creator_id like ${`seed-${runId}-%`}
      ), pick as (
        select 1 + floor(${options.marathons}::int * power(random(), 3))::int as race_n,
               'seed-' || ${runId} || '-' || (1 + floor(random() * ${options.users}::int)::int) as user_id
        from generate_series(1, ${Math.ceil(missing * 1.05) + 10}::int)
      ), last_bib as (
        -- Once per round, not a subquery per row: planned while the table was still empty, that subquery
        -- scanned the whole table for every row inserted.
        select marathon_id, max(bib) as bib from registrations group by marathon_id
      )
      insert into registrations (marathon_id, user_id, first_name, last_name, contact, info, bib)
      select race.id, pick.user_id, 'Seed', 'Runner', '+1 555 0100', '',
        coalesce(last_bib.bib, 0) + row_number() over (partition by race.id)
      from pick join race on race.n = pick.race_n left join last_bib on last_bib.marathon_id = race.id
      on conflict (marathon_id, user_id) where status in ${LIVE_STATUSES} do nothing`);
  }
  // Trim any overshoot from the last round, then make every count agree with the rows.
  await db.execute(sql`
    delete from registrations where id in (
      select r.id from registrations r where r.user_id like ${`seed-${runId}-%`}
      order by r.created_at desc, r.id desc
      limit greatest(0, (select count(*) from registrations) - ${target}::int))`);
  await db.execute(sql`
    update marathons m set total_registration_count = coalesce(c.n, 0), bibs_issued = coalesce(c.last_bib, 0)
    from marathons m2 left join (
      select marathon_id, count(*)::int as n, max(bib) as last_bib from registrations group by marathon_id) c
      on c.marathon_id = m2.id
    where m.id = m2.id and m.creator_id like ${`seed-${runId}-%`}`);

  // Fresh statistics for the planner, and a visibility map so the list indexes answer without heap visits.
  await db.execute(sql`vacuum analyze users, accounts, marathons, marathon_search_terms, registrations`);

  return { users: options.users, marathons: options.marathons, registrations: options.registrations, runId };
}
