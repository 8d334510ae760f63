import {
  RESULTS_CSV_HEADER,
  RESULTS_MESSAGES,
  type ResultCard,
  type ResultsPage,
  type ResultsQuery,
  type ResultsSummary,
  ageGroupLabels,
  placeLine,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { BYTE_ORDER_MARK, csvLine, slugify } from '../../lib/csv.js';
import type { SerializedJson } from '../../lib/serialized-json.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccess, roleOn } from '../../lib/race-access.js';
import { filterKey, firstOrdinalOf } from './places.js';
import type { ResultFilters, ResultsRace, ResultsRepository } from './results.repository.js';
import { RESULTS_ROUTE_MESSAGES } from './results.service.js';

/** Rows per statement of the CSV export. */
const CSV_CHUNK = 2_000;

const EMPTY_SUMMARY: ResultsSummary = {
  finishers: 0,
  dnf: 0,
  dns: 0,
  dq: 0,
  fastest: [],
  medianTime: null,
  medianTimeText: null,
  podiums: [],
};

const notFound = () => new AppError('NOT_FOUND', RESULTS_MESSAGES.notFound);

/**
 * What a page needs not count: without a search, its total is a stored filter count; without a gender or an
 * age group either, its rows are consecutive in the results' order (a status's follow the statuses before it).
 */
function knownOf(filters: ResultFilters, counts: Readonly<Record<string, number>>) {
  // Sets stored before their counts were (migration 0018) have none: counted.
  if (filters.q !== undefined || Object.keys(counts).length === 0) return null;
  const total = counts[filterKey(filters)] ?? 0;
  const consecutive = filters.gender === undefined && filters.ageGroup === undefined;
  return {
    total,
    from: !consecutive ? null : filters.status === undefined ? 1 : firstOrdinalOf(filters.status, counts),
  };
}

/** Reading a race's results (issue 34): anyone once published, its team (any role) before. */
export function createResultsReads({
  repository,
  raceAccess,
}: {
  repository: ResultsRepository;
  raceAccess: RaceAccess;
}) {
  /** The race and its results as a whole, when the caller may read them: 404 for a race not there or not theirs to see. */
  async function readable(caller: { id: string } | null, raceId: string) {
    const found = isUuid(raceId) ? await repository.findRaceWithResults(raceId) : null;
    if (!found) throw new AppError('NOT_FOUND', RESULTS_ROUTE_MESSAGES.marathonNotFound);
    const { race, set } = found;
    if (!set?.publishedAt) {
      const role = caller === null ? null : await roleOn(raceAccess, race, caller.id);
      if (role === null) throw notFound();
    }
    return { race, set };
  }

  const filtersOf = ({ q, gender, ageGroup, status }: ResultsQuery): ResultFilters => ({
    q,
    gender,
    ageGroup,
    status,
  });

  /** One runner's result card, by bib. */
  async function card(caller: { id: string } | null, raceId: string, bib: number): Promise<ResultCard> {
    const { race, set } = await readable(caller, raceId);
    const result = set ? await repository.findResult(race.id, bib) : null;
    if (!set || !result) throw new AppError('NOT_FOUND', RESULTS_MESSAGES.resultNotFound);
    const { finishers } = set.summaries[race.rankBy];
    return { result, finishers, placeLine: placeLine(result, finishers) };
  }

  async function* csvRows(race: ResultsRace, filters: ResultFilters): AsyncGenerator<string> {
    yield BYTE_ORDER_MARK + csvLine(RESULTS_CSV_HEADER);
    let after = 0;
    for (;;) {
      const chunk = await repository.findChunk(race.id, race.rankBy, filters, after, CSV_CHUNK);
      yield chunk
        .map((result) =>
          csvLine([
            result.place,
            result.bib,
            result.firstName,
            result.lastName,
            result.gender,
            result.ageGroup,
            result.genderPlace,
            result.ageGroupPlace,
            result.chipTimeText,
            result.gunTimeText,
            result.pacePerKm,
            result.status,
          ]),
        )
        .join('');
      if (chunk.length < CSV_CHUNK) return;
      after = chunk.at(-1)!.ordinal;
    }
  }

  return {
    /** A page of results in place order, how many match (X-Total-Count), and the race's summary. */
    async page(
      caller: { id: string } | null,
      raceId: string,
      query: ResultsQuery,
    ): Promise<{ json: SerializedJson<ResultsPage>; total: number }> {
      const { race, set } = await readable(caller, raceId);
      const filters = filtersOf(query);
      const { json, total } = set
        ? await repository.findPage(
            race.id,
            race.rankBy,
            filters,
            { limit: query.limit, offset: (query.page - 1) * query.limit },
            knownOf(filters, set.filterCounts),
          )
        : { json: '[]', total: 0 };
      // The rows as PostgreSQL wrote them, the rest (written by Stride at the import) beside them.
      const rest: Omit<ResultsPage, 'results'> = {
        summary: set?.summaries[race.rankBy] ?? EMPTY_SUMMARY,
        rankBy: race.rankBy,
        published: set?.publishedAt != null,
        resultsUpdatedAt: set?.updatedAt ?? null,
        ageGroups: race.ageGroups === null ? [] : ageGroupLabels(race.ageGroups),
      };
      return { json: `{"results":${json},${JSON.stringify(rest).slice(1)}`, total };
    },

    card,

    /** A result card anyone may see (the results published), or null. */
    async publishedCard(raceId: string, bib: number): Promise<ResultCard | null> {
      try {
        return await card(null, raceId, bib);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },

    /** The results as a CSV file (its name, its lines as they are read), with the page's filters. */
    async csv(caller: { id: string } | null, raceId: string, query: ResultsQuery) {
      const { race } = await readable(caller, raceId);
      return { filename: `${slugify(race.title)}-results.csv`, content: csvRows(race, filtersOf(query)) };
    },
  };
}

export type ResultsReads = ReturnType<typeof createResultsReads>;
