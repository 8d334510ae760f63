import type { Participant, ParticipantsQuery, RaceStats, RegistrationStatus } from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import { PARTICIPANTS_CSV_START, participantCsvLine, participantsCsvFilename } from './participants-csv.js';
import {
  type ParticipantFilters,
  type ParticipantOrder,
  type ParticipantRow,
  type ParticipantsRepository,
  type Race,
  exportSegments,
} from './participants.repository.js';
import { raceStats } from './race-stats.js';

export const PARTICIPANT_MESSAGES = {
  marathonNotFound: 'Marathon not found',
  notOrganizer: 'Only the organizer of this marathon can see or change its participants.',
  cancelled: 'Registration cancelled',
} as const;

/** Rows the export reads per query: its memory stays this size whatever the race's. */
const EXPORT_CHUNK_ROWS = 1_000;

type Organizer = { id: string };

export function marathonNotFound(): AppError {
  return new AppError('NOT_FOUND', PARTICIPANT_MESSAGES.marathonNotFound);
}

/** `bib` is the default order: registered by bib, then the waitlist in line. */
const orderOf = ({ sort, order }: Pick<ParticipantsQuery, 'sort' | 'order'>): ParticipantOrder => ({
  sort: sort === 'lastName' || sort === 'timestamp' ? sort : 'line',
  descending: order === 'desc',
});

/** How many entries the race's counters say have the status (or either). */
const counted = (race: Race, status: RegistrationStatus | undefined) =>
  (status !== 'waitlisted' ? race.registered : 0) + (status !== 'registered' ? race.waitlisted : 0);

/**
 * The organizer's race desk: the race's entries a page at a time, all of them as CSV, and sign-ups per day.
 * Only the race's organizer reads them; nobody else learns more than that the race exists.
 */
export function createParticipantReads({
  repository,
  now = () => new Date(),
}: {
  repository: ParticipantsRepository;
  now?: () => Date;
}) {
  function requireOwn(race: Race | null, organizer: Organizer): Race {
    if (!race) throw marathonNotFound();
    requireOwner(race.creatorId, organizer.id, PARTICIPANT_MESSAGES.notOrganizer);
    return race;
  }

  async function requireOwnRace(organizer: Organizer, raceId: string): Promise<Race> {
    return requireOwn(isUuid(raceId) ? await repository.findRace(raceId) : null, organizer);
  }

  /** An entry in the API's shape, built in one go: the export makes one per row of the race. */
  const toParticipant = (row: ParticipantRow, position: number | null): Participant => ({
    _id: row.id,
    status: row.status,
    bib: row.bib,
    waitlistPosition: position,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    contact: row.contact,
    info: row.info,
    timestamp: row.createdAt.toISOString(),
  });

  /** A chunk of the export in the API's shape, each waitlisted entry with its place in line. */
  async function placedChunk(raceId: string, rows: ParticipantRow[]): Promise<Participant[]> {
    const waitlisted = rows.filter((row) => row.status === 'waitlisted').map((row) => row.id);
    const positions = await repository.findLinePositions(raceId, waitlisted);
    return rows.map((row) => toParticipant(row, positions.get(row.id) ?? null));
  }

  /** The entries in export order, a chunk at a time (keyset: each chunk starts after the last one's key). */
  async function* exportChunks(raceId: string, filters: ParticipantFilters, order: ParticipantOrder) {
    const segments = exportSegments(order.sort, filters.status);
    for (const segment of order.descending ? segments.reverse() : segments) {
      let after: string[] | null = null;
      do {
        const chunk = await repository.findChunk(raceId, filters, segment, {
          descending: order.descending,
          after,
          limit: EXPORT_CHUNK_ROWS,
        });
        yield await placedChunk(raceId, chunk.rows);
        after = chunk.last;
      } while (after);
    }
  }

  return {
    async page(
      organizer: Organizer,
      raceId: string,
      query: ParticipantsQuery,
    ): Promise<{ participants: Participant[]; total: number }> {
      const { status, q, page, limit } = query;
      const offset = (page - 1) * limit;
      const found = isUuid(raceId)
        ? await repository.findOrganizerPage(raceId, organizer.id, { status, q }, orderOf(query), {
            limit,
            offset,
          })
        : null;
      const race = requireOwn(found?.race ?? null, organizer);
      const { rows, matched } = found!;
      // With a search, the page's scan counted the matches; a page past the last one counts them apart.
      const total =
        q === undefined
          ? counted(race, status)
          : (matched ?? (offset > 0 ? await repository.countMatching(raceId, { status, q }) : 0));
      return { participants: rows.map((row) => toParticipant(row, row.position)), total };
    },

    /**
     * The CSV file of every matching entry, in the list's order. The race is checked before the first byte;
     * the rows are then read and written a chunk at a time as the client takes them.
     */
    async csv(
      organizer: Organizer,
      raceId: string,
      query: Omit<ParticipantsQuery, 'page' | 'limit'>,
    ): Promise<{ filename: string; content: AsyncIterable<string> }> {
      const race = await requireOwnRace(organizer, raceId);
      const filters = { status: query.status, q: query.q };
      async function* content() {
        yield PARTICIPANTS_CSV_START;
        for await (const participants of exportChunks(raceId, filters, orderOf(query))) {
          if (participants.length > 0)
            yield participants.map((participant) => participantCsvLine(participant, race.timeZone)).join('');
        }
      }
      return { filename: participantsCsvFilename(race.title), content: content() };
    },

    async stats(organizer: Organizer, raceId: string): Promise<RaceStats> {
      const race = await requireOwnRace(organizer, raceId);
      return raceStats(race, await repository.findDailyCounts(raceId, race.timeZone), now());
    },
  };
}

export type ParticipantReads = ReturnType<typeof createParticipantReads>;
