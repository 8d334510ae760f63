import { z } from 'zod';
import { registrationSchema, type Registration } from '@stride/shared';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { serializeJson, type SerializedJson } from '../../lib/serialized-json.js';
import type { RegistrationsRepository } from './registrations.repository.js';

const registrationListSchema = z.array(registrationSchema);

/**
 * A runner's list, kept serialised for a few seconds: this server's own writes replace it at once (the runner's
 * registrations, or a race of theirs changing title or date, or going); the age bounds how long another server
 * process's writes go unseen.
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
  readCache: boolean;
}) {
  const runnerLists = createReadThroughCache<SerializedJson<Registration[]>>({
    maxEntries: RUNNER_LISTS_KEPT,
    maxAgeMs: readCache ? RUNNER_LIST_MAX_AGE_MS : 0,
  });
  changes.subscribe((change) => {
    if (change.kind === 'registration') runnerLists.forget(change.runnerId);
    else for (const runnerId of change.runnerIds) runnerLists.forget(runnerId);
  });

  return {
    runnerList: (runnerId: string) =>
      runnerLists.read(runnerId, async () =>
        serializeJson(registrationListSchema, await repository.findByUser(runnerId)),
      ),
  };
}

export type RegistrationReads = ReturnType<typeof createRegistrationReads>;
export { registrationListSchema };
