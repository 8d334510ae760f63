import {
  GENDERS,
  type Gender,
  RESULTS_MESSAGES,
  type ResultsReport,
  ageGroupOf,
  ageOn,
} from '@stride/shared';
import type { UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccess, type RaceAccessOn, requireRaceAbility } from '../../lib/race-access.js';
import { filterCountsOf, rankResults, summariesOf, type UnrankedResult } from './places.js';
import { readResultsFile } from './results-file.js';
import {
  type BibEntry,
  type ResultsRace,
  type ResultsRepository,
  createResultsRepository,
} from './results.repository.js';

export const RESULTS_ROUTE_MESSAGES = { marathonNotFound: 'Marathon not found' } as const;

type Caller = { id: string };

const raceNotFound = () => new AppError('NOT_FOUND', RESULTS_ROUTE_MESSAGES.marathonNotFound);

/** The race, once the caller may manage its results (its organizer or a co-organizer): 404 for no race, else 403. */
export async function requireResultsRace(
  repository: Pick<ResultsRepository, 'findRace'>,
  raceAccess: RaceAccess,
  caller: Caller,
  raceId: string,
): Promise<ResultsRace> {
  const race = isUuid(raceId) ? await repository.findRace(raceId) : null;
  if (!race) throw raceNotFound();
  await requireRaceAbility(raceAccess, race, caller.id, 'organize', RESULTS_MESSAGES.notOrganizer);
  return race;
}

/** What an import answers: its report, and whether the file was refused (a 400 with the report). */
export type ImportOutcome = { refused: boolean; report: ResultsReport };

const isGender = (value: string | null): value is Gender => GENDERS.includes(value as Gender);

/** The entries the file's rows name, with their division on race day, as places are counted from them. */
function unrankedOf(
  race: ResultsRace,
  rows: ReturnType<typeof readResultsFile>['rows'],
  entries: ReadonlyMap<number, BibEntry>,
): UnrankedResult[] {
  return rows.map((row) => {
    const entry = entries.get(row.bib)!;
    const age = entry.dateOfBirth === null ? null : ageOn(entry.dateOfBirth, race.raceDay);
    return {
      registrationId: entry.id,
      bib: row.bib,
      firstName: entry.firstName,
      lastName: entry.lastName,
      gender: isGender(entry.gender) ? entry.gender : null,
      ageGroup: ageGroupOf(age, race.ageGroups),
      chipMs: row.chipMs,
      gunMs: row.gunMs,
      status: row.status,
    };
  });
}

/**
 * A race's results (issue 34): the timer's file checked and stored in one transaction (replacing the last
 * import, changing exactly what differs), and their publication, which mails the finishers the first time.
 */
export function createResultsService({
  unitOfWork,
  raceAccess,
  raceAccessOn,
  repository,
  repositoryOn = createResultsRepository,
}: {
  unitOfWork: UnitOfWork;
  raceAccess: RaceAccess;
  raceAccessOn: RaceAccessOn;
  repository: ResultsRepository;
  repositoryOn?: (executor: Executor) => ResultsRepository;
}) {
  return {
    /**
     * Checks the file and, unless it is a dry run or has a problem, stores it. A file with any problem, unknown
     * bib or bib twice is refused whole: nothing is stored.
     */
    async importFile(
      caller: Caller,
      raceId: string,
      content: string,
      dryRun: boolean,
    ): Promise<ImportOutcome> {
      const race = await requireResultsRace(repository, raceAccess, caller, raceId);
      const file = readResultsFile(content);
      const bibs = [...new Set(file.rows.map((row) => row.bib))];
      const entries = new Map(
        (await repository.findRegisteredByBibs(race.id, bibs)).map((entry) => [entry.bib, entry]),
      );
      const matched = file.rows.filter((row) => entries.has(row.bib));
      const before = await repository.findResultSet(race.id);
      const report: ResultsReport = {
        rows: file.rowCount,
        matched: matched.length,
        finishers: matched.filter((row) => row.status === 'FIN').length,
        unknownBibs: bibs.filter((bib) => !entries.has(bib)),
        duplicateBibs: file.duplicateBibs,
        problems: file.problems,
        stored: false,
        resultsUpdatedAt: before?.updatedAt ?? null,
      };
      const refused =
        report.problems.length > 0 || report.unknownBibs.length > 0 || report.duplicateBibs.length > 0;
      if (refused || dryRun) return { refused, report };

      return unitOfWork.transaction(async (tx, record) => {
        const results = repositoryOn(tx);
        await results.lockResults(race.id);
        const ranked = rankResults(unrankedOf(race, file.rows, entries));
        const changed = await results.replaceResults(race.id, ranked);
        const updatedAt = await results.saveResultSet(
          race.id,
          summariesOf(ranked, race.distance),
          filterCountsOf(ranked),
        );
        const set = await results.findResultSet(race.id);
        // Published results show on the runners' own entries: those whose result changed see it at once.
        if (set?.publishedAt) {
          record({ kind: 'race', raceId: race.id, runnerIds: await results.findRunnerIdsOf(changed) });
        }
        return { refused: false, report: { ...report, stored: true, resultsUpdatedAt: updatedAt } };
      });
    },

    /**
     * Publishes the results (anyone may read them) or takes them back to the team. The first publication mails
     * each finisher "Your result", once: publishing again mails nobody.
     */
    async publish(caller: Caller, raceId: string, published: boolean) {
      const race = await requireResultsRace(repository, raceAccess, caller, raceId);
      return unitOfWork.transaction(async (tx, record) => {
        const results = repositoryOn(tx);
        await results.lockResults(race.id);
        // Read again in the transaction: a co-organizer removed meanwhile is refused.
        await requireRaceAbility(
          raceAccessOn(tx),
          race,
          caller.id,
          'organize',
          RESULTS_MESSAGES.notOrganizer,
        );
        const set = await results.findResultSet(race.id);
        const outcome = set ? await results.setPublished(race.id, published) : null;
        if (!set || !outcome) throw new AppError('CONFLICT', RESULTS_MESSAGES.nothingToPublish);
        let mailed = 0;
        if (outcome.first) {
          mailed = await results.enqueueResultMails(race.id, set.summaries.chip.finishers);
          if (mailed > 0) record({ kind: 'mail-queued' });
        }
        record({ kind: 'race', raceId: race.id, runnerIds: await results.findRunnerIds(race.id) });
        return { published, resultsPublishedAt: outcome.publishedAt, mailed };
      });
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
