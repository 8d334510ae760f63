import type { Roster, Scan, ScanResult } from '@stride/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sha256Hex } from './code-hash';
import type { CheckinStore, StoredCheckin } from './checkin-store';
import { CheckinStation, type CheckinApi } from './checkin-station';
import { outcomeOf, type LocalEntry, type QueuedScan } from './roster';

type Runner = { registrationId: string; bib: number; firstName: string; lastName: string; code: string };

const RUNNERS: Runner[] = [
  { registrationId: 'r1', bib: 1, firstName: 'Eve', lastName: 'Runner', code: 'code-eve' },
  { registrationId: 'r2', bib: 2, firstName: 'Sam', lastName: 'Stone', code: 'code-sam' },
  { registrationId: 'r3', bib: 3, firstName: 'Ana', lastName: 'Lee', code: 'code-ana' },
];
const WAITLISTED = { registrationId: 'w1', bib: 0, firstName: 'Wes', lastName: 'Wait', code: 'code-wes' };

/** The check-in API as the server answers it: the first check-in of a runner wins; `offline` cuts it off. */
function fakeServer(runners: Runner[] = RUNNERS) {
  const checkins = new Map<string, { at: string; by: string; device: string | null }>();
  const posts: Scan[][] = [];
  const state = { offline: false, refusal: null as ApiError | null, version: 0 };
  const codeHashes = new Map<string, string>();

  const guard = () => {
    if (state.offline) throw new ApiError(0, 'Cannot reach the server.');
    if (state.refusal) throw state.refusal;
  };
  const runnerOf = (scan: Scan) =>
    runners.find(
      (runner) =>
        runner.registrationId === scan.registrationId || runner.code === scan.code || runner.bib === scan.bib,
    );

  const apiFor = (user: string): CheckinApi => ({
    async getRoster(_raceId, since): Promise<Roster> {
      guard();
      for (const runner of runners) codeHashes.set(runner.registrationId, await sha256Hex(runner.code));
      return {
        cursor: String(state.version),
        entries: runners.map(({ code: _code, ...runner }) => ({
          ...runner,
          codeHash: codeHashes.get(runner.registrationId)!,
          checkedInAt: checkins.get(runner.registrationId)?.at ?? null,
          checkedInBy: checkins.get(runner.registrationId)?.by ?? null,
        })),
        removed: since === null ? [] : [],
      };
    },
    async sendScans(_raceId, scans): Promise<ScanResult[]> {
      guard();
      posts.push(scans);
      return scans.map((scan) => {
        if (scan.code === WAITLISTED.code) {
          const { code: _code, ...runner } = WAITLISTED;
          return {
            scanId: scan.scanId,
            result: 'not_registered',
            ...runner,
            checkedInAt: null,
            checkedInBy: null,
            device: null,
          };
        }
        const runner = runnerOf(scan);
        if (!runner) return outcomeOf(scan.scanId, 'unknown', undefined);
        const first = checkins.get(runner.registrationId);
        if (!first) {
          checkins.set(runner.registrationId, { at: scan.at!, by: user, device: scan.device ?? null });
          state.version++;
        }
        const { code: _code, ...person } = runner;
        const won = checkins.get(runner.registrationId)!;
        return {
          scanId: scan.scanId,
          result: first ? 'already' : 'checked_in',
          ...person,
          checkedInAt: won.at,
          checkedInBy: won.by,
          device: won.device,
        };
      });
    },
    async undoCheckin(_raceId, registrationId) {
      guard();
      checkins.delete(registrationId);
      state.version++;
    },
  });
  return { state, posts, checkins, apiFor };
}

