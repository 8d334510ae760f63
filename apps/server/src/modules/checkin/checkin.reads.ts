import { CHECKIN_MESSAGES } from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import type { RaceAccess } from '../../lib/race-access.js';
import type { CheckinRepository } from './checkin.repository.js';
import { requireCheckInAbility } from './checkin.service.js';

/** The largest cursor there can be: transaction numbers are PostgreSQL's bigint. */
const MAX_CURSOR = 9_223_372_036_854_775_807n;

/** The check-in roster a phone keeps (issue 33), read for the race's organizer and team. */
export function createCheckinReads({
  repository,
  raceAccess,
}: {
  repository: CheckinRepository;
  /** Who may do what on a race: a port to the staff module. */
  raceAccess: RaceAccess;
}) {
  return {
    /**
     * The race's roster as JSON text (rosterSchema), written by PostgreSQL: every registered runner by bib, or,
     * with `since` (an earlier answer's cursor), what changed from then on. Not kept: each answer has its cursor.
     */
    async roster(caller: { id: string }, raceId: string, since: string | undefined): Promise<string> {
      const race = await requireCheckInAbility({ repository, raceAccess }, caller, raceId);
      if (since !== undefined && BigInt(since) > MAX_CURSOR) {
        throw new AppError('VALIDATION_FAILED', CHECKIN_MESSAGES.since, [
          { field: 'since', message: CHECKIN_MESSAGES.since },
        ]);
      }
      return repository.findRosterJson(race.id, since ?? null);
    },
  };
}

export type CheckinReads = ReturnType<typeof createCheckinReads>;
