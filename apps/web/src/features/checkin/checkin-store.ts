import { openDB, type DBSchema } from 'idb';
import type { LocalEntry, QueuedScan } from './roster';

/** What the screen shows of the race while offline: its title and the zone its clocks read. */
export type RaceInfo = { title: string; timeZone: string };

/** What a phone keeps of one race between visits. */
export type StoredCheckin = {
  entries: LocalEntry[];
  /** Check-ins not yet answered by the server, oldest first. */
  queue: QueuedScan[];
  /** The roster answer's cursor, for the next delta; null before the first roster. */
  cursor: string | null;
  race: RaceInfo | null;
  /** The signed-in volunteer's name, as the server records who checked a runner in. */
  me: string | null;
};

/** The phone's storage of one race's check-in: the roster, the queue of scans, and what the screen needs. */
export interface CheckinStore {
  load(): Promise<StoredCheckin>;
  /** A roster answer: the changed entries, the removed ones and the new cursor. */
  saveRoster(change: { changed: LocalEntry[]; removed: string[]; cursor: string }): Promise<void>;
  /** A check-in made here: its scan queued and the runner as they now stand, together. */
  queueScan(scan: QueuedScan, entry: LocalEntry): Promise<void>;
  /** Scans answered (or undone before they were sent) leave the queue, with the runners they changed. */
  unqueueScans(scanIds: string[], entries: LocalEntry[]): Promise<void>;
  saveEntries(entries: LocalEntry[]): Promise<void>;
  saveRace(race: RaceInfo): Promise<void>;
  saveMe(name: string): Promise<void>;
}

interface CheckinDb extends DBSchema {
  /** The race's runners, by entry, found by their pass's code hash and their bib. */
  entries: { key: string; value: LocalEntry; indexes: { codeHash: string; bib: number } };
  /** The queue of check-ins to send, in the order they were made. */
  scans: { key: string; value: QueuedScan; indexes: { at: string } };
  meta: { key: 'cursor' | 'race' | 'me'; value: string | RaceInfo };
}

/** One IndexedDB database per race: its name is the race's id. */
const databaseName = (raceId: string) => `stride-checkin:${raceId}`;

/** The IndexedDB storage of a race's check-in (the `idb` package). */
export async function openCheckinStore(raceId: string): Promise<CheckinStore> {
  const db = await openDB<CheckinDb>(databaseName(raceId), 1, {
    upgrade(database) {
      const entries = database.createObjectStore('entries', { keyPath: 'registrationId' });
      entries.createIndex('codeHash', 'codeHash');
      entries.createIndex('bib', 'bib');
      database.createObjectStore('scans', { keyPath: 'scanId' }).createIndex('at', 'at');
      database.createObjectStore('meta');
    },
  });

  return {
    async load() {
      const tx = db.transaction(['entries', 'scans', 'meta']);
      const meta = tx.objectStore('meta');
      const [entries, queue, cursor, race, me] = await Promise.all([
        tx.objectStore('entries').getAll(),
        tx.objectStore('scans').index('at').getAll(),
        meta.get('cursor'),
        meta.get('race'),
        meta.get('me'),
      ]);
      return {
        entries,
        queue,
        cursor: typeof cursor === 'string' ? cursor : null,
        race: typeof race === 'object' ? race : null,
        me: typeof me === 'string' ? me : null,
      };
    },

    async saveRoster({ changed, removed, cursor }) {
      const tx = db.transaction(['entries', 'meta'], 'readwrite');
      const entries = tx.objectStore('entries');
      await Promise.all([
        ...changed.map((entry) => entries.put(entry)),
        ...removed.map((id) => entries.delete(id)),
        tx.objectStore('meta').put(cursor, 'cursor'),
        tx.done,
      ]);
    },

    async queueScan(scan, entry) {
      const tx = db.transaction(['entries', 'scans'], 'readwrite');
      await Promise.all([tx.objectStore('scans').put(scan), tx.objectStore('entries').put(entry), tx.done]);
    },

    async unqueueScans(scanIds, changed) {
      const tx = db.transaction(['entries', 'scans'], 'readwrite');
      const scans = tx.objectStore('scans');
      const entries = tx.objectStore('entries');
      await Promise.all([
        ...scanIds.map((id) => scans.delete(id)),
        ...changed.map((entry) => entries.put(entry)),
        tx.done,
      ]);
    },

    async saveEntries(changed) {
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...changed.map((entry) => tx.store.put(entry)), tx.done]);
    },

    async saveRace(race) {
      await db.put('meta', race, 'race');
    },

    async saveMe(name) {
      await db.put('meta', name, 'me');
    },
  };
}
