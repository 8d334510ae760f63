import { sql } from 'drizzle-orm';
import type { RegistrationStatus, RosterEntry, ScanResult } from '@stride/shared';
import { isoInstant } from '../../db/json-text.js';
import { CURRENT_TRANSACTION } from '../../db/schema/columns.js';
import { defineShape } from '../../db/shape.js';
import type { Executor } from '../../db/transaction.js';

/**
 * Who an entry is and its check-in if any, from a registrations row `registration` and its checkins row `checkin`
 * ({@link WITH_CHECKIN}).
 */
const CHECKED_IN_RUNNER = {
  bib: sql`registration.bib`,
  firstName: sql`registration.first_name`,
  lastName: sql`registration.last_name`,
  checkedInAt: isoInstant(sql`checkin.checked_in_at`),
  checkedInBy: sql`checkin.checked_in_by`,
};

/** A race's registrations rows `registration` with their check-in `checkin` (null columns when not checked in). */
const WITH_CHECKIN = (raceId: string) => sql`registrations registration
  left join checkins checkin on checkin.registration_id = registration.id and checkin.marathon_id = ${raceId}`;

/** A registered runner as a check-in phone keeps them (rosterEntrySchema), from {@link WITH_CHECKIN}'s rows. */
export const ROSTER_ENTRY = defineShape<RosterEntry>({
  registrationId: sql`registration.id`,
  ...CHECKED_IN_RUNNER,
  codeHash: sql`registration.checkin_code_hash`,
});

/** Where an entry stands for a scan: its status, who it is, and its check-in if any (the first one's). */
export type EntryState = {
  id: string;
  status: RegistrationStatus;
  bib: number | null;
  firstName: string;
  lastName: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
  device: string | null;
};

const ENTRY_STATE = defineShape<EntryState>({
  id: sql`registration.id`,
  status: sql`registration.status`,
  ...CHECKED_IN_RUNNER,
  device: sql`checkin.device`,
});

/** What a scan names its runner by: exactly one of the keys (a malformed registration id is never looked up). */
export type ScanKey = { n: number; code: string | null; bib: number | null; registrationId: string | null };

/** A check-in to record: the entry, the time it is dated (the scan's, or the server's) and the phone's name. */
export type CheckIn = { id: string; at: string; device: string | null };

/** An entry's check-in as an undo needs it (null columns when not checked in), its entry locked. */
export type CheckInRecord = {
  checkedInAt: string | null;
  checkedInByUserId: string | null;
  /** When the server recorded it, ISO 8601. */
  recordedAt: string | null;
};

