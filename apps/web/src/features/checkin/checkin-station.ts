import { checkinCodeOf, RACE_DAY_LIMITS, type Roster, type Scan, type ScanResult } from '@stride/shared';
import { ApiError } from '../../lib/api-client';
import { CHECKIN_SCREEN_MESSAGES as M, runnerName } from './checkin-messages';
import type { CheckinStore, StoredCheckin } from './checkin-store';
import { sha256Hex } from './code-hash';
import {
  batchesOf,
  decideLocally,
  LocalRoster,
  mergeRoster,
  outcomeOf,
  reconcile,
  scanPayload,
  SYNC_BATCH_SIZE,
  undone,
  type LocalEntry,
  type Outcome,
  type QueuedScan,
} from './roster';
import { newScanId } from './scan-id';

/** The server calls the station makes (`api/checkin-api.ts`; fakes in its tests). */
export type CheckinApi = {
  getRoster(raceId: string, since: string | null): Promise<Roster>;
  sendScans(raceId: string, scans: Scan[]): Promise<ScanResult[]>;
  undoCheckin(raceId: string, registrationId: string): Promise<void>;
};

/** Why queued check-ins are not being sent: the session ended, the volunteer left the team, or it failed. */
export type SyncProblem = 'signed-out' | 'forbidden' | 'failed';

/** The last check-in made on this phone, which the volunteer may undo. */
export type LastCheckin = { scanId: string; registrationId: string; at: string; name: string };

export type StationState = {
  /** 'forbidden': not on the race's team and nothing kept; 'no-roster': offline with nothing kept. */
  phase: 'loading' | 'ready' | 'forbidden' | 'no-roster';
  total: number;
  checkedIn: number;
  queued: number;
  /** Some check-in of this visit reached the server. */
  hasSynced: boolean;
  problem: SyncProblem | null;
  isOffline: boolean;
  /** The scan on screen. */
  outcome: Outcome | null;
  lastCheckin: LastCheckin | null;
  /** A line about the last action (an undo), announced. */
  notice: string | null;
  /** Grows with each change of the roster: the search reads it again. */
  rosterVersion: number;
};

export type StationOptions = {
  /** The signed-in volunteer's name (the server's `checkedInBy`), shown for their own check-ins until synced. */
  me: string | null;
  /** The name the volunteer gave this phone, sent with each scan. */
  device: () => string;
  now?: () => Date;
};

/** How often queued check-ins are tried again, and the roster refreshed, while the screen is open. */
export const RETRY_MS = 10_000;
export const REFRESH_MS = 30_000;

const isAuthFailure = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * One race's check-in on this phone (STYLE.md point 24): the roster kept in the store, each check-in decided at
 * once against it and queued, the queue sent in batches when the network is there, the server's answers taken as
 * final, then the roster refreshed with `since`. The screen subscribes to its state.
 */
export class CheckinStation {
  private readonly roster: LocalRoster;
  private queue: QueuedScan[];
  private cursor: string | null;
  private state: StationState;
  private readonly listeners = new Set<() => void>();
  private syncing: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  /** Sending and reading the roster take turns: a roster read while scans are answered could undo their news. */
  private turn: Promise<void> = Promise.resolve();
  private timers: number[] = [];
  private readonly now: () => Date;

  constructor(
    private readonly raceId: string,
    private readonly store: CheckinStore,
    private readonly api: CheckinApi,
    stored: StoredCheckin,
    private readonly options: StationOptions,
  ) {
    this.roster = new LocalRoster(stored.entries);
    this.queue = [...stored.queue];
    this.cursor = stored.cursor;
    this.now = options.now ?? (() => new Date());
    this.state = {
      phase: this.hasRoster() ? 'ready' : 'loading',
      total: 0,
      checkedIn: 0,
      queued: 0,
      hasSynced: false,
      problem: null,
      isOffline: false,
      outcome: null,
      lastCheckin: null,
      notice: null,
      rosterVersion: 0,
    };
    this.state = this.withCounts({});
  }

  getState = (): StationState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The roster as kept now (read it again when `rosterVersion` changes). */
  getRoster(): LocalRoster {
    return this.roster;
  }

