import { sql } from 'drizzle-orm';
import type { RegistrationStatus, RosterEntry, ScanResult } from '@stride/shared';
import { isoInstant } from '../../db/json-text.js';
import { defineShape } from '../../db/shape.js';
import type { Executor } from '../../db/transaction.js';

/** Who an entry is and its check-in (the first one's), from a registrations row `registration`. */
const CHECKED_IN_RUNNER = {
  bib: sql`registration.bib`,
  firstName: sql`registration.first_name`,
  lastName: sql`registration.last_name`,
  checkedInAt: isoInstant(sql`registration.checked_in_at`),
  checkedInBy: sql`registration.checked_in_by`,
};

/** A registered runner as a check-in phone keeps them (rosterEntrySchema), from a registrations row `registration`. */
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
  device: sql`registration.checked_in_device`,
});

/** What a scan names its runner by: exactly one of the keys (a malformed registration id is never looked up). */
export type ScanKey = { n: number; code: string | null; bib: number | null; registrationId: string | null };

/** A check-in to record: the entry, the time it is dated (the scan's, or the server's) and the phone's name. */
export type CheckIn = { id: string; at: string; device: string | null };

/** An entry's check-in as an undo needs it, its row locked. */
export type CheckInRecord = {
  checkedInAt: string | null;
  checkedInByUserId: string | null;
  /** When the server recorded it, ISO 8601. */
  recordedAt: string | null;
};

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The snapshot's oldest running transaction: every change not seen by this statement has a number at least this. */
const SNAPSHOT_CURSOR = sql`(pg_snapshot_xmin(pg_current_snapshot()))::text`;

/** A JSON array of the race's registered entries in bib order (those changed from `since` on, with it). */
const rosterEntries = (raceId: string, since: string | null) => sql`coalesce((
  select json_agg(entry) from (
    select ${ROSTER_ENTRY.columns} from registrations registration
    where registration.marathon_id = ${raceId} and registration.status = 'registered'
      ${since === null ? sql`` : sql`and registration.roster_version >= ${since}::bigint`}
    order by registration.bib
  ) as entry), '[]'::json)`;

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
     * The roster as the API answers it, as JSON text PostgreSQL writes: every registered entry by bib, or, from
     * `since` on, those changed and the ids of those gone. One statement, so the cursor (the snapshot's xmin) and
     * the rows are read in the same snapshot: a change it does not see was made by a transaction numbered at
     * least the cursor, which the next delta (`since` = cursor) includes, whatever order transactions commit in.
     */
    async findRosterJson(raceId: string, since: string | null): Promise<string> {
      const [row] = rowsOf<{ body: string }>(
        await db.execute(sql`
          select json_build_object('cursor', ${SNAPSHOT_CURSOR},
            'entries', ${rosterEntries(raceId, since)},
            'removed', ${since === null ? sql`'[]'::json` : rosterRemoved(raceId, since)})::text as body`),
      );
      return row!.body;
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
            and scan_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(scanIds)}::jsonb))`),
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
     * code's unique index, the race's bibs, the primary key). A scan naming nobody has no row.
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
            select scan.n, registration.id from scan
              join registrations registration on registration.checkin_code = scan.code
            where registration.marathon_id = ${raceId}
            union all
            select scan.n, registration.id from scan
              join registrations registration
                on registration.marathon_id = ${raceId} and registration.bib = scan.bib
            union all
            select scan.n, registration.id from scan
              join registrations registration on registration.id = scan."registrationId"
            where registration.marathon_id = ${raceId}
          )
          select found.n, ${ENTRY_STATE.jsonb} as entry
          from found join registrations registration on registration.id = found.id`),
      );
    },

    /**
     * Locks those of the entries still registered and not checked in, in the order of their ids (so batches never
     * wait on each other in a circle), and answers their ids. An entry checked in (or cancelled) by a transaction
     * this one waited for is left out.
     */
    async lockUncheckedIn(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id from registrations
          where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
            and status = 'registered' and checked_in_at is null
          order by id
          for update`),
      );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Checks the entries in (their rows locked by {@link lockUncheckedIn}) as `by` on `recordedAt`, and answers
     * where each of `ids` stands now, those checked in by someone else meanwhile included: one statement.
     */
    async checkInAndRead(
      checkIns: readonly CheckIn[],
      by: { name: string; userId: string },
      recordedAt: Date,
      ids: readonly string[],
    ): Promise<EntryState[]> {
      return rowsOf<{ entry: EntryState }>(
        await db.execute(sql`
          with checked as (
            update registrations as registration set checked_in_at = checkin.at, checked_in_by = ${by.name},
              checked_in_by_user_id = ${by.userId}, checked_in_device = checkin.device,
              checked_in_recorded_at = ${recordedAt.toISOString()}::timestamptz, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(checkIns)}::jsonb)
              as checkin(id uuid, at timestamptz, device text)
            where registration.id = checkin.id and registration.checked_in_at is null
            returning ${ENTRY_STATE.jsonb} as entry
          )
          select entry from checked
          union all
          select ${ENTRY_STATE.jsonb} from registrations registration
          where registration.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
            and registration.id not in (select (entry->>'id')::uuid from checked)`),
      ).map((row) => row.entry);
    },

    /** The entry's check-in in the race, its row locked for the rest of the transaction; null when there is none. */
    async findCheckInForUpdate(raceId: string, id: string): Promise<CheckInRecord | null> {
      const [row] = rowsOf<CheckInRecord>(
        await db.execute(sql`
          select ${isoInstant(sql`checked_in_at`)} as "checkedInAt", checked_in_by_user_id as "checkedInByUserId",
            ${isoInstant(sql`checked_in_recorded_at`)} as "recordedAt"
          from registrations where id = ${id} and marathon_id = ${raceId}
          for update`),
      );
      return row ?? null;
    },

    /** Undoes the entry's check-in; answers the entry as the roster has it now. */
    async undoCheckIn(id: string): Promise<RosterEntry> {
      const [row] = rowsOf<RosterEntry>(
        await db.execute(sql`
          update registrations as registration set checked_in_at = null, checked_in_by = null,
            checked_in_by_user_id = null, checked_in_device = null, checked_in_recorded_at = null, updated_at = now()
          where registration.id = ${id}
          returning ${ROSTER_ENTRY.columns}`),
      );
      return row!;
    },
  };
}

export type CheckinRepository = ReturnType<typeof createCheckinRepository>;
