import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Registration } from '@stride/shared';
import { type Database, rowsOf } from '../apps/server/src/db/client.js';
import type { Executor } from '../apps/server/src/db/transaction.js';
import { marathons } from '../apps/server/src/db/schema/index.js';
import { type DeskRace, fillEntryAnswers, setBenchEntryForm } from './entry-form.js';

export type BenchFixtureOptions = {
  /** Signed-in runners with a session each: enough distinct users for every registration the bench sends. */
  runners: number;
  /** How many races the bench's organizer owns (My Marathons of a heavy account); at least 5. */
  heavyOrganizerRaces: number;
  /** How many registrations the "heavy" runner holds (My Apply List of a heavy account): one in each of as many seeded races. */
  heavyRunnerRegistrations: number;
  /** The field limit of the stampede's race (ADR 017), and of the paid stampede's (issue 32). */
  stampedeCapacity: number;
  /**
   * How many of the busiest seeded races get the bench's entry form (issue 31) and a session of their organizer:
   * the desk's filtered pages read them in turn. The busiest race is the first.
   */
  formRaces: number;
  /** The server's AUTH_SECRET: the runners' tokens are signed with it, as the ones a sign-in hands out. */
  authSecret: string;
};

export type BenchFixtures = {
  runId: string;
  /** The runners in order (user id, email), each with a session token that works as `Authorization: Bearer <token>`. */
  runners: Array<{ id: string; email: string; token: string }>;
  heavyRunner: { email: string; token: string };
  /** The organizer of the bench's races, signed in: `heavyOrganizerRaces` of them. */
  heavyOrganizer: { email: string; token: string };
  /**
   * Open races owned by the bench's organizer, nobody registered yet: one per registration scenario. The
   * stampede's race and the paid stampede's have `stampedeCapacity` places; the others have no limit. The two
   * `WithForm` races have the bench's entry form (issue 31), the others none. The paid stampede's race charges
   * {@link PAID_STAMPEDE_PRICE}, paid online (issue 32); the others are free.
   */
  openRaceIds: {
    registrations: string;
    registrationsWarmUp: string;
    registrationsWithForm: string;
    registrationsWithFormWarmUp: string;
    stampede: string;
    paidStampede: string;
  };
  /** The busiest seeded races, busiest first, with the bench's entry form and a session of their organizer. */
  formRaces: DeskRace[];
  /**
   * The seeded race with the most entries and a session of its organizer: the participant desk's heaviest case.
   * It has the bench's entry form, and every entry answers it.
   */
  busiestRace: {
    id: string;
    title: string;
    entries: number;
    organizerToken: string;
    /** A few of its runners (spread over the race), for searches an organizer would make. */
    entrants: Array<{ email: string; bib: number }>;
  };
};

const BENCH_ID_PREFIX = 'bench-';

/** The paid stampede's race (issue 32): €45, paid online only. */
export const PAID_STAMPEDE_PRICE = { entryFee: 4500, currency: 'EUR' } as const;

/**
 * A session token of better-auth's shape (32 letters and digits), derived from an id (the user's or the session's) so SQL and the
 * bench agree on it without a round trip.
 */
const sessionTokenOf = (id: string) => createHash('md5').update(id).digest('hex');
/** What a sign-in hands an API client (`set-auth-token`): the token and its HMAC, as better-auth signs cookies. */
const signedToken = (id: string, secret: string) => {
  const token = sessionTokenOf(id);
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
};

/**
 * Adds what the load test needs to a (seeded) database, in set-based SQL that runs on PGlite and PostgreSQL:
 * runners with sessions as fresh as a sign-in leaves them (no password hashing: tokens are written directly), one
 * organizer with `heavyOrganizerRaces` open races (two of them limited to `stampedeCapacity` places, one of those
 * paid online; two with the bench's entry form), a runner registered for `heavyRunnerRegistrations` seeded races without a field limit (the
 * next bib in each, every answer given), every count equal to its rows, and the entry form on the `formRaces`
 * busiest seeded races, each with a session of its organizer.
 * Everything hangs off users whose id starts with `bench-<runId>-`, so {@link removeBenchFixtures} takes it all away.
 */