  /**
   * Starts the screen's work: the roster refreshed, the queue sent, both again on a timer and whenever the
   * browser comes back online. `stop()` undoes it.
   */
  start() {
    this.stop();
    const onOnline = () => {
      this.update({ isOffline: false });
      void this.syncAndRefresh();
    };
    window.addEventListener('online', onOnline);
    this.timers = [
      window.setInterval(() => {
        if (this.queue.length > 0) void this.sync();
      }, RETRY_MS),
      window.setInterval(() => void this.refresh(), REFRESH_MS),
    ];
    this.stopListening = () => window.removeEventListener('online', onOnline);
    void this.syncAndRefresh();
  }

  private stopListening = () => {};

  stop() {
    this.timers.forEach((timer) => window.clearInterval(timer));
    this.timers = [];
    this.stopListening();
  }

  /** Sends what is queued, then reads what changed. */
  async syncAndRefresh() {
    await this.sync();
    await this.refresh();
  }

  /** A QR code the camera read. */
  async scanText(text: string) {
    const code = checkinCodeOf(text);
    if (code === null) {
      this.show({ ...outcomeOf('', 'unknown', undefined), isNotAPass: true });
      return;
    }
    const entry = this.roster.findByCodeHash(await sha256Hex(code));
    if (entry) return this.checkIn(entry, code);
    this.show(outcomeOf('', 'unknown', undefined));
    await this.askServer({ scanId: newScanId(), code, at: this.now().toISOString(), ...this.deviceField() });
  }

  /** A runner picked from the search. */
  async checkInRunner(registrationId: string) {
    const entry = this.roster.get(registrationId);
    if (entry) await this.checkIn(entry, null);
  }

  /** The volunteer is done with the scan on screen. */
  dismiss() {
    this.update({ outcome: null });
  }

  private deviceField() {
    const device = this.options.device().trim();
    return device ? { device } : {};
  }

  private async checkIn(entry: LocalEntry, code: string | null) {
    if (decideLocally(entry) === 'already') {
      this.show(outcomeOf('', 'already', entry));
      return;
    }
    const device = this.options.device().trim() || null;
    const scan: QueuedScan = {
      scanId: newScanId(),
      at: this.now().toISOString(),
      device,
      code,
      registrationId: entry.registrationId,
    };
    const checkedIn: LocalEntry = {
      ...entry,
      checkedInAt: scan.at,
      checkedInBy: this.options.me,
      checkedInDevice: device,
    };
    this.roster.set(checkedIn);
    this.queue.push(scan);
    const lastCheckin = {
      scanId: scan.scanId,
      registrationId: entry.registrationId,
      at: scan.at,
      name: runnerName(entry.firstName, entry.lastName),
    };
    this.show(outcomeOf(scan.scanId, 'checked_in', checkedIn), { lastCheckin, notice: null });
    await this.store.queueScan(scan, checkedIn);
    void this.syncAndRefresh();
  }

  /**
   * A pass that is not on this phone's roster (a late entry, a waitlisted runner): the server is asked at once
   * when it can be reached, and its answer replaces "Not found".
   */
  private async askServer(scan: Scan) {
    try {
      const [result] = await this.api.sendScans(this.raceId, [scan]);
      if (result && this.state.outcome?.result === 'unknown' && !this.state.outcome.registrationId) {
        this.show(result);
        if (result.result === 'checked_in') void this.refresh();
      }
    } catch (error) {
      this.noteFailure(error);
    }
  }

