import { useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { updateMarathon } from '../../../features/marathons/api/marathons-api';
import { getResultsOrNull } from '../../../features/results/api/results-api';
import { ResultsDesk } from '../../../features/results/components/results-desk';
import { RESULTS_DESK_MESSAGES as M } from '../../../features/results/results-messages';
import { ALL_RESULTS } from '../../../features/results/results-view';
import type { ParticipantsOutletContext } from './participants';

/**
 * When the race's results were last imported: the team reads them before they are published (one row is enough).
 * Null when the caller may not (the desk above then says why).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const results = await getResultsOrNull(params.id ?? '', ALL_RESULTS, 1, request.signal);
  return { resultsUpdatedAt: results?.resultsUpdatedAt ?? null };
}

/**
 * The desk's Results tab (issue 34): import the timer's file, choose the time that ranks, publish. The race's
 * ranking and publication come from the desk's race; the ranking is saved as a change of the race.
 */
export function Component() {
  const { resultsUpdatedAt } = useLoaderData<typeof loader>();
  const { race } = useOutletContext<ParticipantsOutletContext>();
  return (
    <ResultsDesk
      race={race}
      resultsUpdatedAt={resultsUpdatedAt}
      changeRankBy={(rankBy) => updateMarathon(race._id, { rankBy })}
    />
  );
}

export function ErrorBoundary() {
  return <LoadFailed message={M.loadFailed} />;
}
