import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  FEATURED_MARATHONS_LIMIT,
  MARATHON_SEARCH_LIMITS,
  type MarathonListQuery,
  marathonSchema,
  type PageQuery,
  type RegistrationEntry,
  TOTAL_COUNT_HEADER,
} from '@stride/shared';
import type { ReadCacheSettings } from '../../config.js';
import type { ChangeFeed } from '../../changes/change-feed.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { keptOrStreamed } from '../../lib/kept-streams.js';
import { createKeyedBatcher } from '../../lib/keyed-batcher.js';
import { sendSerializedJson, serializeJson, type SerializedJson } from '../../lib/serialized-json.js';
import { createMarathonLists } from './marathon-lists.js';
import type { MarathonList, MarathonSearch, MarathonsRepository } from './marathons.repository.js';
import { marathonNotFound } from './marathons.service.js';

export const marathonListSchema = z.array(marathonSchema);

/**
 * Public reads are kept serialised for 2 s: under load most requests are answered from memory. This server's
 * own writes replace them at once (a race's change drops that race and the lists; a registration its race and
 * the lists, whose counts moved); the age bounds how long another server process's writes go unseen.
 */
const PUBLIC_READ_MAX_AGE_MS = 2_000;
const RACES_KEPT = 2_000;
/** The most races read by one statement. */
const RACE_BATCH_LIMIT = 100;
const LIST_PAGES_KEPT = 2_000;
/** Organizers' whole lists (docs/SPEC.md's My Marathons call without a page), kept as long as public reads. */
const ORGANIZER_LISTS_KEPT = 200;

/** A kept body's size, as it goes out (UTF-8). */
const bodyBytes = ({ body }: PublicRead) => Buffer.byteLength(body);

/** A JSON answer ready to send, with the list's total for X-Total-Count when it is a page. */
export type PublicRead = { body: SerializedJson<unknown>; total?: number };

/** What the marathons module needs to know of registrations (a port the composition root wires). */
export type RunnerEntries = {
  /** The runner's entry in the race and where it stands, or null. */
  findEntry: (raceId: string, runnerId: string) => Promise<RegistrationEntry | null>;
};

/** A word of `q`: letters and digits, with the accents of letters typed apart (the search ignores them). */
const WORDS = /[\p{L}\p{M}\p{N}]+/gu;

/** The search a list query asks for, or null when it asks for a plain list (no q, no filter). */
export function searchOf(query: MarathonListQuery, now: Date): MarathonSearch | null {
  const q = query.q || undefined;
  const distances = query.distance === undefined ? [] : [query.distance].flat();
  if (!q && distances.length === 0 && !query.from && !query.to && query.open !== 'true') return null;
  return {
    words: (q?.match(WORDS) ?? []).slice(0, MARATHON_SEARCH_LIMITS.maxWords),
    q,
    distances: [...new Set(distances)],
    from: query.from,
    to: query.to,
    openAt: query.open === 'true' ? now : undefined,
    sort: query.sort ?? (q ? 'relevance' : 'newest'),
  };
}

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
  readCache: ReadCacheSettings;
}) {
  const maxAgeMs = readCache.enabled ? PUBLIC_READ_MAX_AGE_MS : 0;
  const { maxBytes } = readCache;
  const lists = createMarathonLists(repository);
  const races = createReadThroughCache<PublicRead>({
    maxEntries: RACES_KEPT,
    maxBytes,
    sizeOf: bodyBytes,
    maxAgeMs,
  });
  const listPages = createReadThroughCache<PublicRead>({
    maxEntries: LIST_PAGES_KEPT,
    maxBytes,
    sizeOf: bodyBytes,
    maxAgeMs,
  });
  const organizerLists = createReadThroughCache<Buffer>({
    maxEntries: ORGANIZER_LISTS_KEPT,
    maxBytes,
    sizeOf: (body) => body.length,
    maxAgeMs,
  });
  changes.subscribe((change) => {
    // A line moving comes with the registration change that moved it.
    if (change.kind === 'mail-queued' || change.kind === 'sessions' || change.kind === 'waitlist') return;
    if (change.kind !== 'registration') lists.invalidate();
    if (change.kind === 'missed') races.forgetAll();
    else races.forget(change.raceId);
    listPages.forgetAll();
    // Which organizer's list shows the race, the change does not say: every kept one goes.
    organizerLists.forgetAll();
  });

  // Races read while one read runs go together in the next statement: under load, one round trip (and one
  // write to the socket each way) for many race pages instead of one each.
  const raceReads = createKeyedBatcher<string, string | null>((_key, ids) => repository.findJsonByIds(ids), {
    maxBatch: RACE_BATCH_LIMIT,
  });

  /** One race, or a 404 (not kept: a missing race may be created any moment). */
  const race = (id: string) =>
    races.read(id, async () => {
      const body = await raceReads.submit('races', id);
      if (body === null) throw marathonNotFound();
      return { body };
    });

  const listPage = (list: MarathonList, { page, limit }: { page: number; limit: number }) =>
    listPages.read(`${list}:${page}:${limit}`, async () => {
      const { items, total } = await lists.page(list, { page, limit });
      return { body: serializeJson(marathonListSchema, items), total };
    });

  return {
    featured: () =>
      listPages.read('featured', async () => ({
        body: serializeJson(
          marathonListSchema,
          await repository.findFeatured(new Date(), FEATURED_MARATHONS_LIMIT),
        ),
      })),

    listPage,

    /**
     * GET /api/marathons: the list's page, or the page of a search (ADR 019) with the number of matches. A
     * search is kept like a list page, under the query's words (not the instant `open=true` was asked at).
     */
    list(query: MarathonListQuery, now = new Date()) {
      const { page, limit } = query;
      const search = searchOf(query, now);
      if (!search) return listPage(query.sort === 'oldest' ? 'oldest' : 'newest', { page, limit });
      const { openAt, ...key } = search;
      return listPages.read(`search:${JSON.stringify(key)}:${Boolean(openAt)}:${page}:${limit}`, async () => {
        const offset = (page - 1) * limit;
        const { items, total } = await repository.findSearchPage(search, { limit, offset });
        // A page past the last match counts the matches apart.
        const count = total ?? (offset > 0 ? await repository.countSearch(search) : 0);
        return { body: serializeJson(marathonListSchema, items), total: count };
      });
    },

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

    /** The organizer's own races, newest first: kept, or streamed as they are read (and kept if they fit). */
    async organizerRaces(creatorId: string): Promise<Buffer | Readable> {
      return keptOrStreamed(organizerLists, creatorId, maxBytes, () => repository.streamByCreator(creatorId));
    },

    /** A page of them, and how many there are. */
    async organizerRacePage(creatorId: string, { page, limit }: PageQuery): Promise<PublicRead> {
      const { json, total } = await repository.pageByCreator(creatorId, {
        limit,
        offset: (page - 1) * limit,
      });
      return { body: `[${json.join(',')}]`, total };
    },
  };
}

export type MarathonReads = ReturnType<typeof createMarathonReads>;

export function sendPublicRead(reply: FastifyReply, { body, total }: PublicRead) {
  return sendSerializedJson(total === undefined ? reply : reply.header(TOTAL_COUNT_HEADER, total), body);
}
