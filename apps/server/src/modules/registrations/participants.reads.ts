import {
  type Participant,
  type ParticipantsQuery,
  type RaceStats,
  UNANSWERED,
  ageGroupOf,
  ageOn,
  ageRangeOf,
  birthDaysForAges,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccess, requireRaceAbility } from '../../lib/race-access.js';
import { participantCsvLine, participantsCsvFilename, participantsCsvStart } from './participants-csv.js';
import {
  type BornFilter,
  type ParticipantFilters,
  type ParticipantOrder,
  type EntryHistory,
  NO_HISTORY,
  type ParticipantRow,
  type ParticipantsRepository,
  type Race,
  exportSegments,
} from './participants.repository.js';
import { answerCounts, raceStats, revenueOf } from './race-stats.js';

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

/** The `ageGroup` filter as days of birth on the race's day: 400 for a label the race has not. */
function bornFilterOf(race: Race, ageGroup: string | undefined): BornFilter | undefined {
  if (ageGroup === undefined) return undefined;
  if (ageGroup === UNANSWERED && race.ageGroups !== null) {
    return { kind: 'unanswered', bornAfter: birthDaysForAges(race.raceDay, race.ageGroups[0]!, null).bornBy };
  }
  const range = ageRangeOf(ageGroup, race.ageGroups);
  if (!range) {
    const message =
      race.ageGroups === null
        ? 'ageGroup: this race has no age groups'
        : `ageGroup must be one of the race’s age groups or ${UNANSWERED}`;
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'ageGroup', message }]);
  }
  return { kind: 'range', ...birthDaysForAges(race.raceDay, range.min, range.max) };
}

/**
 * The organizer's race desk: the race's entries a page at a time, all of them as CSV, and sign-ups per day.
 * Only the race's organizer and co-organizers read them; nobody else learns more than that the race exists.
 */
