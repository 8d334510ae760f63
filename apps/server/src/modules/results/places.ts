import {
  type Distance,
  GENDERS,
  type Gender,
  RANK_BY,
  RESULTS_LIMITS,
  RESULT_STATUSES,
  type RankBy,
  type Result,
  type ResultStatus,
  type ResultsSummary,
  formatPace,
  formatRaceTime,
} from '@stride/shared';

/** A runner's result before it is ranked: who, their division on race day, the file's times and status. */
export type UnrankedResult = {
  registrationId: string;
  bib: number;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  ageGroup: string | null;
  chipMs: number | null;
  gunMs: number | null;
  status: ResultStatus;
};

/** A result's places and position in the order under one ranking (places null for non-finishers). */
export type Placing = {
  place: number | null;
  genderPlace: number | null;
  ageGroupPlace: number | null;
  /** 1-based position in the results' order: finishers by time (then bib), then DNF, DNS, DQ, each by bib. */
  ordinal: number;
};

export type RankedResult = UnrankedResult & Record<RankBy, Placing>;

/** The time a ranking ranks by: its own, else the other. */
export const rankingMs = (result: Pick<UnrankedResult, 'chipMs' | 'gunMs'>, rankBy: RankBy) =>
  rankBy === 'chip' ? (result.chipMs ?? result.gunMs) : (result.gunMs ?? result.chipMs);

/**
 * Places within each group of finishers (all of them, a gender, a division) as competition ranking: ties share
 * a place and the next is skipped (1, 2, 2, 4). `finishers` are in time order.
 */
function placesWithin(
  finishers: readonly UnrankedResult[],
  rankBy: RankBy,
  groupOf: (result: UnrankedResult) => string | null,
) {
  const places = new Map<UnrankedResult, number>();
  const groups = new Map<string, { count: number; lastMs: number; lastPlace: number }>();
  for (const result of finishers) {
    const group = groupOf(result);
    if (group === null) continue;
    const ms = rankingMs(result, rankBy)!;
    const seen = groups.get(group) ?? { count: 0, lastMs: -1, lastPlace: 0 };
    seen.count += 1;
    const place = ms === seen.lastMs ? seen.lastPlace : seen.count;
    groups.set(group, { count: seen.count, lastMs: ms, lastPlace: place });
    places.set(result, place);
  }
  return places;
}

/** Each result's places under one ranking, and the order the results are read in. */
function placings(results: readonly UnrankedResult[], rankBy: RankBy): Map<UnrankedResult, Placing> {
  const statusOrder = (status: ResultStatus) => RESULT_STATUSES.indexOf(status);
  const isFinisher = (result: UnrankedResult) =>
    result.status === 'FIN' && rankingMs(result, rankBy) !== null;
  const ordered = [...results].sort((a, b) => {
    const finished = Number(isFinisher(b)) - Number(isFinisher(a));
    if (finished !== 0) return finished;
    if (isFinisher(a)) return rankingMs(a, rankBy)! - rankingMs(b, rankBy)! || a.bib - b.bib;
    return statusOrder(a.status) - statusOrder(b.status) || a.bib - b.bib;
  });
  const finishers = ordered.filter(isFinisher);
  const overall = placesWithin(finishers, rankBy, () => 'all');
  const byGender = placesWithin(finishers, rankBy, (result) => result.gender);
  const byDivision = placesWithin(finishers, rankBy, (result) =>
    result.gender === null || result.ageGroup === null ? null : `${result.gender} ${result.ageGroup}`,
  );
  return new Map(
    ordered.map((result, index) => [
      result,
      {
        place: overall.get(result) ?? null,
        genderPlace: byGender.get(result) ?? null,
        ageGroupPlace: byDivision.get(result) ?? null,
        ordinal: index + 1,
      },
    ]),
  );
}

/** Every result with its places and order under both rankings (the race's `rankBy` picks one when read). */
export function rankResults(results: readonly UnrankedResult[]): RankedResult[] {
  const chip = placings(results, 'chip');
  const gun = placings(results, 'gun');
  return results.map((result) => ({ ...result, chip: chip.get(result)!, gun: gun.get(result)! }));
}

