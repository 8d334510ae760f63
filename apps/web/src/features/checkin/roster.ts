import type { Roster, RosterEntry, Scan, ScanResult } from '@stride/shared';

/**
 * The check-in screen's local logic (STYLE.md point 24, after pretix's libpretixsync): the race's roster as this
 * phone keeps it, the check-ins it queued, and how the server's answers and roster deltas are merged into it.
 * The server's answer is final.
 */

/** A runner as this phone keeps them: the roster's entry and, when this phone knows it, the checking device. */
export type LocalEntry = RosterEntry & { checkedInDevice: string | null };

/**
 * A check-in made on this phone and not yet answered by the server: the scan as sent, and the runner the phone
 * checked in (found by the pass's code, or picked from a search).
 */
export type QueuedScan = {
  scanId: string;
  at: string;
  device: string | null;
  /** The pass's check-in code, for a scanned pass; null for a runner picked from a search. */
  code: string | null;
  registrationId: string;
};

/** What the screen shows of one scan: the server's answer, or the phone's own until the server gives one. */
export type Outcome = ScanResult & {
  /** The QR code held no race pass (nothing was asked of the roster). */
  isNotAPass?: boolean;
};

/** Scans sent in one request while syncing (the server takes up to `RACE_DAY_LIMITS.scansPerBatch`). */
export const SYNC_BATCH_SIZE = 200;

/** The scan as POST …/checkins takes it: exactly one of the pass's code and the runner's entry. */
export function scanPayload(queued: QueuedScan): Scan {
  return {
    scanId: queued.scanId,
    at: queued.at,
    ...(queued.device ? { device: queued.device } : {}),
    ...(queued.code !== null ? { code: queued.code } : { registrationId: queued.registrationId }),
  };
}

/** `items` in order, cut into batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The runners of a race as this phone holds them, found by entry, by the hash of their pass's code and by bib. */
export class LocalRoster {
  private readonly byId = new Map<string, LocalEntry>();
  private readonly idByCodeHash = new Map<string, string>();
  private readonly foldedNames = new WeakMap<LocalEntry, string>();
  private checkedIn = 0;

  constructor(entries: Iterable<LocalEntry> = []) {
    for (const entry of entries) this.set(entry);
  }

  get size() {
    return this.byId.size;
  }

  /** How many of the runners are checked in. */
  get checkedInCount() {
    return this.checkedIn;
  }

  get(registrationId: string): LocalEntry | undefined {
    return this.byId.get(registrationId);
  }

  findByCodeHash(codeHash: string): LocalEntry | undefined {
    const id = this.idByCodeHash.get(codeHash);
    return id === undefined ? undefined : this.byId.get(id);
  }

  values(): IterableIterator<LocalEntry> {
    return this.byId.values();
  }

  set(entry: LocalEntry) {
    this.delete(entry.registrationId);
    this.byId.set(entry.registrationId, entry);
    this.idByCodeHash.set(entry.codeHash, entry.registrationId);
    if (entry.checkedInAt) this.checkedIn++;
  }

  delete(registrationId: string) {
    const old = this.byId.get(registrationId);
    if (!old) return;
    this.byId.delete(registrationId);
    if (this.idByCodeHash.get(old.codeHash) === registrationId) this.idByCodeHash.delete(old.codeHash);
    if (old.checkedInAt) this.checkedIn--;
  }

  /** First name and last name, lower case without accents, for the search. */
  foldedName(entry: LocalEntry): string {
    let folded = this.foldedNames.get(entry);
    if (folded === undefined) {
      folded = foldText(`${entry.firstName} ${entry.lastName}`);
      this.foldedNames.set(entry, folded);
    }
    return folded;
  }
}

/**
 * The runners a volunteer's search finds, at most `limit`: for digits, the runner of that bib, then bibs that
 * begin with them; for words, the runners whose name holds every word (accents and case ignored), by last name.
 */
export function searchRoster(roster: LocalRoster, query: string, limit: number): LocalEntry[] {
  const text = query.trim();
  if (text === '') return [];
  const found: LocalEntry[] = [];
  if (/^\d+$/.test(text)) {
    for (const entry of roster.values()) if (String(entry.bib).startsWith(text)) found.push(entry);
    found.sort((a, b) => a.bib - b.bib);
    return found.slice(0, limit);
  }
  const words = foldText(text).split(/\s+/);
  for (const entry of roster.values()) {
    const name = roster.foldedName(entry);
    if (words.every((word) => name.includes(word))) found.push(entry);
  }
  found.sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.bib - b.bib,
  );
  return found.slice(0, limit);
}

