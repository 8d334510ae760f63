import type { ScanResult } from '@stride/shared';
import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  decideLocally,
  LocalRoster,
  mergeRoster,
  reconcile,
  scanPayload,
  searchRoster,
  type LocalEntry,
  type QueuedScan,
} from './roster';

const entry = (
  id: string,
  bib: number,
  firstName: string,
  lastName: string,
  more: Partial<LocalEntry> = {},
) =>
  ({
    registrationId: id,
    bib,
    firstName,
    lastName,
    codeHash: `hash-${id}`,
    checkedInAt: null,
    checkedInBy: null,
    checkedInDevice: null,
    ...more,
  }) satisfies LocalEntry;

const AT = '2027-03-14T07:42:10.000Z';
const queued = (id: string, registrationId: string, more: Partial<QueuedScan> = {}): QueuedScan => ({
  scanId: id,
  at: AT,
  device: 'phone 2',
  code: null,
  registrationId,
  ...more,
});
const result = (scanId: string, registrationId: string, more: Partial<ScanResult>): ScanResult => ({
  scanId,
  result: 'checked_in',
  registrationId,
  bib: 1,
  firstName: 'Eve',
  lastName: 'Runner',
  checkedInAt: AT,
  checkedInBy: 'Sam',
  device: 'phone 2',
  ...more,
});

describe('LocalRoster', () => {
  it('finds a runner by the hash of their pass, and counts those checked in as entries change', () => {
    const roster = new LocalRoster([entry('r1', 1, 'Eve', 'Runner'), entry('r2', 2, 'Sam', 'Stone')]);
    expect(roster.findByCodeHash('hash-r2')?.firstName).toBe('Sam');
    expect(roster.findByCodeHash('hash-nobody')).toBeUndefined();
    expect(roster.checkedInCount).toBe(0);

    roster.set(entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT }));
    expect(roster.checkedInCount).toBe(1);
    roster.set(entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT }));
    expect(roster.checkedInCount).toBe(1);
    roster.delete('r1');
    expect([roster.size, roster.checkedInCount]).toEqual([1, 0]);
    expect(roster.findByCodeHash('hash-r1')).toBeUndefined();
  });
});

describe('decideLocally', () => {
  it('checks in a runner not yet checked in, and calls a second scan "already"', () => {
    expect(decideLocally(entry('r1', 1, 'Eve', 'Runner'))).toBe('checked_in');
    expect(decideLocally(entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT }))).toBe('already');
  });
});

describe('searchRoster', () => {
  const roster = new LocalRoster([
    entry('a', 12, 'Zoë', 'García'),
    entry('b', 120, 'Ana', 'Garcia'),
    entry('c', 1, 'Sam', 'Stone'),
    entry('d', 212, 'Eve', 'Runner'),
  ]);
  const bibs = (query: string, limit = 10) => searchRoster(roster, query, limit).map((found) => found.bib);

  it('finds digits by bib: that bib first, then the bibs that begin with them', () => {
    expect(bibs('12')).toEqual([12, 120]);
    expect(bibs('212')).toEqual([212]);
    expect(bibs('9')).toEqual([]);
  });

  it('finds words in names, accents and case ignored, ordered by last name', () => {
    expect(bibs('garcia')).toEqual([120, 12]);
    expect(bibs('ZOE gar')).toEqual([12]);
    expect(bibs('stone sam')).toEqual([1]);
    expect(bibs('  ')).toEqual([]);
  });

  it('gives at most `limit` runners', () => {
    expect(bibs('1', 2)).toEqual([1, 12]);
  });
});

describe('batchesOf', () => {
  it('cuts the queue into batches in order, the last one shorter', () => {
    const scans = Array.from({ length: 450 }, (_, index) => index);
    const batches = batchesOf(scans, 200);
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(scans);
    expect(batchesOf([], 200)).toEqual([]);
  });
});

describe('scanPayload', () => {
  it('sends the code of a scanned pass, or the entry of a runner picked from a search, never both', () => {
    expect(scanPayload(queued('s1', 'r1', { code: 'k3Jd9Q' }))).toEqual({
      scanId: 's1',
      at: AT,
      device: 'phone 2',
      code: 'k3Jd9Q',
    });
    expect(scanPayload(queued('s2', 'r1', { device: null }))).toEqual({
      scanId: 's2',
      at: AT,
      registrationId: 'r1',
    });
  });
});

