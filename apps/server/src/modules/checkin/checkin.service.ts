import {
  CHECKIN_MESSAGES,
  RACE_DAY_LIMITS,
  type RaceRole,
  type RosterEntry,
  STAFF_MESSAGES,
  type Scan,
  type ScanResult,
  checkinCodeOf,
} from '@stride/shared';
import type { UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccess, requireRaceAbility } from '../../lib/race-access.js';
import {
  type CheckIn,
  type CheckinRepository,
  type EntryState,
  type ScanKey,
  createCheckinRepository,
} from './checkin.repository.js';

export const CHECKIN_ROUTE_MESSAGES = {
  marathonNotFound: 'Marathon not found',
  registrationNotFound: 'Registration not found',
} as const;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The largest bib a scan can name (the column is an int): a larger one names nobody. */
const MAX_BIB = 2_147_483_647;

type Caller = { id: string; name: string };

const raceNotFound = () => new AppError('NOT_FOUND', CHECKIN_ROUTE_MESSAGES.marathonNotFound);

/**
 * The time a check-in is dated: the scan's own (an offline phone syncing later) when it is within the last
 * {@link RACE_DAY_LIMITS.pastScanHours} hours and not in the future, else the server's.
 */
function checkInTime(at: string | undefined, now: Date): Date {
  if (at === undefined) return now;
  const given = Date.parse(at);
  const earliest = now.getTime() - RACE_DAY_LIMITS.pastScanHours * HOUR_MS;
  return Number.isNaN(given) || given < earliest || given > now.getTime() ? now : new Date(given);
}

/** What a scan names its runner by, as the database is asked; null when it can name nobody. */
function keyOf(scan: Scan, n: number): ScanKey | null {
  if (scan.code !== undefined) {
    const code = (checkinCodeOf(scan.code) ?? scan.code).trim().toLowerCase();
    return { n, code, bib: null, registrationId: null };
  }
  if (scan.bib !== undefined)
    return scan.bib <= MAX_BIB ? { n, code: null, bib: scan.bib, registrationId: null } : null;
  const id = scan.registrationId!.toLowerCase();
  return isUuid(id) ? { n, code: null, bib: null, registrationId: id } : null;
}

/** A scan's answer from where its entry stands (none: unknown); `checkedInByScan` when this scan checked it in. */
function resultOf(scanId: string, entry: EntryState | undefined, checkedInByScan: boolean): ScanResult {
  if (!entry) {
    return {
      scanId,
      result: 'unknown',
      registrationId: null,
      bib: null,
      firstName: null,
      lastName: null,
      checkedInAt: null,
      checkedInBy: null,
      device: null,
    };
  }
  const { id, status, bib, firstName, lastName, checkedInAt, checkedInBy, device } = entry;
  const person = { scanId, registrationId: id, bib, firstName, lastName };
  if (status !== 'registered') {
    return { ...person, result: 'not_registered', checkedInAt: null, checkedInBy: null, device: null };
  }
  return { ...person, result: checkedInByScan ? 'checked_in' : 'already', checkedInAt, checkedInBy, device };
}

/**
 * The race, once the caller may check runners in there (its organizer, a co-organizer, a check-in volunteer),
 * with the caller's role: 404 for no race, 403 for anyone not on its team. Read on every call, so a member
 * removed is refused at once.
 */
export async function requireCheckInAbility(
  { repository, raceAccess }: { repository: Pick<CheckinRepository, 'findRace'>; raceAccess: RaceAccess },
  caller: Pick<Caller, 'id'>,
  raceId: string,
): Promise<{ id: string; role: RaceRole }> {
  const race = isUuid(raceId) ? await repository.findRace(raceId) : null;
  if (!race) throw raceNotFound();
  const role = await requireRaceAbility(raceAccess, race, caller.id, 'checkIn', STAFF_MESSAGES.notOnTeam);
  return { id: race.id, role };
}

/** A scan of a batch, as sent, its time settled. */
type SentScan = { n: number; scanId: string; key: ScanKey | null; at: Date; device: string | null };

/**
 * Checks the entries `fresh` scans name in, set-based: their entries looked up in one statement, those free
 * locked as registered, checked in (the first check-in of an entry wins, by the checkins table's key) and read
 * back. Within the batch an entry goes to its earliest scan (by the time each is dated, then by order sent).
 * Answers each scan, in order.
 */