export async function addBenchFixtures(db: Database, options: BenchFixtureOptions): Promise<BenchFixtures> {
  const runId = Date.now().toString(36);
  const prefix = `${BENCH_ID_PREFIX}${runId}-`;
  const organizerId = `${prefix}organizer`;
  const heavyId = `${prefix}heavy`;
  if (options.heavyOrganizerRaces < 6) throw new Error('The bench organizer needs at least 6 races.');
  if (options.formRaces < 1) throw new Error('The bench needs at least 1 race with an entry form.');
  // Before the heavy runner's places: they would move races in and out of the busiest, run after run.
  const { formRaces, busiestRace } = await addFormRaces(db, prefix, options.formRaces, options.authSecret);

  const openRaceIds = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified)
      select ${prefix} || g, 'Bench Runner ' || g, 'runner' || g || '.' || ${runId} || '@bench.example.org', true
      from generate_series(1, ${options.runners}::int) as g
      union all select ${organizerId}, 'Bench Organizer', 'organizer.' || ${runId} || '@bench.example.org', true
      union all select ${heavyId}, 'Bench Heavy Runner', 'heavy.' || ${runId} || '@bench.example.org', true`);
    await tx.execute(sql`
      insert into sessions (id, token, user_id, expires_at)
      select id || '-session', md5(id), id, now() + interval '30 days'
      from users where id like ${`${prefix}%`}`);
    await tx.execute(sql`
      insert into marathons (title, start_reg_date, end_reg_date, start_date, location, distance, description, image, creator_id)
      select 'Bench Race ' || g, now() - interval '1 day', now() + interval '30 days', now() + interval '60 days',
             'Benchville', '10k', 'An open race for the load test.', '/images/marathons/poster-1.svg', ${organizerId}
      from generate_series(1, ${options.heavyOrganizerRaces}::int) as g`);
    const races = await tx
      .select({ id: marathons.id })
      .from(marathons)
      .where(eq(marathons.creatorId, organizerId));
    const [forRegistrations, forWarmUp, forStampede, withForm, withFormWarmUp, forPaidStampede] = races.map(
      (race) => race.id,
    );
    await registerHeavyRunner(tx, heavyId, options.heavyRunnerRegistrations);
    await tx.execute(
      sql`update marathons set capacity = ${options.stampedeCapacity}::int where id = ${forStampede!}`,
    );
    await tx.execute(sql`
      update marathons set capacity = ${options.stampedeCapacity}::int, entry_fee = ${PAID_STAMPEDE_PRICE.entryFee}::int,
        currency = ${PAID_STAMPEDE_PRICE.currency}, payment_methods = '{online}'
      where id = ${forPaidStampede!}`);
    await setBenchEntryForm(tx, [withForm!, withFormWarmUp!]);
    return {
      registrations: forRegistrations!,
      registrationsWarmUp: forWarmUp!,
      registrationsWithForm: withForm!,
      registrationsWithFormWarmUp: withFormWarmUp!,
      stampede: forStampede!,
      paidStampede: forPaidStampede!,
    };
  });

  await vacuumAnalyze(db);
  return {
    runId,
    runners: Array.from({ length: options.runners }, (_, index) => ({
      id: `${prefix}${index + 1}`,
      email: `runner${index + 1}.${runId}@bench.example.org`,
      token: signedToken(`${prefix}${index + 1}`, options.authSecret),
    })),
    heavyRunner: {
      email: `heavy.${runId}@bench.example.org`,
      token: signedToken(heavyId, options.authSecret),
    },
    heavyOrganizer: {
      email: `organizer.${runId}@bench.example.org`,
      token: signedToken(organizerId, options.authSecret),
    },
    openRaceIds,
    formRaces,
    busiestRace,
  };
}

/**
 * Registers the runner for `count` seeded races that have no field limit, picked at random, as the service would:
 * the next bib of each, its counters up by one, one registration a minute back in time (newest first is then a
 * real order). {@link removeBenchFixtures} takes the counts back down.
 */
async function registerHeavyRunner(tx: Executor, runnerId: string, count: number) {
  await tx.execute(sql`
    with chosen as (
      select id from marathons
      where capacity is null and creator_id not like ${`${BENCH_ID_PREFIX}%`}
      order by random() limit ${count}::int
    ), counted as (
      update marathons set total_registration_count = total_registration_count + 1, bibs_issued = bibs_issued + 1
      from chosen where marathons.id = chosen.id
      returning marathons.id, marathons.bibs_issued
    )
    insert into registrations (marathon_id, user_id, first_name, last_name, contact, info, status, bib, created_at, updated_at)
    select id, ${runnerId}, 'Heavy', 'Runner', '+1 555 0100', '', 'registered', bibs_issued,
      now() - make_interval(mins => (row_number() over ())::int), now()
    from counted`);
  await fillEntryAnswers(tx, sql`registrations.user_id = ${runnerId}`);
}

/**
 * Gives the `count` seeded races with the most entries the bench's entry form and signs in each one's organizer:
 * a session row whose id starts with the bench's prefix (so {@link removeBenchFixtures} finds it, though the user
 * is the seed's) and whose token is derived from it. The busiest race also gets a few of its runners, for searches.
 * The forms stay (the next run gives them again); the sessions go.
 */
async function addFormRaces(db: Database, prefix: string, count: number, authSecret: string) {
  const races = rowsOf<{ id: string; title: string; session_id: string; entries: number }>(
    await db.execute(sql`
      with busiest as (
        select id, title, creator_id, (total_registration_count + waitlist_count)::int as entries,
          row_number() over (order by total_registration_count desc, id) as n
        from marathons where creator_id not like ${`${BENCH_ID_PREFIX}%`}
        order by total_registration_count desc, id limit ${count}::int
      ), signed_in as (
        insert into sessions (id, token, user_id, expires_at)
        select ${prefix} || 'desk-' || n, md5(${prefix} || 'desk-' || n), creator_id, now() + interval '30 days'
        from busiest
      )
      select id, title, ${prefix} || 'desk-' || n as session_id, entries from busiest order by n`),
  );
  const busiest = races[0];
  if (!busiest) throw new Error('The bench needs a seeded race: seed the database first.');
  await setBenchEntryForm(
    db,
    races.map((race) => race.id),
  );
  const entrants = rowsOf<{ email: string; bib: number }>(
    await db.execute(sql`
      select distinct on (quarter) users.email, entry.bib from (
        select user_id, bib, ntile(4) over (order by bib) as quarter from registrations
        where marathon_id = ${busiest.id} and status = 'registered'
      ) as entry join users on users.id = entry.user_id
      order by quarter, entry.bib`),
  );
  const formRaces: DeskRace[] = races.map((race) => ({
    id: race.id,
    entries: race.entries,
    organizerToken: signedToken(race.session_id, authSecret),
  }));
  return {
    formRaces,
    busiestRace: { ...formRaces[0]!, title: busiest.title, entrants },
  };
}

/** A registration as the bench's runners send it: a name and contact, with `waitlist` and a code when asked. */
export function registrationBody(
  raceId: string,
  { waitlist = false, discountCode }: { waitlist?: boolean; discountCode?: string } = {},
): string {
  return JSON.stringify({
    marathonId: raceId,
    firstName: 'Bench',
    lastName: 'Runner',
    contact: '+1 555 0199',
    info: '',
    ...(waitlist && { waitlist: true }),
    ...(discountCode !== undefined && { discountCode }),
  });
}

/** Removes every bench user of every run, with their sessions, races and registrations (by cascade), and the bench's sessions of seeded users. */
export async function removeBenchFixtures(db: Database): Promise<void> {
  // The heavy runner's places in seeded races: their counts go back down (bibs stay issued, as always).
  await db.execute(sql`
    update marathons set total_registration_count = total_registration_count - entries.places
    from (
      select marathon_id, count(*)::int as places from registrations
      where user_id like ${`${BENCH_ID_PREFIX}%`} and status = 'registered' group by marathon_id
    ) as entries
    where marathons.id = entries.marathon_id and marathons.creator_id not like ${`${BENCH_ID_PREFIX}%`}`);
  // Refunds outlive their registrations (issue 32): the paid stampede's go with its entries.
  await db.execute(sql`
    delete from payment_refunds where registration_id in (
      select id from registrations where user_id like ${`${BENCH_ID_PREFIX}%`})`);
  await db.execute(sql`delete from users where id like ${`${BENCH_ID_PREFIX}%`}`);
  await db.execute(sql`delete from sessions where id like ${`${BENCH_ID_PREFIX}%`}`);
  await removeBenchMail(db);
}

/**
 * The mails queued for the bench's runners, unsent, and fresh statistics: a next run, or the paid stampede after
 * the free one, starts without an earlier phase's backlog in its way.
 */
export async function removeBenchMail(db: Database): Promise<void> {
  await db.execute(sql`delete from mail_outbox where recipient like '%@bench.example.org'`);
  await vacuumAnalyze(db);
}

/**
 * Tens of thousands of rows come and go with each run. Without a vacuum their dead index entries slow the next
 * run's lookups (autovacuum may be off or late, as on this project's CI PostgreSQL), and stale statistics
 * mislead the planner.
 */
async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(
    sql`vacuum analyze users, sessions, marathons, marathon_search_terms, registrations, mail_outbox`,
  );
}

export type RaceAudit = {
  count: number;
  rows: number;
  distinctRunners: number;
  /** Entries with every answer of the entry form stored: a date of birth, gender, size, contact, answers, waiver. */
  answered: number;
};

/**
 * What the race's counter says, how many runners hold a place, how many distinct runners have an entry, and how
 * many entries hold every answer of the entry form.
 */
export async function auditRace(db: Database, raceId: string): Promise<RaceAudit> {
  const [row] = rowsOf<RaceAudit>(
    await db.execute(sql`
      select m.total_registration_count as count,
        (select count(*) from registrations r where r.marathon_id = m.id and r.status = 'registered')::int as rows,
        (select count(distinct r.user_id) from registrations r where r.marathon_id = m.id)::int as "distinctRunners",
        (select count(*) from registrations r where r.marathon_id = m.id and r.date_of_birth is not null
          and r.gender is not null and r.t_shirt_size is not null and r.emergency_contact_phone is not null
          and r.answers <> '{}'::jsonb and r.waiver_accepted_at is not null)::int as answered
      from marathons m where m.id = ${raceId}`),
  );
  if (!row) throw new Error(`race ${raceId} is missing`);
  return row;
}

export type RaceEntry = {
  id: string;
  userId: string;
  /** A free race's entries are registered or waitlisted; a paid race's may be held, expired or cancelled too. */
  status: Registration['status'];
  bib: number | null;
  /** The order in line, as text (a bigint); null when the runner never waited or no longer keeps it. */
  waitlistSeq: string | null;
  /** The place in line: the row number among the race's waitlisted entries by `waitlist_seq`; null when registered. */
  position: number | null;
  // The payment (issue 32): a free race's entries keep the defaults.
  paymentStatus: Registration['paymentStatus'];
  amountDue: number;
  amountPaid: number;
  amountRefunded: number;
  paymentIntent: string | null;
  checkoutSessionId: string | null;
  receiptNumber: string | null;
  discountCode: string | null;
};

export type RaceEntries = {
  capacity: number | null;
  totalRegistrationCount: number;
  waitlistCount: number;
  pendingCount: number;
  bibsIssued: number;
  receiptsIssued: number;
  entries: RaceEntry[];
};

/** The race's counters and every entry in it, waitlisted ones with their place in line, for the stampede's audit. */
export async function findRaceEntries(db: Database, raceId: string): Promise<RaceEntries> {
  const [race] = rowsOf<Omit<RaceEntries, 'entries'>>(
    await db.execute(sql`
      select capacity, total_registration_count as "totalRegistrationCount", waitlist_count as "waitlistCount",
        pending_count as "pendingCount", bibs_issued as "bibsIssued", receipts_issued as "receiptsIssued"
      from marathons where id = ${raceId}`),
  );
  if (!race) throw new Error(`race ${raceId} is missing`);
  const entries = rowsOf<RaceEntry>(
    await db.execute(sql`
      select id, user_id as "userId", status, bib, waitlist_seq::text as "waitlistSeq",
        case when status = 'waitlisted'
          then (row_number() over (partition by status order by waitlist_seq, id))::int end as position,
        payment_status as "paymentStatus", amount_due as "amountDue", amount_paid as "amountPaid",
        amount_refunded as "amountRefunded", payment_intent as "paymentIntent",
        checkout_session_id as "checkoutSessionId", receipt_number as "receiptNumber",
        discount_code as "discountCode"
      from registrations where marathon_id = ${raceId}`),
  );
  return { ...race, entries };
}

export type PaidRaceEntries = RaceEntries & {
  /** The race's discount codes with their uses. */
  codes: Array<{ code: string; uses: number; maxUses: number | null }>;
  /** The refunds decided for the race's entries, made (`done`) through Stripe or still to make. */
  refunds: Array<{ registrationId: string; paymentIntent: string; amount: number; done: boolean }>;
};

/** {@link findRaceEntries}, with the race's codes and its entries' refunds: for the paid stampede's audit. */
export async function findPaidRaceEntries(db: Database, raceId: string): Promise<PaidRaceEntries> {
  const race = await findRaceEntries(db, raceId);
  const codes = rowsOf<PaidRaceEntries['codes'][number]>(
    await db.execute(sql`
      select code, uses, max_uses as "maxUses" from discount_codes where marathon_id = ${raceId}`),
  );
  const refunds = rowsOf<PaidRaceEntries['refunds'][number]>(
    await db.execute(sql`
      select registration_id as "registrationId", payment_intent as "paymentIntent", amount,
        done_at is not null as done
      from payment_refunds
      where registration_id in (select id from registrations where marathon_id = ${raceId})`),
  );
  return { ...race, codes, refunds };
}