/** A phone's IndexedDB, in memory. */
function memoryStore(): CheckinStore & { kept: StoredCheckin } {
  const entries = new Map<string, LocalEntry>();
  const scans = new Map<string, QueuedScan>();
  const kept: StoredCheckin = { entries: [], queue: [], cursor: null, race: null, me: null };
  const snapshot = () => {
    kept.entries = [...entries.values()];
    kept.queue = [...scans.values()].sort((a, b) => a.at.localeCompare(b.at));
  };
  return {
    kept,
    async load() {
      snapshot();
      return structuredClone(kept);
    },
    async saveRoster({ changed, removed, cursor }) {
      changed.forEach((entry) => entries.set(entry.registrationId, entry));
      removed.forEach((id) => entries.delete(id));
      kept.cursor = cursor;
      snapshot();
    },
    async queueScan(scan, entry) {
      scans.set(scan.scanId, scan);
      entries.set(entry.registrationId, entry);
      snapshot();
    },
    async unqueueScans(scanIds, changed) {
      scanIds.forEach((id) => scans.delete(id));
      changed.forEach((entry) => entries.set(entry.registrationId, entry));
      snapshot();
    },
    async saveEntries(changed) {
      changed.forEach((entry) => entries.set(entry.registrationId, entry));
      snapshot();
    },
    async saveRace(race) {
      kept.race = race;
    },
    async saveMe(name) {
      kept.me = name;
    },
  };
}

const T0 = new Date('2027-03-14T07:42:00.000Z');

async function openStation(
  api: CheckinApi,
  store = memoryStore(),
  options: { me?: string; device?: string } = {},
) {
  const clock = { now: T0 };
  const station = new CheckinStation('race-1', store, api, await store.load(), {
    me: options.me ?? 'Me',
    device: () => options.device ?? '',
    now: () => clock.now,
  });
  await station.refresh();
  return { station, store, clock };
}

/** Lets the work a call started in the background (the sync after a scan) finish. */
const settle = async (station: CheckinStation) => {
  for (let round = 0; round < 3; round++) {
    await station.sync();
    await station.refresh();
  }
};