/** The ids of a JSON array, as a set of uuids to match with `in`. */
const idsIn = (ids: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The snapshot's oldest running transaction: every change not seen by this statement has a number at least this. */
const SNAPSHOT_CURSOR = sql`(pg_snapshot_xmin(pg_current_snapshot()))::text`;

/** The race's entries changed from `since` on: their rows, or their check-ins (made or undone). */
const changedSince = (raceId: string, since: string) => sql`
  select id from registrations where marathon_id = ${raceId} and roster_version >= ${since}::bigint
  union
  select registration_id from checkins where marathon_id = ${raceId} and roster_version >= ${since}::bigint`;

/**
 * The ids of the race's entries that left the roster from `since` on: those changed and not registered now
 * (withdrawn with money kept, cancelled, a hold released, back in line) and those deleted (roster_removals).
 */
const rosterRemoved = (raceId: string, since: string) => sql`coalesce((
  select json_agg(gone.id) from (
    select registration.id from registrations registration
    where registration.marathon_id = ${raceId} and registration.roster_version >= ${since}::bigint
      and registration.status <> 'registered'
    union
    select registration_id from roster_removals
    where marathon_id = ${raceId} and roster_version >= ${since}::bigint
  ) as gone), '[]'::json)`;

/** Check-in on race day (issue 33): the roster, scans recorded once each, check-ins and their undoing. */
export function createCheckinRepository(db: Executor) {
  return {
    /** The race's organizer, or null when there is no such race. */
    async findRace(raceId: string): Promise<{ id: string; creatorId: string } | null> {
      const [row] = rowsOf<{ id: string; creatorId: string }>(
        await db.execute(sql`select id, creator_id as "creatorId" from marathons where id = ${raceId}`),
      );
      return row ?? null;
    },

    /**
     * What a roster read in this transaction's snapshot starts with: its cursor (the snapshot's xmin) and, from
     * `since` on, the ids of the entries gone (a JSON array). Read in the snapshot of the entries' reads
     * (inOneSnapshot): a change it does not see was made by a transaction numbered at least the cursor,
     * which the next delta (`since` = cursor) includes, whatever order transactions commit in.
     */
    async findRosterOpening(
      raceId: string,
      since: string | null,
    ): Promise<{ cursor: string; removed: string }> {
      const [row] = rowsOf<{ cursor: string; removed: string }>(
        await db.execute(sql`
          select ${SNAPSHOT_CURSOR} as cursor,
            (${since === null ? sql`'[]'::json` : rosterRemoved(raceId, since)})::text as removed`),
      );
      return row!;
    },

    /**
     * Up to `limit` of the race's registered entries by bib after `afterBib` (those changed from `since` on), as
     * JSON objects written by PostgreSQL and joined by commas, with the last one's bib (null when there are none).
     */
    async findRosterEntries(
      raceId: string,
      since: string | null,
      afterBib: number | null,
      limit: number,
    ): Promise<{ json: string; count: number; lastBib: number | null }> {
      const [row] = rowsOf<{ json: string | null; count: number; lastBib: number | null }>(
        await db.execute(sql`
          select string_agg(row_to_json(entry)::text, ',' order by entry.bib) as json, count(*)::int as count,
            max(entry.bib) as "lastBib"
          from (
            select ${ROSTER_ENTRY.columns} from ${WITH_CHECKIN(raceId)}
            where registration.marathon_id = ${raceId} and registration.status = 'registered'
              ${afterBib === null ? sql`` : sql`and registration.bib > ${afterBib}`}
              ${since === null ? sql`` : sql`and registration.id in (${changedSince(raceId, since)})`}
            order by registration.bib
            limit ${limit}
          ) as entry`),
      );
      return { json: row!.json ?? '', count: row!.count, lastBib: row!.lastBib };
    },

    /**
     * Claims the scans for this transaction, in the scan ids' order (so that two batches sharing ids never wait
     * on each other in a circle): a scan id recorded before, or by a transaction that commits while this one
     * waits for it, is not claimed. Answers the ids claimed.
     */
    async claimScans(raceId: string, scanIds: readonly string[]): Promise<Set<string>> {
      const rows = rowsOf<{ scanId: string }>(
        await db.execute(sql`
          insert into checkin_scans (marathon_id, scan_id, result)
          select ${raceId}, scan.id, '{}'::jsonb
          from (select distinct value::uuid as id from jsonb_array_elements_text(${JSON.stringify(scanIds)}::jsonb))
            as scan
          order by scan.id
          on conflict do nothing
          returning scan_id::text as "scanId"`),
      );
      return new Set(rows.map((row) => row.scanId));
    },

    /** The first answers of scans recorded before, by scan id. */
    async findScanResults(raceId: string, scanIds: readonly string[]): Promise<Map<string, ScanResult>> {
      const rows = rowsOf<{ scanId: string; result: ScanResult }>(
        await db.execute(sql`
          select scan_id::text as "scanId", result from checkin_scans
          where marathon_id = ${raceId}
            and scan_id in ${idsIn(scanIds)}`),
      );
      return new Map(rows.map((row) => [row.scanId, row.result]));
    },

    /** Records each scan's answer, in the transaction that claimed it. */
    async storeScanResults(raceId: string, results: readonly ScanResult[]): Promise<void> {
      await db.execute(sql`
        update checkin_scans set result = answered.result
        from (
          select value->>'scanId' as scan_id, value as result
          from jsonb_array_elements(${JSON.stringify(results)}::jsonb)
        ) as answered
        where checkin_scans.marathon_id = ${raceId} and checkin_scans.scan_id = answered.scan_id::uuid`);
    },

    /**
     * The entries the scans name in the race, with where each stands: one index lookup per scan (the check-in
     * code's unique index, the race's registered entries by bib, the primary key). A scan naming nobody has no row.
     */
    async findScanned(
      raceId: string,
      keys: readonly ScanKey[],
    ): Promise<Array<{ n: number; entry: EntryState }>> {
      return rowsOf<{ n: number; entry: EntryState }>(
        await db.execute(sql`
          with scan as (
            select * from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
              as scan(n int, code text, bib int, "registrationId" uuid)
          ), found as (
            -- Lateral, so each scan is one index lookup whatever the planner guesses of the race's size (a race
            -- filled the day before has no statistics yet, and a hash join would read all its entries).
            select scan.n, hit.id from scan cross join lateral (
              select id from registrations
              where scan.code is not null and checkin_code = scan.code and marathon_id = ${raceId}
              union all
              -- Only registered entries have bibs (one per race: registrations_marathon_bib_unique).
              select id from registrations
              where scan.bib is not null and marathon_id = ${raceId} and status = 'registered' and bib = scan.bib
              union all
              select id from registrations
              where scan."registrationId" is not null and id = scan."registrationId" and marathon_id = ${raceId}
            ) as hit
          )
          select found.n, ${ENTRY_STATE.jsonb} as entry
          from found join (${WITH_CHECKIN(raceId)}) on registration.id = found.id`),
      );
    },

    /**
     * Locks those of the entries still registered against a change of their status until the transaction ends
     * (shared: scans of other phones lock them too), in the order of their ids, and answers their ids.
     */
    async lockRegistered(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id from registrations where id in ${idsIn(ids)} and status = 'registered'
          order by id
          for share`),
      );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Checks the entries in as `by` on `recordedAt`, in the order of their ids, and answers the ids of those this
     * transaction checked in: an entry checked in already, or by a transaction that commits while this one waits
     * for it, keeps its first check-in.
     */
    async insertCheckIns(
      raceId: string,
      checkIns: readonly CheckIn[],
      by: { name: string; userId: string },
      recordedAt: Date,
    ): Promise<Set<string>> {
      if (checkIns.length === 0) return new Set();
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into checkins (registration_id, marathon_id, checked_in_at, checked_in_by, checked_in_by_user_id,
            device, recorded_at)
          select checkin.id, ${raceId}, checkin.at, ${by.name}, ${by.userId}, checkin.device,
            ${recordedAt.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(checkIns)}::jsonb) as checkin(id uuid, at timestamptz, device text)
          order by checkin.id
          on conflict (registration_id) do nothing
          returning registration_id::text as id`),
      );
      return new Set(rows.map((row) => row.id));
    },

    /** Where each of the race's entries `ids` stands now. */
    async findEntryStates(raceId: string, ids: readonly string[]): Promise<EntryState[]> {
      if (ids.length === 0) return [];
      return rowsOf<{ entry: EntryState }>(
        await db.execute(sql`
          select ${ENTRY_STATE.jsonb} as entry from ${WITH_CHECKIN(raceId)}
          where registration.id in ${idsIn(ids)}`),
      ).map((row) => row.entry);
    },

    /**
     * The entry's check-in in the race (null columns when it has none), the entry locked for the rest of the
     * transaction (so no scan checks it in meanwhile); null when the race has no such entry.
     */
    async findCheckInForUpdate(raceId: string, id: string): Promise<CheckInRecord | null> {
      const [row] = rowsOf<CheckInRecord>(
        await db.execute(sql`
          select ${isoInstant(sql`checkin.checked_in_at`)} as "checkedInAt",
            checkin.checked_in_by_user_id as "checkedInByUserId",
            ${isoInstant(sql`checkin.recorded_at`)} as "recordedAt"
          from ${WITH_CHECKIN(raceId)}
          where registration.id = ${id} and registration.marathon_id = ${raceId}
          for update of registration`),
      );
      return row ?? null;
    },

    /** Undoes the entry's check-in (stamping the entry for the rosters' deltas); answers the entry as the roster has it now. */
    async undoCheckIn(raceId: string, id: string): Promise<RosterEntry> {
      await db.execute(sql`delete from checkins where registration_id = ${id}`);
      await db.execute(
        sql`update registrations set roster_version = ${CURRENT_TRANSACTION} where id = ${id}`,
      );
      const [row] = rowsOf<RosterEntry>(
        await db.execute(
          sql`select ${ROSTER_ENTRY.columns} from ${WITH_CHECKIN(raceId)} where registration.id = ${id}`,
        ),
      );
      return row!;
    },
  };
}

export type CheckinRepository = ReturnType<typeof createCheckinRepository>;