/** The screen's outcome for a runner of the roster (or for no runner: "unknown"). */
export function outcomeOf(scanId: string, result: Outcome['result'], entry: LocalEntry | undefined): Outcome {
  return {
    scanId,
    result,
    registrationId: entry?.registrationId ?? null,
    bib: entry?.bib ?? null,
    firstName: entry?.firstName ?? null,
    lastName: entry?.lastName ?? null,
    checkedInAt: entry?.checkedInAt ?? null,
    checkedInBy: entry?.checkedInBy ?? null,
    device: entry?.checkedInDevice ?? null,
  };
}

/** A runner already checked in is "already"; anyone else of the roster is checked in now. */
export const decideLocally = (entry: LocalEntry): 'checked_in' | 'already' =>
  entry.checkedInAt ? 'already' : 'checked_in';

const notCheckedIn = (entry: LocalEntry): LocalEntry => ({
  ...entry,
  checkedInAt: null,
  checkedInBy: null,
  checkedInDevice: null,
});

/**
 * Merges a roster answer into the phone's roster: the whole roster (`isFull`) replaces it, a delta changes and
 * removes entries. A runner this phone checked in whose scan is still queued (`queuedIds`) stays checked in
 * though the server does not know it yet. Returns what to store.
 */
export function mergeRoster(
  roster: LocalRoster,
  answer: Roster,
  { isFull, queuedIds }: { isFull: boolean; queuedIds: ReadonlySet<string> },
): { changed: LocalEntry[]; removed: string[] } {
  const removed = new Set(answer.removed);
  if (isFull) {
    const kept = new Set(answer.entries.map((entry) => entry.registrationId));
    for (const entry of roster.values())
      if (!kept.has(entry.registrationId)) removed.add(entry.registrationId);
  }
  const changed: LocalEntry[] = [];
  for (const entry of answer.entries) {
    const local = roster.get(entry.registrationId);
    const keepsLocalCheckin = !entry.checkedInAt && local?.checkedInAt && queuedIds.has(entry.registrationId);
    const merged: LocalEntry = keepsLocalCheckin
      ? {
          ...entry,
          checkedInAt: local.checkedInAt,
          checkedInBy: local.checkedInBy,
          checkedInDevice: local.checkedInDevice,
        }
      : {
          ...entry,
          checkedInDevice:
            entry.checkedInAt && local?.checkedInAt === entry.checkedInAt ? local.checkedInDevice : null,
        };
    roster.set(merged);
    changed.push(merged);
  }
  for (const id of removed) roster.delete(id);
  return { changed, removed: [...removed] };
}

/**
 * Takes the server's answers to queued scans into the roster: each runner as the server has them checked in (for
 * "already", by the first phone), or no longer checked in when the server found no place for the scan. Every
 * queued scan was shown green: the answers that are not "checked_in" are `corrections` the screen must show.
 */
export function reconcile(
  roster: LocalRoster,
  sent: readonly QueuedScan[],
  results: readonly ScanResult[],
): { changed: LocalEntry[]; corrections: Outcome[] } {
  const resultById = new Map(results.map((result) => [result.scanId, result]));
  const changed: LocalEntry[] = [];
  const corrections: Outcome[] = [];
  for (const scan of sent) {
    const result = resultById.get(scan.scanId);
    if (!result) continue;
    const entry = roster.get(result.registrationId ?? scan.registrationId);
    if (result.result !== 'checked_in') corrections.push(result);
    if (!entry) continue;
    const next: LocalEntry =
      result.checkedInAt && (result.result === 'checked_in' || result.result === 'already')
        ? {
            ...entry,
            checkedInAt: result.checkedInAt,
            checkedInBy: result.checkedInBy,
            checkedInDevice: result.device,
          }
        : notCheckedIn(entry);
    roster.set(next);
    changed.push(next);
  }
  return { changed, corrections };
}

/** The runner as they stood before this phone's check-in, for an undo. */
export const undone = notCheckedIn;