describe('CheckinStation', () => {
  it('loads the roster, checks a scanned pass in at once, and calls the same pass again "already"', async () => {
    const server = fakeServer();
    const { station } = await openStation(server.apiFor('Sam'), undefined, { me: 'Sam', device: 'phone 2' });
    expect(station.getState()).toMatchObject({ phase: 'ready', total: 3, checkedIn: 0 });

    await station.scanText('stride:checkin:code-eve');
    expect(station.getState().outcome).toMatchObject({ result: 'checked_in', firstName: 'Eve', bib: 1 });
    expect(station.getState().checkedIn).toBe(1);
    await settle(station);
    expect(server.checkins.get('r1')).toEqual({ at: T0.toISOString(), by: 'Sam', device: 'phone 2' });

    station.dismiss();
    await station.scanText('stride:checkin:code-eve');
    expect(station.getState().outcome).toMatchObject({
      result: 'already',
      checkedInAt: T0.toISOString(),
      checkedInBy: 'Sam',
      device: 'phone 2',
    });
  });

  it('says "not a pass" for another QR code, and asks the server about a pass not on the roster', async () => {
    const server = fakeServer();
    const { station } = await openStation(server.apiFor('Sam'));

    await station.scanText('https://example.com');
    expect(station.getState().outcome).toMatchObject({ result: 'unknown', isNotAPass: true });
    expect(server.posts).toEqual([]);

    await station.scanText(`stride:checkin:${WAITLISTED.code}`);
    expect(station.getState().outcome).toMatchObject({ result: 'not_registered', firstName: 'Wes' });
    expect(station.getState().queued).toBe(0);
  });

  it('offline: decides and queues each check-in, then sends them when the network returns', async () => {
    const server = fakeServer();
    const { station, store } = await openStation(server.apiFor('Sam'));
    server.state.offline = true;

    for (const id of ['r1', 'r2', 'r3']) await station.checkInRunner(id);
    await settle(station);
    expect(station.getState()).toMatchObject({ queued: 3, checkedIn: 3, isOffline: true, hasSynced: false });
    expect(store.kept.queue.map((scan) => scan.registrationId)).toEqual(['r1', 'r2', 'r3']);

    // The phone is reopened while still offline: the same roster and queue.
    const reopened = new CheckinStation('race-1', store, server.apiFor('Sam'), await store.load(), {
      me: 'Sam',
      device: () => '',
    });
    expect(reopened.getState()).toMatchObject({ phase: 'ready', queued: 3, checkedIn: 3 });

    server.state.offline = false;
    await reopened.syncAndRefresh();
    expect(reopened.getState()).toMatchObject({ queued: 0, checkedIn: 3, hasSynced: true, isOffline: false });
    expect(server.checkins.size).toBe(3);
    expect(store.kept.queue).toEqual([]);
  });

  it('two phones offline check in the same runner: both green, and the second to sync is told "already"', async () => {
    const server = fakeServer();
    const phone1 = await openStation(server.apiFor('Ana'), undefined, { me: 'Ana', device: 'phone 1' });
    const phone2 = await openStation(server.apiFor('Sam'), undefined, { me: 'Sam', device: 'phone 2' });
    server.state.offline = true;

    await phone1.station.scanText('stride:checkin:code-eve');
    phone2.clock.now = new Date(T0.getTime() + 60_000);
    await phone2.station.scanText('stride:checkin:code-eve');
    expect(phone1.station.getState().outcome?.result).toBe('checked_in');
    expect(phone2.station.getState().outcome?.result).toBe('checked_in');

    server.state.offline = false;
    await settle(phone1.station);
    await settle(phone2.station);
    expect(phone1.station.getState().outcome?.result).toBe('checked_in');
    expect(phone2.station.getState().outcome).toMatchObject({
      result: 'already',
      checkedInAt: T0.toISOString(),
      checkedInBy: 'Ana',
      device: 'phone 1',
    });
    // Nothing left to undo on the second phone: the runner was the first phone's.
    expect(phone2.station.getState().lastCheckin).toBeNull();
  });

  it('sends a long queue in batches of 200', async () => {
    const runners = Array.from({ length: 450 }, (_, index) => ({
      registrationId: `r${index}`,
      bib: index + 1,
      firstName: 'Runner',
      lastName: String(index),
      code: `code-${index}`,
    }));
    const server = fakeServer(runners);
    const { station } = await openStation(server.apiFor('Sam'));
    server.state.offline = true;
    for (const runner of runners) await station.checkInRunner(runner.registrationId);
    await settle(station);
    server.state.offline = false;

    await station.sync();
    expect(server.posts.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(station.getState()).toMatchObject({ queued: 0, checkedIn: 450 });
  });

  it.each([
    [401, 'signed-out'],
    [403, 'forbidden'],
  ] as const)('stops syncing on a %i, says so, and keeps the queue', async (status, problem) => {
    const server = fakeServer();
    const { station, store } = await openStation(server.apiFor('Sam'));
    server.state.refusal = new ApiError(status, 'No');

    await station.checkInRunner('r1');
    await settle(station);
    expect(station.getState()).toMatchObject({ problem, queued: 1 });
    expect(store.kept.queue).toHaveLength(1);

    server.state.refusal = null;
    await station.sync();
    expect(server.posts).toEqual([]);
  });

  it('shows a refusal instead of the screen when the roster is refused and nothing is kept', async () => {
    const server = fakeServer();
    server.state.refusal = new ApiError(403, 'You are not on this race’s team');
    const { station } = await openStation(server.apiFor('Sam'));
    expect(station.getState().phase).toBe('forbidden');
  });

  it('has nothing to show offline before a first roster', async () => {
    const server = fakeServer();
    server.state.offline = true;
    const { station } = await openStation(server.apiFor('Sam'));
    expect(station.getState().phase).toBe('no-roster');
  });

  it('undoes a queued check-in on the phone, a sent one on the server, within the window only', async () => {
    const server = fakeServer();
    const { station, store, clock } = await openStation(server.apiFor('Sam'));
    server.state.offline = true;
    await station.checkInRunner('r1');
    await station.undoLast();
    expect(station.getState()).toMatchObject({
      queued: 0,
      checkedIn: 0,
      notice: 'Check-in of Eve Runner undone',
    });
    expect(store.kept.queue).toEqual([]);

    server.state.offline = false;
    await station.checkInRunner('r2');
    await settle(station);
    expect(server.checkins.has('r2')).toBe(true);
    await station.undoLast();
    expect(server.checkins.has('r2')).toBe(false);
    expect(station.getState().checkedIn).toBe(0);

    await station.checkInRunner('r3');
    await settle(station);
    clock.now = new Date(T0.getTime() + 10 * 60_000);
    expect(station.canUndo()).toBe(false);
    await station.undoLast();
    expect(server.checkins.has('r3')).toBe(true);
  });
});