async function checkInScanned(
  checkins: CheckinRepository,
  caller: Caller,
  raceId: string,
  fresh: readonly SentScan[],
  recordedAt: Date,
): Promise<ScanResult[]> {
  const keys = fresh.flatMap((scan) => (scan.key ? [scan.key] : []));
  const found = keys.length > 0 ? await checkins.findScanned(raceId, keys) : [];
  const entryOfScan = new Map(found.map(({ n, entry }) => [n, entry.id]));
  const entries = new Map(found.map(({ entry }) => [entry.id, entry]));
  // Each entry's winning scan in this batch: the earliest dated, then the first sent (a stable order).
  const winners = new Map<string, SentScan>();
  for (const scan of [...fresh].sort((a, b) => a.at.getTime() - b.at.getTime() || a.n - b.n)) {
    const id = entryOfScan.get(scan.n);
    if (id !== undefined && !winners.has(id)) winners.set(id, scan);
  }
  const free = [...winners.keys()].filter((id) => {
    const entry = entries.get(id)!;
    return entry.status === 'registered' && entry.checkedInAt === null;
  });
  const registered = await checkins.lockRegistered(free);
  const checkIns: CheckIn[] = [...registered].map((id) => {
    const winner = winners.get(id)!;
    return { id, at: winner.at.toISOString(), device: winner.device };
  });
  const checkedInHere = await checkins.insertCheckIns(
    raceId,
    checkIns,
    { name: caller.name, userId: caller.id },
    recordedAt,
  );
  // Those checked in or cancelled meanwhile by someone else, as they stand now.
  for (const state of await checkins.findEntryStates(raceId, free)) entries.set(state.id, state);

  return fresh.map((scan) => {
    const id = entryOfScan.get(scan.n);
    const won = id !== undefined && checkedInHere.has(id) && winners.get(id) === scan;
    return resultOf(scan.scanId, id === undefined ? undefined : entries.get(id), won);
  });
}

/**
 * Checking runners in (issue 33): batches of scans from check-in phones, each answered once and for all by its
 * scan id; the first check-in of an entry wins, within a batch (by the scans' times) and across batches (by
 * commit); and undoing one.
 */
export function createCheckinService({
  unitOfWork,
  raceAccess,
  repository,
  repositoryOn = createCheckinRepository,
  now = () => new Date(),
}: {
  unitOfWork: UnitOfWork;
  /** Who may do what on a race: a port to the staff module. */
  raceAccess: RaceAccess;
  /** On the database: the race and the caller's role are read before the transaction. */
  repository: CheckinRepository;
  repositoryOn?: (executor: Executor) => CheckinRepository;
  now?: () => Date;
}) {
  const requireCheckInRace = (caller: Caller, raceId: string) =>
    requireCheckInAbility({ repository, raceAccess }, caller, raceId);

  return {
    /**
     * Applies a batch of scans (1–500) in one transaction and answers each, in the order sent. A scan id answered
     * before (by this batch's earlier scans, an earlier batch, or a concurrent one that committed first) gets that
     * first answer and changes nothing; every new answer is stored in the transaction that made it.
     */
    async checkIn(caller: Caller, raceId: string, scans: readonly Scan[]): Promise<ScanResult[]> {
      const race = await requireCheckInRace(caller, raceId);
      const recordedAt = now();
      const sent = scans.map((scan, n): SentScan => ({
        n,
        scanId: scan.scanId.toLowerCase(),
        key: keyOf(scan, n),
        at: checkInTime(scan.at, recordedAt),
        device: scan.device ?? null,
      }));
      const results = await unitOfWork.transaction(async (tx) => {
        const checkins = repositoryOn(tx);
        const scanIds = [...new Set(sent.map((scan) => scan.scanId))];
        const claimed = await checkins.claimScans(race.id, scanIds);
        const answered = new Map<string, ScanResult>(
          claimed.size < scanIds.length
            ? await checkins.findScanResults(
                race.id,
                scanIds.filter((id) => !claimed.has(id)),
              )
            : [],
        );
        // Each claimed scan id once: its first scan in the batch.
        const seen = new Set<string>();
        const fresh = sent.filter((scan) => {
          const first = claimed.has(scan.scanId) && !seen.has(scan.scanId);
          seen.add(scan.scanId);
          return first;
        });
        if (fresh.length === 0) return answered;

        const results = await checkInScanned(checkins, caller, race.id, fresh, recordedAt);
        await checkins.storeScanResults(race.id, results);
        for (const result of results) answered.set(result.scanId, result);
        return answered;
      });
      return sent.map((scan) => results.get(scan.scanId)!);
    },

    /**
     * Undoes an entry's check-in: the organizer and co-organizers any, a check-in volunteer only their own and
     * within {@link RACE_DAY_LIMITS.undoMinutes} minutes of it. Answers the entry as the roster has it now.
     */
    async undo(caller: Caller, raceId: string, registrationId: string): Promise<RosterEntry> {
      const race = await requireCheckInRace(caller, raceId);
      if (!isUuid(registrationId)) {
        throw new AppError('NOT_FOUND', CHECKIN_ROUTE_MESSAGES.registrationNotFound);
      }
      return unitOfWork.transaction(async (tx) => {
        const checkins = repositoryOn(tx);
        const record = await checkins.findCheckInForUpdate(race.id, registrationId);
        if (!record) throw new AppError('NOT_FOUND', CHECKIN_ROUTE_MESSAGES.registrationNotFound);
        if (record.checkedInAt === null) throw new AppError('CONFLICT', CHECKIN_MESSAGES.notCheckedIn);
        if (race.role === 'checkin') {
          if (record.checkedInByUserId !== caller.id)
            throw new AppError('FORBIDDEN', CHECKIN_MESSAGES.notYours);
          const recordedAt = record.recordedAt === null ? 0 : Date.parse(record.recordedAt);
          if (now().getTime() - recordedAt > RACE_DAY_LIMITS.undoMinutes * MINUTE_MS) {
            throw new AppError('FORBIDDEN', CHECKIN_MESSAGES.tooLate);
          }
        }
        return checkins.undoCheckIn(race.id, registrationId);
      });
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
