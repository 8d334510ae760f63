import type { Ballot } from '@stride/shared';
import { DownloadIcon } from '../../../components/ui/link-icons';
import { getBallotCsvPath } from '../api/ballot-api';
import { BALLOT_MESSAGES as M } from '../ballot-messages';
import { getBallotFacts } from '../ballot-view';

/**
 * A ballot's public record (issue 35), as its public page and the desk's Ballot tab show it: its facts, the seed's
 * commitment and the seed as long unbroken hex, then, once drawn, the drawn order's CSV.
 */
export function BallotRecord({ ballot, timeZone }: { ballot: Ballot; timeZone: string }) {
  return (
    <div className="space-y-4">
      <dl className="rounded-box border-base-300 bg-base-100 grid gap-x-6 gap-y-2 border p-4 sm:grid-cols-[auto_1fr]">
        {getBallotFacts(ballot, timeZone).map(({ term, description, isHash }) => (
          <div key={term} className="contents">
            <dt className="text-base-content/75 font-medium">{term}</dt>
            <dd className={isHash ? 'font-mono text-sm break-all' : 'break-words'}>{description}</dd>
          </div>
        ))}
      </dl>
      {ballot.drawnAt !== null && (
        <p>
          <a
            href={getBallotCsvPath(ballot.marathonId)}
            download
            className="link link-primary inline-flex items-center gap-1"
          >
            <DownloadIcon width={14} height={14} />
            {M.downloadCsv}
          </a>
        </p>
      )}
    </div>
  );
}
