import { CHECKIN_MESSAGES } from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import type { RaceAccess } from '../../lib/race-access.js';
import type { CheckinRepository } from './checkin.repository.js';
import { requireCheckInAbility } from './checkin.service.js';

/** The largest cursor there can be: transaction numbers are PostgreSQL's bigint. */
const MAX_CURSOR = 9_223_372_036_854_775_807n;
/**
 * Entries per statement of a roster read: the answer is compressed as it is read, each part while the next one
 * is read, so a roster of 30,000 costs little more than its reading.
 */
const ROSTER_PART_ENTRIES = 5_000;

/** The roster's JSON text (rosterSchema) in parts, read in one snapshot. */
async function* rosterParts(
  repository: CheckinRepository,
  raceId: string,
  since: string | null,
): AsyncGenerator<string> {
  const { cursor, removed } = await repository.findRosterOpening(raceId, since);
  yield `{"cursor":${JSON.stringify(cursor)},"entries":[`;
  let afterBib: number | null = null;
  for (let first = true; ; first = false) {
    const part = await repository.findRosterEntries(raceId, since, afterBib, ROSTER_PART_ENTRIES);
    if (part.count > 0) yield first ? part.json : `,${part.json}`;
    if (part.count < ROSTER_PART_ENTRIES) break;
    afterBib = part.lastBib;
  }
  yield `],"removed":${removed}}`;
}

/** The check-in roster a phone keeps (issue 33), read for the race's organizer and team. */
export function createCheckinReads({
  repository,
  inOneSnapshot,
  raceAccess,
}: {
  repository: CheckinRepository;
  /** Runs reads on a repository whose statements all see one snapshot. */
  inOneSnapshot: <T>(work: (repository: CheckinRepository) => Promise<T>) => Promise<T>;
  /** Who may do what on a race: a port to the staff module. */
  raceAccess: RaceAccess;
}) {
  return {
    /**
     * The race's roster as JSON text (rosterSchema) written by PostgreSQL, in parts handed to `send` as they are
     * read: every registered runner by bib, or, with `since` (an earlier answer's cursor), what changed from then
     * on. Not kept: each answer has its cursor.
     */
    async roster<T>(
      caller: { id: string },
      raceId: string,
      since: string | undefined,
      send: (parts: AsyncIterable<string>) => Promise<T>,
    ): Promise<T> {
      const race = await requireCheckInAbility({ repository, raceAccess }, caller, raceId);
      if (since !== undefined && BigInt(since) > MAX_CURSOR) {
        throw new AppError('VALIDATION_FAILED', CHECKIN_MESSAGES.since, [
          { field: 'since', message: CHECKIN_MESSAGES.since },
        ]);
      }
      return inOneSnapshot((snapshot) => send(rosterParts(snapshot, race.id, since ?? null)));
    },
  };
}

export type CheckinReads = ReturnType<typeof createCheckinReads>;
