import { sql } from 'drizzle-orm';
import { BALLOT_ALGORITHM, type Ballot, type EntryMode } from '@stride/shared';
import { isoInstant } from '../../db/json-text.js';
import type { Executor } from '../../db/transaction.js';
import { PASS_REGISTRATION_FACTS, RACE_FACTS } from '../../mail/fact-shapes.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A ballot race as its draw reads it, its row locked. */
export type DrawnRace = {
  creatorId: string;
  entryMode: EntryMode;
  endRegDate: Date;
  ballotDrawAt: Date | null;
  ballotDrawnAt: Date | null;
  /** Places free for the draw's winners: null when the race has no limit. */
  free: number | null;
};

/** A line of the draw's public record (the entries CSV). */
export type DrawnEntry = { position: number; entryId: string; outcome: string };

/** The race's ballot: its seed, its draw, and the draw's public record (issue 35). */
export function createBallotRepository(db: Executor) {
  return {
    /** Keeps the race's seed and its commitment, unless it has one already. */
    async prepareSeed(raceId: string, seed: string, seedCommitment: string): Promise<void> {
      await db.execute(sql`
        insert into ballot_seeds (marathon_id, seed, seed_commitment) values (${raceId}, ${seed}, ${seedCommitment})
        on conflict (marathon_id) do nothing`);
    },

    /**
     * The ballot's public record, or null when there is no such race: the commitment once the entry window has
     * closed, the seed once drawn.
     */
    async findRecord(raceId: string): Promise<Ballot | null> {
      const [row] = rowsOf<Ballot>(
        await db.execute(sql`
          select race.id as "marathonId", race.entry_mode as "entryMode",
            ${isoInstant(sql`race.ballot_draw_at`)} as "ballotDrawAt", race.ballot_count as entries,
            race.capacity as places,
            case when race.end_reg_date < now() or race.ballot_drawn_at is not null then seed.seed_commitment end
              as "seedCommitment",
            case when race.ballot_drawn_at is not null then seed.seed end as seed,
            ${isoInstant(sql`race.ballot_drawn_at`)} as "drawnAt", seed.winners,
            ${BALLOT_ALGORITHM}::text as algorithm
          from marathons race left join ballot_seeds seed on seed.marathon_id = race.id
          where race.id = ${raceId}`),
      );
      return row ?? null;
    },

    /** The race as its draw reads it, with its row locked for the rest of the transaction; null when none. */
    async lockRace(raceId: string): Promise<DrawnRace | null> {
      const [row] = rowsOf<DrawnRace & { endRegDate: Date | string }>(
        await db.execute(sql`
          select creator_id as "creatorId", entry_mode as "entryMode", end_reg_date as "endRegDate",
            ballot_draw_at as "ballotDrawAt", ballot_drawn_at as "ballotDrawnAt",
            -- greatest() ignores a null: a race without a limit is asked apart.
            case when capacity is not null then greatest(capacity - total_registration_count - pending_count, 0) end
              as free
          from marathons where id = ${raceId}
          for update`),
      );
      if (!row) return null;
      const at = (value: Date | string | null) => (value === null ? null : new Date(value));
      return {
        ...row,
        endRegDate: new Date(row.endRegDate),
        ballotDrawAt: at(row.ballotDrawAt),
        ballotDrawnAt: at(row.ballotDrawnAt),
      };
    },

    async findSeed(raceId: string): Promise<string | null> {
      const [row] = rowsOf<{ seed: string }>(
        await db.execute(sql`select seed from ballot_seeds where marathon_id = ${raceId}`),
      );
      return row?.seed ?? null;
    },

    /** The ids of the race's entries in its ballot (not drawn yet). */
    async findEntryIds(raceId: string): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(
          sql`select id::text from registrations where marathon_id = ${raceId} and status = 'ballot'`,
        ),
      );
      return rows.map((row) => row.id);
    },

    /** Ballot races whose draw is due at `now` and not done, soonest first (marathons_ballot_due_idx). */
    async findDue(now: Date, limit: number): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id from marathons
          where entry_mode = 'ballot' and ballot_drawn_at is null and ballot_draw_at <= ${now.toISOString()}::timestamptz
          order by ballot_draw_at limit ${limit}`),
      );
      return rows.map((row) => row.id);
    },

    /**
     * Applies the draw, in one statement, the race locked: the entries `drawn` (ids in drawn order) up to
     * `winners` get a place: registered with the next bibs in drawn order, or, paying online for a fee, the place
     * held until `claimUntil`; the others join the line in drawn order. Each entry keeps its position, the public
     * record the drawn order; the counters move; every entrant is mailed the outcome; the race is marked drawn.
     * Answers the runners whose entries moved.
     */
    async applyDraw(
      raceId: string,
      drawn: string[],
      winners: number,
      { claimUntil, drawnAt }: { claimUntil: Date; drawnAt: Date },
    ): Promise<string[]> {
      const rows = rowsOf<{ runner_id: string }>(
        await db.execute(sql`
          with race as (
            -- The race's facts built once for its 100,000 mails, not once per mail.
            select race.bibs_issued, ${RACE_FACTS.jsonb} as facts from marathons race where race.id = ${raceId}
          ), drawn as (
            select entry.id, entry.position::int as position, entry.position <= ${winners} as won
            from unnest(${sql.param(drawn)}::uuid[]) with ordinality as entry (id, position)
          ), judged as (
            select drawn.*, registrations.ctid as place,
              drawn.won and registrations.payment_method = 'online' and registrations.amount_due > 0 as hold
            from drawn join registrations on registrations.id = drawn.id
            where registrations.marathon_id = ${raceId} and registrations.status = 'ballot'
          ), numbered as (
            select judged.*,
              case when won and not hold
                then (select bibs_issued from race) + row_number() over (partition by won and not hold order by position)
              end as bib
            from judged
          ), lined as (
            -- The sequence read row by row in drawn order (a subquery sorted is not flattened): the line's order.
            select ordered.*,
              case when not ordered.won then nextval('registrations_waitlist_seq') end as waitlist_seq
            from (select * from numbered order by position) as ordered
          ), moved as (
            -- The rows visited in their order in the table, not in drawn order (the race's entries are more than
            -- the buffers hold); the id is checked too, as a row's place is only good for this snapshot.
            update registrations set
              status = case when lined.won then case when lined.hold then 'pending_payment' else 'registered' end
                else 'waitlisted' end,
              bib = lined.bib,
              waitlist_seq = lined.waitlist_seq,
              hold_expires_at = case when lined.hold then ${claimUntil.toISOString()}::timestamptz end,
              payment_status = case when registrations.amount_due > 0 and lined.won and not lined.hold then 'due'
                else registrations.payment_status end,
              ballot_position = lined.position,
              updated_at = now()
            from (select * from lined order by place) as lined
            where registrations.ctid = lined.place and registrations.id = lined.id
            -- What the mail's facts read (PASS_REGISTRATION_FACTS), not the wide row.
            returning registrations.id, registrations.user_id, registrations.status, registrations.bib,
              registrations.first_name, registrations.last_name, registrations.contact, registrations.info,
              registrations.amount_due, registrations.amount_paid, registrations.currency,
              registrations.payment_status, registrations.receipt_number, registrations.checkin_code,
              registrations.hold_expires_at, lined.position, lined.won
          ), counted as (
            update marathons set
              total_registration_count = total_registration_count
                + (select count(*) from moved where status = 'registered'),
              bibs_issued = bibs_issued + (select count(*) from moved where status = 'registered'),
              pending_count = pending_count + (select count(*) from moved where status = 'pending_payment'),
              waitlist_count = waitlist_count + (select count(*) from moved where status = 'waitlisted'),
              ballot_drawn_at = ${drawnAt.toISOString()}::timestamptz
            where id = ${raceId}
          ), recorded as (
            update ballot_seeds set winners = ${winners}, drawn_order = ${sql.param(drawn)}::uuid[]
            where marathon_id = ${raceId}
          ), mailed as (
            insert into mail_outbox (recipient, payload)
            select users.email, jsonb_build_object('kind', 'ballot-drawn', 'race', race.facts,
              'registration', ${PASS_REGISTRATION_FACTS.jsonb},
              'outcome', case when registration.won then 'won' else 'waitlisted' end,
              'position', registration.position, 'entries', ${drawn.length}::int,
              'holdExpiresAt', ${isoInstant(sql`registration.hold_expires_at`)},
              'waitlistPosition', case when not registration.won then registration.position - ${winners} end)
            from moved as registration join users on users.id = registration.user_id cross join race
          )
          select user_id as runner_id from moved`),
      );
      return rows.map((row) => row.runner_id);
    },

    /** The draw's public record from `after` on, in drawn order: `limit` lines. */
    async findDrawnEntries(raceId: string, after: number, limit: number): Promise<DrawnEntry[]> {
      return rowsOf<DrawnEntry>(
        await db.execute(sql`
          select ${after}::int + entry.n::int as position, entry.id as "entryId",
            case when ${after}::int + entry.n <= seed.winners then 'won' else 'waitlisted' end as outcome
          from ballot_seeds seed,
            unnest(seed.drawn_order[${after}::int + 1 : ${after}::int + ${limit}::int]) with ordinality as entry (id, n)
          where seed.marathon_id = ${raceId}
          order by entry.n`),
      );
    },
  };
}

export type BallotRepository = ReturnType<typeof createBallotRepository>;
