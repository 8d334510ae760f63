import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RankBy, ResultCard } from '@stride/shared';
import { TitledHeading } from '../../../components/ui/titled-heading';
import { paths } from '../../../config/paths';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';
import { rankingTimeText } from '../results-view';
import { fullName } from './results-table';
import { ShareResultButton } from './share-result-button';

const C = M.card;

/** What a result card shares: the page's title, a line saying the time and places, and the card's address. */
export function sharedResultOf(
  race: { title: string },
  card: ResultCard,
  rankBy: RankBy,
  url: string,
): { title: string; text: string; url: string } {
  const { result } = card;
  const name = fullName(result);
  const time = result.status === 'FIN' ? rankingTimeText(result, rankBy) : null;
  return {
    title: C.title(name, race.title),
    text:
      time === null
        ? C.shareStatus(name, race.title, M.statusNames[result.status])
        : C.shareText(name, race.title, time, card.placeLine),
    url,
  };
}

/**
 * One runner's result (issue 34): the race, the runner, the time in big type (a non-finisher's status instead),
 * the places ("12th of 3,402 · 3rd F 40–49"), the pace, chip and gun times, the status; Share, and a link back to
 * all the results.
 */
export function ResultCardView({
  race,
  card,
  rankBy,
}: {
  race: { _id: string; title: string };
  card: ResultCard;
  rankBy: RankBy;
}) {
  const { result } = card;
  const isFinisher = result.status === 'FIN';
  const time = isFinisher ? rankingTimeText(result, rankBy) : null;
  const facts: Array<{ label: string; value: ReactNode }> = [
    { label: C.bib, value: result.bib },
    { label: C.pace, value: result.pacePerKm ? M.pace(result.pacePerKm) : M.none },
    { label: C.chipTime, value: result.chipTimeText ?? M.none },
    { label: C.gunTime, value: result.gunTimeText ?? M.none },
    { label: C.status, value: M.statusNames[result.status] },
  ];
  return (
    <article className="mx-auto max-w-xl space-y-6 px-4 py-10 [overflow-wrap:anywhere]">
      <TitledHeading caption={race.title}>{fullName(result)}</TitledHeading>
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body items-center gap-2 text-center">
          <p className="text-5xl font-black tabular-nums sm:text-6xl">
            <span className="sr-only">{isFinisher ? C.time : C.status}: </span>
            {time ?? M.statuses[result.status]}
          </p>
          {card.placeLine && <p className="text-lg font-semibold">{card.placeLine}</p>}
          {result.gender && result.ageGroup && (
            <p className="text-base-content/75 text-sm">
              {M.genders[result.gender]} · {result.ageGroup}
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-base-content/75 font-medium">{fact.label}</dt>
            <dd className="tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <ShareResultButton
        result={() =>
          sharedResultOf(
            race,
            card,
            rankBy,
            new URL(paths.results.card.href(race._id, result.bib), window.location.origin).href,
          )
        }
      />
      <p>
        <Link to={paths.results.href(race._id)} className="link link-primary">
          {C.allResults}
        </Link>
      </p>
    </article>
  );
}
