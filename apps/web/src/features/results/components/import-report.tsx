import type { ImportOutcome } from '../api/results-api';
import { RESULTS_DESK_MESSAGES as M } from '../results-messages';

const P = M.problemColumns;

/**
 * What the last check or import of the timer's file found: the counts, the unknown and duplicate bibs, and each
 * problem with its line and column; over it, what became of the file (refused with the server's reason, ready,
 * or imported). `dryRun`: the file was only checked.
 */
export function ImportReport({ outcome, dryRun }: { outcome: ImportOutcome; dryRun: boolean }) {
  const { report } = outcome;
  const isRejected = outcome.kind === 'rejected';
  return (
    <div className="space-y-3">
      <p
        role="status"
        className={`alert ${isRejected ? 'alert-error' : 'alert-success'} alert-soft text-base-content`}
      >
        {isRejected ? outcome.message : dryRun ? M.checked : M.imported}
      </p>
      <p className="font-medium">{M.counts(report.rows, report.matched, report.finishers)}</p>
      {report.unknownBibs.length > 0 && <p className="break-words">{M.unknownBibs(report.unknownBibs)}</p>}
      {report.duplicateBibs.length > 0 && (
        <p className="break-words">{M.duplicateBibs(report.duplicateBibs)}</p>
      )}
      {report.problems.length > 0 && (
        // A long list scrolls in its own box, which keyboard users can reach to scroll.
        <div
          role="region"
          aria-label={M.problemsCaption}
          tabIndex={0}
          className="border-base-300 max-h-96 overflow-auto rounded-box border"
        >
          <table className="table-sm table">
            <caption className="sr-only">{M.problemsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{P.line}</th>
                <th scope="col">{P.column}</th>
                <th scope="col">{P.problem}</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((problem, index) => (
                <tr key={`${problem.line}-${problem.column ?? ''}-${index}`}>
                  <td className="tabular-nums">{problem.line}</td>
                  <td className="whitespace-nowrap">{problem.column ?? M.wholeRow}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
