import { Link } from 'react-router';
import type { RankBy, Result } from '@stride/shared';
import { paths } from '../../../config/paths';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';
import { rankingTimeText } from '../results-view';

const C = M.columns;

export const fullName = (result: Pick<Result, 'firstName' | 'lastName'>) =>
  `${result.firstName} ${result.lastName}`;

/**
 * A page of results: Place (a non-finisher's status instead), Bib, Name (a link to the runner's card), Gender,
 * Age group, Gender place, Age group place, Time (the ranking time) and Pace. The table scrolls sideways in its
 * own box on a narrow screen; the signed-in runner's own row is marked.
 */
export function ResultsTable({
  raceId,
  caption,
  results,
  rankBy,
  ownRegistrationId,
}: {
  raceId: string;
  caption: string;
  results: readonly Result[];
  rankBy: RankBy;
  /** The signed-in runner's entry in this race, whose row is theirs; null for anyone else. */
  ownRegistrationId: string | null;
}) {
  return (
    <div className="border-base-300 overflow-x-auto rounded-box border">
      <table className="table-sm sm:table-md table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {[
              C.place,
              C.bib,
              C.name,
              C.gender,
              C.ageGroup,
              C.genderPlace,
              C.ageGroupPlace,
              C.time,
              C.pace,
            ].map((header) => (
              <th key={header} scope="col" className="whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => {
            const isOwn = ownRegistrationId !== null && result.registrationId === ownRegistrationId;
            return (
              <tr key={result.registrationId} className={isOwn ? 'bg-primary/10' : undefined}>
                <td className="tabular-nums">
                  {result.place ?? (
                    <span className="badge badge-ghost badge-sm font-semibold whitespace-nowrap">
                      {M.statuses[result.status]}
                    </span>
                  )}
                </td>
                <td className="tabular-nums">{result.bib}</td>
                <th scope="row" className="min-w-40 font-semibold">
                  <Link to={paths.results.card.href(raceId, result.bib)} className="link link-hover">
                    {fullName(result)}
                  </Link>
                  {isOwn && <span className="badge badge-primary badge-sm ms-2">{M.you}</span>}
                </th>
                <td>{result.gender ? M.genders[result.gender] : M.none}</td>
                <td className="whitespace-nowrap">{result.ageGroup ?? M.none}</td>
                <td className="tabular-nums">{result.genderPlace ?? M.none}</td>
                <td className="tabular-nums">{result.ageGroupPlace ?? M.none}</td>
                <td className="font-semibold whitespace-nowrap tabular-nums">
                  {(result.status === 'FIN' && rankingTimeText(result, rankBy)) || M.none}
                </td>
                <td className="whitespace-nowrap tabular-nums">
                  {result.pacePerKm ? M.pace(result.pacePerKm) : M.none}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