/** A ranked result as the API answers it under one ranking (as db/result-shape.ts writes it in SQL). */
export function resultOf(result: RankedResult, rankBy: RankBy, distance: Distance): Result {
  const ms = rankingMs(result, rankBy);
  const { place, genderPlace, ageGroupPlace } = result[rankBy];
  return {
    registrationId: result.registrationId,
    bib: result.bib,
    firstName: result.firstName,
    lastName: result.lastName,
    gender: result.gender,
    ageGroup: result.ageGroup,
    chipTime: result.chipMs,
    gunTime: result.gunMs,
    chipTimeText: result.chipMs === null ? null : formatRaceTime(result.chipMs),
    gunTimeText: result.gunMs === null ? null : formatRaceTime(result.gunMs),
    status: result.status,
    place,
    genderPlace,
    ageGroupPlace,
    pacePerKm: result.status === 'FIN' && ms !== null ? formatPace(ms, distance) : null,
  };
}

/** The finishers' median time: the middle one's, or the mean of the two middle ones (rounded down). */
function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.floor((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The race's results at a glance under one ranking: counts, each gender's fastest and podium, the median. */
export function summaryOf(
  ranked: readonly RankedResult[],
  rankBy: RankBy,
  distance: Distance,
): ResultsSummary {
  const inOrder = [...ranked].sort((a, b) => a[rankBy].ordinal - b[rankBy].ordinal);
  const finishers = inOrder.filter((result) => result[rankBy].place !== null);
  const count = (status: ResultStatus) => inOrder.filter((result) => result.status === status).length;
  const podiums = GENDERS.map((gender) => ({
    gender,
    results: finishers
      .filter((result) => result.gender === gender)
      .slice(0, RESULTS_LIMITS.podium)
      .map((result) => resultOf(result, rankBy, distance)),
  })).filter((podium) => podium.results.length > 0);
  const medianTime = median(finishers.map((result) => rankingMs(result, rankBy)!));
  return {
    finishers: finishers.length,
    dnf: count('DNF'),
    dns: count('DNS'),
    dq: count('DQ'),
    fastest: podiums.map(({ gender, results: [first] }) => {
      const time = rankingMs({ chipMs: first!.chipTime, gunMs: first!.gunTime }, rankBy)!;
      return {
        gender,
        bib: first!.bib,
        firstName: first!.firstName,
        lastName: first!.lastName,
        time,
        timeText: formatRaceTime(time),
      };
    }),
    medianTime,
    medianTimeText: medianTime === null ? null : formatRaceTime(medianTime),
    podiums,
  };
}

/** What a page of results is narrowed to, besides a search. */
export type ResultNarrowing = {
  gender?: Gender | undefined;
  ageGroup?: string | undefined;
  status?: ResultStatus | undefined;
};

/** A narrowing's key in `filter_counts` ("" for what it leaves open): `female|40–49|`, `||FIN`, `||`. */
export const filterKey = ({ gender, ageGroup, status }: ResultNarrowing) =>
  `${gender ?? ''}|${ageGroup ?? ''}|${status ?? ''}`;

/** How many results each narrowing matches: every combination of each result's gender, age group and status. */
export function filterCountsOf(results: readonly UnrankedResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { gender, ageGroup, status } of results) {
    // A result without a gender or an age group is counted under "any" only.
    for (const g of gender === null ? [undefined] : [undefined, gender]) {
      for (const a of ageGroup === null ? [undefined] : [undefined, ageGroup]) {
        for (const s of [undefined, status]) {
          const key = filterKey({ gender: g, ageGroup: a, status: s });
          counts[key] = (counts[key] ?? 0) + 1;
        }
      }
    }
  }
  return counts;
}

/** The first ordinal of each status under a ranking (finishers, then DNF, DNS, DQ): where a status's page starts. */
export function firstOrdinalOf(status: ResultStatus, counts: Readonly<Record<string, number>>): number {
  const before = RESULT_STATUSES.slice(0, RESULT_STATUSES.indexOf(status));
  return 1 + before.reduce((sum, each) => sum + (counts[filterKey({ status: each })] ?? 0), 0);
}

/** The summaries under both rankings, as race_result_sets keeps them. */
export const summariesOf = (ranked: readonly RankedResult[], distance: Distance) =>
  Object.fromEntries(RANK_BY.map((rankBy) => [rankBy, summaryOf(ranked, rankBy, distance)])) as Record<
    RankBy,
    ResultsSummary
  >;
