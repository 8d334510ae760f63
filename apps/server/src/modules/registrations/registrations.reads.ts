import { z } from 'zod';
import type { Readable } from 'node:stream';
import { type PageQuery, type Registration, registrationSchema } from '@stride/shared';
import type { ReadCacheSettings } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { ChangeFeed } from '../../changes/change-feed.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { keptOrStreamed } from '../../lib/kept-streams.js';
import type { RegistrationsRepository } from './registrations.repository.js';
import { REGISTRATION_MESSAGES } from './registrations.service.js';

const registrationListSchema = z.array(registrationSchema);

/**
 * A runner's list, kept serialised for a few seconds: writes replace it at once (the runner's registrations, a
 * race of theirs changing title or date, or going, the line of a race they wait for moving), in this process and,
 * through the change notifications, in the others; the age bounds how long news that was lost goes unseen.
 */
const RUNNER_LIST_MAX_AGE_MS = 5_000;
const RUNNER_LISTS_KEPT = 500;

/** The read model of runners' lists (My Apply List), kept in memory. */
export function createRegistrationReads({
  repository,
  changes,
  readCache,
}: {
  repository: RegistrationsRepository;
  changes: ChangeFeed;
  readCache: ReadCacheSettings;
}) {
  const { maxBytes } = readCache;
  const runnerLists = createReadThroughCache<Buffer>({
    maxEntries: RUNNER_LISTS_KEPT,
    maxBytes,
    sizeOf: (body) => body.length,
    maxAgeMs: readCache.enabled ? RUNNER_LIST_MAX_AGE_MS : 0,
  });
  changes.subscribe((change) => {
    if (change.kind === 'registration') runnerLists.forget(change.runnerId);
    // Kept lists are tagged with the races whose lines they show a place in.
    else if (change.kind === 'waitlist') runnerLists.forgetTagged(change.raceId);
    else if (change.kind === 'race') for (const runnerId of change.runnerIds) runnerLists.forget(runnerId);
    else if (change.kind === 'missed') runnerLists.forgetAll();
  });

  return {
    /** The runner's own registration as the API answers it, its race pass's code included (the pass page). */
    async ownRegistration(runnerId: string, id: string): Promise<Registration> {
      const found = isUuid(id) ? await repository.findById(id) : null;
      if (!found) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
      const { userId, ...registration } = found;
      requireOwner(userId, runnerId, REGISTRATION_MESSAGES.notOwner);
      return registration;
    },

    /** The race and registration facts of the runner's own registration, for its calendar file. */
    async ownCalendarFacts(runnerId: string, id: string) {
      const facts = isUuid(id) ? await repository.findMailFacts(id) : null;
      if (!facts) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
      requireOwner(facts.runnerId, runnerId, REGISTRATION_MESSAGES.notOwner);
      return facts;
    },

    /**
     * The runner's whole list: kept, or streamed as it is read (and kept if it fits); the part whose race titles
     * hold `titleContains` is always streamed.
     */
    async runnerList(runnerId: string, titleContains?: string): Promise<Buffer | Readable> {
      if (titleContains !== undefined) return repository.streamByUser(runnerId, titleContains);
      return keptOrStreamed(runnerLists, runnerId, maxBytes, () => repository.streamByUser(runnerId));
    },

    /** A page of the runner's list or of its matches (not kept), and how many there are. */
    async runnerPage(runnerId: string, { page, limit }: PageQuery, titleContains?: string) {
      const offset = (page - 1) * limit;
      const { json, total } = await repository.pageByUser(runnerId, { limit, offset }, titleContains);
      return { body: `[${json.join(',')}]`, total };
    },
  };
}

export type RegistrationReads = ReturnType<typeof createRegistrationReads>;
export { registrationListSchema };
