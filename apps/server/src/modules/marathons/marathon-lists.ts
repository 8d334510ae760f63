import type { Marathon } from '@stride/shared';
import type { ListAnchors, MarathonList, MarathonsRepository } from './marathons.repository.js';

export type MarathonListsOptions = {
  /** Every how many races a position is remembered: a page never skips more rows than this. */
  anchorSpacing?: number;
  /**
   * How long a snapshot serves before it is taken again. This server's own writes replace it at once;
   * the age bounds how long another server process's new or deleted races can go unseen in totals and pages.
   */
  maxAgeMs?: number;
  now?: () => Date;
};

type Snapshot = ListAnchors & { takenAt: Date; expiresAt: number; generation: number };

/**
 * The public lists, paged without scanning skipped rows and counted without a count(*) per request.
 *
 * A snapshot per list holds its length and every `anchorSpacing`-th race's sort key, taken in one index scan.
 * Page N starts from the nearest remembered key at or before its first race and skips fewer than
 * `anchorSpacing` rows, so a deep page costs what page 1 does. Snapshots are replaced when this server
 * creates, changes or deletes a race, when they reach `maxAgeMs`, and, for the upcoming list, when its
 * soonest race starts (from then on the positions would be off by one).
 */
export function createMarathonLists(
  repository: Pick<MarathonsRepository, 'findListAnchors' | 'findListPage'>,
  { anchorSpacing = 100, maxAgeMs = 5_000, now = () => new Date() }: MarathonListsOptions = {},
) {
  let generation = 0;
  const snapshots = new Map<MarathonList, Promise<Snapshot>>();

  async function takeSnapshot(list: MarathonList): Promise<Snapshot> {
    const takenIn = generation;
    const takenAt = now();
    const anchors = await repository.findListAnchors(list, takenAt, anchorSpacing);
    const ageLimit = takenAt.getTime() + maxAgeMs;
    const expiresAt =
      list === 'upcoming' && anchors.firstSortAtMs !== null
        ? Math.min(ageLimit, anchors.firstSortAtMs)
        : ageLimit;
    return { ...anchors, takenAt, expiresAt, generation: takenIn };
  }

  /** The list's current snapshot; concurrent requests share one query while it is being taken. */
  async function snapshotOf(list: MarathonList): Promise<Snapshot> {
    const cached = snapshots.get(list);
    if (cached) {
      const snapshot = await cached.catch(() => null);
      if (snapshot && snapshot.generation === generation && now().getTime() < snapshot.expiresAt)
        return snapshot;
      const current = snapshots.get(list);
      if (current && current !== cached) return snapshotOf(list);
    }
    const pending = takeSnapshot(list);
    snapshots.set(list, pending);
    pending.catch(() => {
      if (snapshots.get(list) === pending) snapshots.delete(list);
    });
    return pending;
  }

  return {
    async page(list: MarathonList, { page, limit }: { page: number; limit: number }) {
      const snapshot = await snapshotOf(list);
      const offset = (page - 1) * limit;
      const anchorIndex = Math.min(
        Math.floor(offset / anchorSpacing),
        Math.max(0, snapshot.anchors.length - 1),
      );
      const items: Marathon[] = await repository.findListPage(list, snapshot.takenAt, {
        start: anchorIndex > 0 ? snapshot.anchors[anchorIndex]! : null,
        skip: offset - anchorIndex * anchorSpacing,
        limit,
      });
      return { items, total: snapshot.total };
    },

    /** Call after this server creates, changes or deletes a race. */
    invalidate() {
      generation += 1;
    },
  };
}