export function createParticipantReads({
  repository,
  raceAccess,
  now = () => new Date(),
}: {
  repository: ParticipantsRepository;
  /** Who may do what on a race (its organizer, its team): a port to the staff module. */
  raceAccess: RaceAccess;
  now?: () => Date;
}) {
  async function requireOrganized(race: Race | null, raceId: string, organizer: Organizer): Promise<Race> {
    if (!race) throw marathonNotFound();
    await requireRaceAbility(
      raceAccess,
      { id: raceId, creatorId: race.creatorId },
      organizer.id,
      'organize',
      PARTICIPANT_MESSAGES.notOrganizer,
    );
    return race;
  }

  async function requireOrganizedRace(organizer: Organizer, raceId: string): Promise<Race> {
    return requireOrganized(isUuid(raceId) ? await repository.findRace(raceId) : null, raceId, organizer);
  }

  /**
   * An entry in the API's shape, built in one go: the export makes one per row of the race. Its age and group
   * are counted as stride_age_on and stride_age_group count them for the runner's own reads (migration 0013).
   */
  const toParticipant = (
    race: Race,
    row: ParticipantRow,
    position: number | null,
    history: EntryHistory = NO_HISTORY,
  ): Participant => {
    const ageOnRaceDay = row.dateOfBirth === null ? null : ageOn(row.dateOfBirth, race.raceDay);
    return {
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
      dateOfBirth: row.dateOfBirth,
      gender: row.gender,
      tShirtSize: row.tShirtSize,
      emergencyContact:
        row.emergencyContactName === null
          ? null
          : { name: row.emergencyContactName, phone: row.emergencyContactPhone ?? '' },
      answers: row.answers,
      ageOnRaceDay,
      ageGroup: ageGroupOf(ageOnRaceDay, race.ageGroups),
      waiverVersion: row.waiverVersion,
      waiverAcceptedAt: row.waiverAcceptedAt?.toISOString() ?? null,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      amountDue: row.amountDue,
      amountPaid: row.amountPaid,
      amountRefunded: row.amountRefunded,
      currency: row.currency,
      discountCode: row.discountCode,
      receiptNumber: row.receiptNumber,
      holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      ...history,
    };
  };

  /** A chunk of the export in the API's shape, each waitlisted entry with its place in line. */
  async function placedChunk(race: Race, raceId: string, rows: ParticipantRow[]): Promise<Participant[]> {
    const waitlisted = rows.filter((row) => row.status === 'waitlisted').map((row) => row.id);
    const positions = await repository.findLinePositions(raceId, waitlisted);
    // The file has no history columns: its rows are read without it.
    return rows.map((row) => toParticipant(race, row, positions.get(row.id) ?? null));
  }

  /** The entries in export order, a chunk at a time (keyset: each chunk starts after the last one's key). */
  async function* exportChunks(
    race: Race,
    raceId: string,
    filters: ParticipantFilters,
    order: ParticipantOrder,
  ) {
    const segments = exportSegments(order.sort, filters.status);
    for (const segment of order.descending ? segments.reverse() : segments) {
      let after: string[] | null = null;
      do {
        const chunk = await repository.findChunk(raceId, filters, segment, {
          descending: order.descending,
          after,
          limit: EXPORT_CHUNK_ROWS,
        });
        yield await placedChunk(race, raceId, chunk.rows);
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
      const { status, q, gender, ageGroup, paymentStatus, checkedIn, page, limit } = query;
      const offset = (page - 1) * limit;
      // An age group is read as days of birth on the race's day: the race first.
      const born =
        ageGroup === undefined
          ? undefined
          : bornFilterOf(await requireOrganizedRace(organizer, raceId), ageGroup);
      const filters: ParticipantFilters = { status, q, gender, born, paymentStatus, checkedIn };
      const pageOf = (organizerId: string) =>
        repository.findOrganizerPage(raceId, organizerId, filters, orderOf(query), { limit, offset });
      let found = isUuid(raceId) ? await pageOf(organizer.id) : null;
      const race = await requireOrganized(found?.race ?? null, raceId, organizer);
      // The statement pages the race's entries for its organizer: a co-organizer's page is read as theirs.
      if (race.creatorId !== organizer.id) found = await pageOf(race.creatorId);
      const { rows } = found!;
      // Without a total, the page's scan counted the matches and found none: past the last one, they are counted
      // apart.
      const total = found!.total ?? (offset > 0 ? await repository.countMatching(raceId, filters) : 0);
      const histories = await repository.findHistories(rows.map((row) => row.id));
      return {
        participants: rows.map((row) => toParticipant(race, row, row.position, histories.get(row.id))),
        total,
      };
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
      const race = await requireOrganizedRace(organizer, raceId);
      const { status, q, gender, ageGroup, paymentStatus, checkedIn } = query;
      const filters = { status, q, gender, born: bornFilterOf(race, ageGroup), paymentStatus, checkedIn };
      async function* content() {
        yield participantsCsvStart(race);
        for await (const participants of exportChunks(race, raceId, filters, orderOf(query))) {
          if (participants.length > 0)
            yield participants.map((participant) => participantCsvLine(participant, race)).join('');
        }
      }
      return { filename: participantsCsvFilename(race.title), content: content() };
    },

    async stats(organizer: Organizer, raceId: string): Promise<RaceStats> {
      const race = await requireOrganizedRace(organizer, raceId);
      const [daily, answers, money, checkedIn] = await Promise.all([
        repository.findDailyCounts(raceId, race.timeZone),
        repository.findAnswerCounts(raceId),
        repository.findMoneyTotals(raceId),
        repository.countCheckedIn(raceId),
      ]);
      return {
        ...raceStats(race, daily, now()),
        ...answerCounts(race, answers),
        revenue: revenueOf(money),
        checkedIn,
      };
    },
  };
}

export type ParticipantReads = ReturnType<typeof createParticipantReads>;
