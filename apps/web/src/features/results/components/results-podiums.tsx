import { Link } from 'react-router';
import { ordinal, type RankBy, type ResultsSummary } from '@stride/shared';
import { paths } from '../../../config/paths';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';
import { rankingTimeText } from '../results-view';
import { fullName } from './results-table';

/**
 * The first three finishers of each gender, a card per gender ("Women", "Men", "Non-binary"), each name a link
 * to the runner's card. Nothing while no one has finished.
 */
export function ResultsPodiums({
  raceId,
  podiums,
  rankBy,
}: {
  raceId: string;
  podiums: ResultsSummary['podiums'];
  rankBy: RankBy;
}) {
  const shown = podiums.filter((podium) => podium.results.length > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="podium-heading" className="space-y-3">
      <h2 id="podium-heading" className="text-xl font-bold">
        {M.podiumHeading}
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {shown.map((podium) => (
          <li key={podium.gender} className="card bg-base-100 border-base-300 border shadow-sm">
            <div className="card-body gap-3 p-4">
              <h3 className="card-title text-lg">{M.podiums[podium.gender]}</h3>
              <ol className="space-y-2">
                {podium.results.map((result) => (
                  <li key={result.registrationId} className="flex flex-wrap items-baseline gap-x-2">
                    <span className="badge badge-primary badge-sm min-w-10 font-semibold">
                      {ordinal(result.genderPlace ?? result.place ?? 0)}
                    </span>
                    <Link
                      to={paths.results.card.href(raceId, result.bib)}
                      className="link link-hover min-w-0 font-medium break-words"
                    >
                      {fullName(result)}
                    </Link>
                    <span className="ms-auto font-semibold tabular-nums">
                      {rankingTimeText(result, rankBy)}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The whole race at a glance: '1,204 finishers · 12 DNF · 3 DNS · 1 DQ · median time 4:12:33'. */
export function ResultsSummaryLine({ summary }: { summary: ResultsSummary }) {
  const S = M.summary;
  const parts = [
    S.finishers(summary.finishers),
    S.status(summary.dnf, 'DNF'),
    S.status(summary.dns, 'DNS'),
    S.status(summary.dq, 'DQ'),
    ...(summary.medianTimeText ? [S.median(summary.medianTimeText)] : []),
  ];
  return <p className="text-base-content/85 font-medium">{parts.join(S.separator)}</p>;
}
