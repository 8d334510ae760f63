import { useState } from 'react';
import { Link } from 'react-router';
import { RANK_BY, type RankBy } from '@stride/shared';
import { DownloadIcon } from '../../../components/ui/link-icons';
import { LabelledControl } from '../../../components/ui/labelled-control';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/dates';
import { announceFailure, useSubmission } from '../../../lib/use-submission';
import { importResults, publishResults, type ImportOutcome } from '../api/results-api';
import { RESULTS_DESK_MESSAGES as M } from '../results-messages';
import { getResultsCsvPath } from '../results-view';
import { ImportReport } from './import-report';

/** What the race's Results tab knows of the race. */
export type ResultsDeskRace = {
  _id: string;
  timeZone: string;
  rankBy: RankBy;
  resultsPublished: boolean;
};

/**
 * The desk's Results tab (issue 34), for the race's organizer and co-organizers: the timer's file checked
 * ("Check file", a dry run) or imported, with the report of what it holds; which time ranks the finishers;
 * publishing; the public page and the CSV. `changeRankBy` saves the race's `rankBy` (PATCH of the race).
 */
export function ResultsDesk({
  race,
  resultsUpdatedAt,
  changeRankBy,
}: {
  race: ResultsDeskRace;
  /** When results were last imported; null before any import. */
  resultsUpdatedAt: string | null;
  changeRankBy: (rankBy: RankBy) => Promise<unknown>;
}) {
  return (
    <section aria-labelledby="results-desk-heading" className="space-y-8">
      <div className="space-y-2">
        <h2 id="results-desk-heading" className="text-xl font-bold">
          {M.heading}
        </h2>
        <p className="text-base-content/75 text-sm">{M.intro}</p>
        <p className="text-sm">
          {resultsUpdatedAt ? M.lastImport(formatDateTime(resultsUpdatedAt, race.timeZone)) : M.noImport}
        </p>
      </div>
      <ImportForm raceId={race._id} />
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <RankBySelect rankBy={race.rankBy} changeRankBy={changeRankBy} />
        <PublishToggle raceId={race._id} isPublished={race.resultsPublished} />
      </div>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.results.href(race._id)} className="link link-primary">
          {M.viewPage}
        </Link>
        <a
          href={getResultsCsvPath(race._id)}
          download
          className="link link-primary inline-flex items-center gap-1"
        >
          <DownloadIcon width={14} height={14} />
          {M.downloadCsv}
        </a>
      </p>
    </section>
  );
}

/**
 * The file and its two buttons: "Check file" sends it as a dry run, "Import results" stores it. A refused file
 * (problems, unknown or duplicate bibs) shows its report; a failure of another kind, an alert.
 */
function ImportForm({ raceId }: { raceId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [last, setLast] = useState<{ outcome: ImportOutcome; dryRun: boolean } | null>(null);
  const { formRef, isSubmitting, send } = useSubmission();

  async function sendFile(dryRun: boolean) {
    if (!file) return setFileError(M.chooseFile);
    // A file over the API's limit (10 MB) is refused by the server, its reason in the alert: checking it here would
    // bring the shared zod schemas into this screen.
    setLast(null);
    await send(() => importResults(raceId, file, { dryRun }), {
      // A stored import changes what the desk shows (the last import); a check changes nothing.
      revalidate: !dryRun,
      onDone: (outcome) => setLast({ outcome, dryRun }),
      onFailure: (failure) => announceFailure(M.importOutcome, failure),
    });
  }

  return (
    <div className="space-y-4">
      <form
        ref={formRef}
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void sendFile(false);
        }}
      >
        <div className="max-w-md">
          <LabelledControl label={M.file} error={fileError} hint={M.fileHint}>
            {(control) => (
              <input
                {...control}
                type="file"
                name="results"
                accept=".csv,text/csv"
                className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(undefined);
                  setLast(null);
                }}
              />
            )}
          </LabelledControl>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            disabled={isSubmitting}
            onClick={() => void sendFile(true)}
          >
            {M.check}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden />}
            {M.import}
          </button>
        </div>
      </form>
      {last && <ImportReport outcome={last.outcome} dryRun={last.dryRun} />}
    </div>
  );
}

/** Chip time or gun time: saved as soon as chosen. */
function RankBySelect({
  rankBy,
  changeRankBy,
}: {
  rankBy: RankBy;
  changeRankBy: (rankBy: RankBy) => Promise<unknown>;
}) {
  // The choice shows at once, while the race (`rankBy`) is saved and read again; a newer race's wins.
  const [choice, setChoice] = useState<{ value: RankBy; over: RankBy } | null>(null);
  const shown = choice !== null && choice.over === rankBy ? choice.value : rankBy;
  const { isSubmitting, send } = useSubmission();
  return (
    <div className="w-full sm:w-56">
      <LabelledControl label={M.rankBy} hint={M.rankByHint}>
        {(control) => (
          <select
            {...control}
            className="select w-full"
            value={shown}
            disabled={isSubmitting}
            onChange={(event) => {
              const next = event.target.value as RankBy;
              setChoice({ value: next, over: rankBy });
              void send(() => changeRankBy(next), {
                onDone: () => showToast('success', M.rankByDone(next)),
                onFailure: async (failure) => {
                  setChoice(null);
                  await announceFailure(M.rankByOutcome, failure);
                },
              });
            }}
          >
            {RANK_BY.map((value) => (
              <option key={value} value={value}>
                {M.rankByChoices[value]}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
    </div>
  );
}

/** "Published" or "Not published", and the button that changes it (409 while nothing is imported). */
function PublishToggle({ raceId, isPublished }: { raceId: string; isPublished: boolean }) {
  const { isSubmitting, send } = useSubmission();
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2">
        <span className={`badge ${isPublished ? 'badge-success' : 'badge-ghost'}`}>
          {isPublished ? M.published : M.notPublished}
        </span>
        {!isPublished && <span className="text-base-content/75 text-sm">{M.publishHint}</span>}
      </p>
      <button
        type="button"
        className={`btn ${isPublished ? 'btn-outline' : 'btn-success'}`}
        disabled={isSubmitting}
        onClick={() =>
          void send(() => publishResults(raceId, !isPublished), {
            onDone: (answer) =>
              showToast('success', answer.published ? M.publishedDone(answer.mailed) : M.unpublishedDone),
            onFailure: (failure) => announceFailure(M.publishOutcome, failure),
          })
        }
      >
        {isPublished ? M.unpublish : M.publish}
      </button>
    </div>
  );
}
