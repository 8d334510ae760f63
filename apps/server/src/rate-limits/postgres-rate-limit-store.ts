import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.js';
import { preparedStatement } from '../db/prepared.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { msUntilRoom } from './rate-limit-window.js';

/** How often a process deletes expired rows, and how many per table at most each time. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1_000;

const at = sql.placeholder('now');
/**
 * A hit in one statement: a new window when the key has none or its window is over, else one more hit. The
 * row's lock makes concurrent hits on a key (from any process) count one after another.
 */
const hitCounter = preparedStatement<{ hits: number; resets_at: string }>(sql`
  insert into rate_limit_counters as counter (key, hits, resets_at)
  values (${sql.placeholder('key')}, 1, ${at}::bigint + ${sql.placeholder('windowMs')}::bigint)
  on conflict (key) do update set
    hits = case when counter.resets_at <= ${at}::bigint then 1 else counter.hits + 1 end,
    resets_at = case when counter.resets_at <= ${at}::bigint then excluded.resets_at else counter.resets_at end
  returning hits, resets_at`);

type Logger = { warn: (details: object, message: string) => void };

/**
 * The rate limits in PostgreSQL (tables of db/schema/rate-limits.ts), shared by every server process on the
 * database: each call is one statement. Expired rows are deleted by whichever process's call comes first after
 * a minute, in the background, a bounded batch at a time. Times come from `now`, this process's clock.
 */
export function createPostgresRateLimitStore(
  db: Database,
  { log, now = Date.now }: { log: Logger; now?: () => number },
): RateLimitStore {
  let lastPrunedAt = now();
  let pruning: Promise<void> = Promise.resolve();

  /** SKIP LOCKED: a row another process is hitting or deleting right now is left to it. */
  async function deleteExpiredRows(time: number): Promise<void> {
    const [counts] = rowsOf<{ counters: number; events: number }>(
      await db.execute(sql`
        with counters as (
          delete from rate_limit_counters where key in (
            select key from rate_limit_counters where resets_at <= ${time}::bigint
            order by resets_at limit ${PRUNE_BATCH} for update skip locked)
          returning 1),
        events as (
          delete from rate_limit_events where key in (
            select key from rate_limit_events where expires_at <= ${time}::bigint
            order by expires_at limit ${PRUNE_BATCH} for update skip locked)
          returning 1)
        select (select count(*) from counters)::int as counters, (select count(*) from events)::int as events`),
    );
    // A full batch: more may be waiting, so the next call prunes again rather than in a minute.
    if (counts && Math.max(counts.counters, counts.events) >= PRUNE_BATCH) lastPrunedAt = 0;
  }

  function pruneNowAndThen(time: number): void {
    if (time - lastPrunedAt < PRUNE_EVERY_MS) return;
    lastPrunedAt = time;
    pruning = pruning
      .then(() => deleteExpiredRows(time))
      .catch((error: unknown) => log.warn({ err: error }, 'rate limits: deleting expired rows failed'));
  }

  return {
    async hit(key, windowMs) {
      const time = now();
      const [row] = await hitCounter(db, { key, now: time, windowMs });
      pruneNowAndThen(time);
      return { hits: row!.hits, resetInMs: Number(row!.resets_at) - time };
    },
    async recordEvent(keys, { windowMs, keep }) {
      const time = now();
      await db.execute(sql`
        insert into rate_limit_events as log (key, times, expires_at)
        select key, array[${time}::bigint], ${time + windowMs}::bigint
        from unnest(${sql.param([...keys])}::text[]) as key
        on conflict (key) do update set
          times = array(
            select at from unnest(excluded.times || log.times) as at
            where at > ${time - windowMs}::bigint
            order by at desc limit ${keep}),
          expires_at = excluded.expires_at`);
      pruneNowAndThen(time);
    },
    async findEventAges(keys, windowMs) {
      const time = now();
      const rows = rowsOf<{ key: string; times: Array<string | number> }>(
        await db.execute(sql`
          select key, times from rate_limit_events
          where key = any(${sql.param([...keys])}::text[]) and expires_at > ${time}::bigint`),
      );
      const timesByKey = new Map(rows.map((row) => [row.key, row.times.map(Number)]));
      return keys.map((key) =>
        (timesByKey.get(key) ?? []).map((at) => time - at).filter((age) => age < windowMs),
      );
    },
    async forgetEvents(keys) {
      await db.execute(sql`delete from rate_limit_events where key = any(${sql.param([...keys])}::text[])`);
    },
    async reserveEvent(keys, window) {
      const time = now();
      const { windowMs, max } = window;
      const reservation = await db.transaction(async (tx) => {
        // Every key's row, made if missing and locked in one order for all callers: their latest times, which
        // no other reservation changes before this one commits.
        const rows = rowsOf<{ times: Array<string | number> }>(
          await tx.execute(sql`
            insert into rate_limit_events as log (key, times, expires_at)
            select key, '{}', ${time + windowMs}::bigint
            from unnest(${sql.param([...keys].sort())}::text[]) as key order by key
            on conflict (key) do update set key = log.key
            returning times`),
        );
        const retryAfterMs = Math.max(
          0,
          ...rows.map(({ times }) =>
            msUntilRoom(
              times.map((at) => time - Number(at)).filter((age) => age < windowMs),
              window,
            ),
          ),
        );
        if (retryAfterMs > 0) return { reserved: false as const, retryAfterMs };
        await tx.execute(sql`
          update rate_limit_events set
            times = array(
              select at from unnest(${time}::bigint || times) as at
              where at > ${time - windowMs}::bigint
              order by at desc limit ${max}),
            expires_at = ${time + windowMs}::bigint
          where key = any(${sql.param([...keys])}::text[])`);
        return { reserved: true as const, event: String(time) };
      });
      pruneNowAndThen(time);
      return reservation;
    },
    async releaseEvent(keys, event) {
      // One occurrence of the event's time: another event of the same millisecond stays.
      await db.execute(sql`
        update rate_limit_events set
          times = times[:array_position(times, ${event}::bigint) - 1]
            || times[array_position(times, ${event}::bigint) + 1:]
        where key = any(${sql.param([...keys])}::text[]) and ${event}::bigint = any(times)`);
    },
    async close() {
      await pruning;
    },
  };
}
