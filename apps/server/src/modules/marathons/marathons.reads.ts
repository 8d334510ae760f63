import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { FEATURED_MARATHONS_LIMIT, marathonSchema, type RegistrationEntry } from '@stride/shared';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { sendSerializedJson, serializeJson, type SerializedJson } from '../../lib/serialized-json.js';
import { createMarathonLists } from './marathon-lists.js';
import type { MarathonList, MarathonsRepository } from './marathons.repository.js';
import { marathonNotFound } from './marathons.service.js';

const TOTAL_COUNT_HEADER = 'x-total-count';
export const marathonListSchema = z.array(marathonSchema);

/**
 * Public reads are kept serialised for 2 s: under load most requests are answered from memory. This server's
 * own writes replace them at once (a race's change drops that race and the lists; a registration its race and
 * the lists, whose counts moved); the age bounds how long another server process's writes go unseen.
 */
const PUBLIC_READ_MAX_AGE_MS = 2_000;
const RACES_KEPT = 2_000;
const LIST_PAGES_KEPT = 2_000;

/** A JSON answer ready to send, with the list's total for X-Total-Count when it is a page. */
export type PublicRead = { body: SerializedJson<unknown>; total?: number };

/** What the marathons module needs to know of registrations (a port the composition root wires). */
export type RunnerEntries = {
  /** The runner's entry in the race and where it stands, or null. */
  findEntry: (raceId: string, runnerId: string) => Promise<RegistrationEntry | null>;
};

/**
 * The read model of the marathon pages: featured, the lists' pages and each race, kept in memory; a race with
 * the viewer's own entry; an organizer's races.
 */
export function createMarathonReads({
  repository,
  runnerEntries,
  changes,
  readCache,
}: {
  repository: MarathonsRepository;
  runnerEntries: RunnerEntries;
  changes: ChangeFeed;
  readCache: boolean;
}) {
  const maxAgeMs = readCache ? PUBLIC_READ_MAX_AGE_MS : 0;
  const lists = createMarathonLists(repository);
  const races = createReadThroughCache<PublicRead>({ maxEntries: RACES_KEPT, maxAgeMs });
  const listPages = createReadThroughCache<PublicRead>({ maxEntries: LIST_PAGES_KEPT, maxAgeMs });
  changes.subscribe((change) => {
    if (change.kind === 'mail-queued') return;
    if (change.kind === 'race') lists.invalidate();
    races.forget(change.raceId);
    listPages.forgetAll();
  });

  /** One race, or a 404 (not kept: a missing race may be created any moment). */
  const race = (id: string) =>
    races.read(id, async () => {
      const marathon = await repository.findById(id);
      if (!marathon) throw marathonNotFound();
      return { body: serializeJson(marathonSchema, marathon) };
    });

  return {
    featured: () =>
      listPages.read('featured', async () => ({
        body: serializeJson(
          marathonListSchema,
          await repository.findFeatured(new Date(), FEATURED_MARATHONS_LIMIT),
        ),
      })),

    listPage: (list: MarathonList, { page, limit }: { page: number; limit: number }) =>
      listPages.read(`${list}:${page}:${limit}`, async () => {
        const { items, total } = await lists.page(list, { page, limit });
        return { body: serializeJson(marathonListSchema, items), total };
      }),

    race,

    /** The race as {@link race} has it, with `myRegistration`: the runner's entry for it, or null. */
    async raceWithMyRegistration(id: string, runnerId: string): Promise<PublicRead> {
      const [{ body }, entry] = await Promise.all([race(id), runnerEntries.findEntry(id, runnerId)]);
      const myRegistration = JSON.stringify(entry);
      // The kept body with one more field: `{…}` → `{…,"myRegistration":…}`.
      return { body: `${body.slice(0, -1)},"myRegistration":${myRegistration}}` };
    },

    /** The race's calendar facts (title, start, place, revision), or a 404. */
    async calendarFacts(id: string) {
      const facts = await repository.findCalendarFacts(id);
      if (!facts) throw marathonNotFound();
      return facts;
    },

    /** The organizer's own races, newest first (not kept: only they see it, right after their changes). */
    organizerRaces: (creatorId: string) => repository.findByCreator(creatorId),
  };
}

export type MarathonReads = ReturnType<typeof createMarathonReads>;

export function sendPublicRead(reply: FastifyReply, { body, total }: PublicRead) {
  return sendSerializedJson(total === undefined ? reply : reply.header(TOTAL_COUNT_HEADER, total), body);
}