  /** Sends the queue in batches; stops at the first failure, keeping what was not answered. */
  sync(): Promise<void> {
    this.syncing ??= this.inTurn(() => this.sendQueue()).finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async sendQueue() {
    if (this.state.problem === 'signed-out' || this.state.problem === 'forbidden') return;
    while (this.queue.length > 0) {
      const [batch] = batchesOf(this.queue, SYNC_BATCH_SIZE);
      let results: ScanResult[];
      try {
        results = await this.api.sendScans(this.raceId, batch!.map(scanPayload));
      } catch (error) {
        this.noteFailure(error);
        return;
      }
      const { changed, corrections } = reconcile(this.roster, batch!, results);
      const sent = new Set(batch!.map((scan) => scan.scanId));
      this.queue = this.queue.filter((scan) => !sent.has(scan.scanId));
      await this.store.unqueueScans([...sent], changed);
      this.update({ hasSynced: true, problem: null, isOffline: false });
      for (const correction of corrections) this.correct(correction);
    }
  }

  /** The server answered otherwise than the phone showed: the screen says what the server says. */
  private correct(correction: Outcome) {
    const lastCheckin = this.state.lastCheckin?.scanId === correction.scanId ? null : this.state.lastCheckin;
    this.show(correction, { lastCheckin });
  }

  private noteFailure(error: unknown) {
    if (isAuthFailure(error)) {
      this.update({ problem: error.status === 401 ? 'signed-out' : 'forbidden' });
    } else if (error instanceof ApiError && error.status === 0) {
      this.update({ isOffline: true });
    } else {
      this.update({ problem: 'failed' });
    }
  }

  /** Reads what changed since the cursor (the whole roster the first time) into the phone's roster. */
  refresh(): Promise<void> {
    this.refreshing ??= this.inTurn(() => this.readRoster()).finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async readRoster(): Promise<void> {
    let answer: Roster;
    const since = this.cursor;
    try {
      answer = await this.api.getRoster(this.raceId, since);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && since !== null) {
        // A cursor the server no longer knows: start again from the whole roster.
        this.cursor = null;
        return this.readRoster();
      }
      if (isAuthFailure(error) && error.status === 403 && !this.hasRoster()) {
        this.update({ phase: 'forbidden' });
        return;
      }
      this.noteFailure(error);
      if (!this.hasRoster()) this.update({ phase: 'no-roster' });
      return;
    }
    const queuedIds = new Set(this.queue.map((scan) => scan.registrationId));
    const change = mergeRoster(this.roster, answer, { isFull: since === null, queuedIds });
    this.cursor = answer.cursor;
    await this.store.saveRoster({ ...change, cursor: answer.cursor });
    this.update({
      phase: 'ready',
      isOffline: false,
      ...(this.state.problem === 'failed' ? { problem: null } : {}),
      rosterVersion: this.state.rosterVersion + 1,
    });
  }

  /** Whether the last check-in may still be undone: within the window, and while its scan waits or online. */
  canUndo(): boolean {
    const last = this.state.lastCheckin;
    if (!last) return false;
    const age = this.now().getTime() - new Date(last.at).getTime();
    return age < RACE_DAY_LIMITS.undoMinutes * 60_000;
  }

  /**
   * Undoes this phone's last check-in: a scan still queued is simply dropped; one the server has needs the
   * network (DELETE …/checkins/:registrationId).
   */
  async undoLast() {
    const last = this.state.lastCheckin;
    if (!last || !this.canUndo()) return;
    const entry = this.roster.get(last.registrationId);
    const queued = this.queue.some((scan) => scan.scanId === last.scanId);
    if (queued) {
      this.queue = this.queue.filter((scan) => scan.scanId !== last.scanId);
      const reverted = entry ? [undone(entry)] : [];
      reverted.forEach((item) => this.roster.set(item));
      await this.store.unqueueScans([last.scanId], reverted);
    } else {
      try {
        await this.api.undoCheckin(this.raceId, last.registrationId);
      } catch (error) {
        const needsNetwork = error instanceof ApiError && error.status === 0;
        this.update({ notice: needsNetwork ? M.undo.needsNetwork : (error as Error).message });
        return;
      }
      if (entry) {
        this.roster.set(undone(entry));
        await this.store.saveEntries([undone(entry)]);
      }
    }
    this.update({
      outcome: null,
      lastCheckin: null,
      notice: M.undo.done(last.name),
      rosterVersion: this.state.rosterVersion + 1,
    });
  }

  private inTurn(task: () => Promise<void>): Promise<void> {
    const run = this.turn.then(task);
    this.turn = run.catch(() => {});
    return run;
  }

  private hasRoster() {
    return this.cursor !== null || this.roster.size > 0;
  }

  private show(outcome: Outcome, more: Partial<StationState> = {}) {
    this.update({ outcome, rosterVersion: this.state.rosterVersion + 1, ...more });
  }

  private withCounts(change: Partial<StationState>): StationState {
    return {
      ...this.state,
      ...change,
      total: this.roster.size,
      checkedIn: this.roster.checkedInCount,
      queued: this.queue.length,
    };
  }

  private update(change: Partial<StationState>) {
    this.state = this.withCounts(change);
    this.listeners.forEach((listener) => listener());
  }
}