describe('mergeRoster', () => {
  it('takes a delta: changed entries replace, removed ones leave, the others stay', () => {
    const roster = new LocalRoster([entry('r1', 1, 'Eve', 'Runner'), entry('r2', 2, 'Sam', 'Stone')]);
    const change = mergeRoster(
      roster,
      {
        cursor: '7',
        entries: [
          entry('r3', 3, 'Ana', 'Lee'),
          { ...entry('r1', 1, 'Eve', 'Runner'), checkedInAt: AT, checkedInBy: 'Sam' },
        ],
        removed: ['r2'],
      },
      { isFull: false, queuedIds: new Set() },
    );
    expect(change.removed).toEqual(['r2']);
    expect(change.changed.map((changed) => changed.registrationId)).toEqual(['r3', 'r1']);
    expect([...roster.values()].map((kept) => kept.registrationId).sort()).toEqual(['r1', 'r3']);
    expect(roster.get('r1')).toMatchObject({ checkedInAt: AT, checkedInBy: 'Sam', checkedInDevice: null });
    expect(roster.checkedInCount).toBe(1);
  });

  it('replaces the whole roster with a full answer', () => {
    const roster = new LocalRoster([entry('r1', 1, 'Eve', 'Runner'), entry('r2', 2, 'Sam', 'Stone')]);
    const change = mergeRoster(
      roster,
      { cursor: '9', entries: [entry('r2', 2, 'Sam', 'Stone')], removed: [] },
      { isFull: true, queuedIds: new Set() },
    );
    expect(change.removed).toEqual(['r1']);
    expect([...roster.values()].map((kept) => kept.registrationId)).toEqual(['r2']);
  });

  it("keeps this phone's queued check-in that the server does not know yet, and its device once it does", () => {
    const mine = entry('r1', 1, 'Eve', 'Runner', {
      checkedInAt: AT,
      checkedInBy: 'Me',
      checkedInDevice: 'phone 2',
    });
    const roster = new LocalRoster([mine]);
    mergeRoster(
      roster,
      { cursor: '1', entries: [entry('r1', 1, 'Eve', 'Runner')], removed: [] },
      {
        isFull: false,
        queuedIds: new Set(['r1']),
      },
    );
    expect(roster.get('r1')).toEqual(mine);

    mergeRoster(
      roster,
      {
        cursor: '2',
        entries: [{ ...entry('r1', 1, 'Eve', 'Runner'), checkedInAt: AT, checkedInBy: 'Me' }],
        removed: [],
      },
      { isFull: false, queuedIds: new Set() },
    );
    expect(roster.get('r1')?.checkedInDevice).toBe('phone 2');
  });

  it('takes an undone check-in from the server when no scan of it is queued', () => {
    const roster = new LocalRoster([
      entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT, checkedInBy: 'Sam' }),
    ]);
    mergeRoster(
      roster,
      { cursor: '3', entries: [entry('r1', 1, 'Eve', 'Runner')], removed: [] },
      {
        isFull: false,
        queuedIds: new Set(),
      },
    );
    expect(roster.get('r1')?.checkedInAt).toBeNull();
    expect(roster.checkedInCount).toBe(0);
  });
});

describe('reconcile', () => {
  it("takes the server's time, person and device, and reports a scan it found already checked in", () => {
    const roster = new LocalRoster([
      entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT, checkedInBy: 'Me', checkedInDevice: 'phone 2' }),
      entry('r2', 2, 'Sam', 'Stone', { checkedInAt: AT, checkedInBy: 'Me', checkedInDevice: 'phone 2' }),
    ]);
    const first = '2027-03-14T07:40:00.000Z';
    const { changed, corrections } = reconcile(
      roster,
      [queued('s1', 'r1'), queued('s2', 'r2')],
      [
        result('s2', 'r2', { result: 'already', checkedInAt: first, checkedInBy: 'Ana', device: 'phone 1' }),
        result('s1', 'r1', { checkedInBy: 'Me' }),
      ],
    );
    expect(changed).toHaveLength(2);
    expect(roster.get('r2')).toMatchObject({
      checkedInAt: first,
      checkedInBy: 'Ana',
      checkedInDevice: 'phone 1',
    });
    expect(corrections).toEqual([
      expect.objectContaining({ scanId: 's2', result: 'already', device: 'phone 1' }),
    ]);
  });

  it('undoes the local check-in of a runner the server holds no place for', () => {
    const roster = new LocalRoster([entry('r1', 1, 'Eve', 'Runner', { checkedInAt: AT, checkedInBy: 'Me' })]);
    const { corrections } = reconcile(
      roster,
      [queued('s1', 'r1')],
      [result('s1', 'r1', { result: 'not_registered', checkedInAt: null, checkedInBy: null, device: null })],
    );
    expect(roster.get('r1')?.checkedInAt).toBeNull();
    expect(roster.checkedInCount).toBe(0);
    expect(corrections.map((correction) => correction.result)).toEqual(['not_registered']);
  });
});
