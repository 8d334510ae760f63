import { redirect, replace, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MarathonDetails } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { getMarathonDetailsOrNull, getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import { getResultsOrNull } from '../../../features/results/api/results-api';
import { ResultsBoard } from '../../../features/results/components/results-board';
import { ResultsNotPublished } from '../../../features/results/components/results-not-published';
import { RESULTS_PAGE_MESSAGES as M } from '../../../features/results/results-messages';
import {
  ALL_RESULTS,
  RESULTS_PER_PAGE,
  readResultsView,
  toSearch,
} from '../../../features/results/results-view';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth-client';
import { getPastEndUrl } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * A race's results as the URL filters and pages them (`?q=&gender=&ageGroup=&status=&page=`), for anyone once
 * published (no sign-in), and its title. A signed-in runner's read of the race also brings their entry in the same
 * request (`?include=myRegistration`), whose row the table marks. Null results: not published yet (or no such
 * race). A page past the last goes to the last; filters the API refused are dropped from the URL.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const url = new URL(request.url);
  const view = readResultsView(url.searchParams);
  const readRace: (id: string, signal: AbortSignal) => Promise<MarathonDetails | null> =
    (await getSession()) === null ? getMarathonOrNull : getMarathonDetailsOrNull;
  try {
    const [race, data] = await Promise.all([
      readRace(id, request.signal),
      getResultsOrNull(id, view, RESULTS_PER_PAGE, request.signal),
    ]);
    const lastPage = data && getPastEndUrl(url, data.page);
    if (lastPage) throw replace(lastPage);
    return {
      race: race && { _id: race._id, title: race.title },
      data: race && data,
      view,
      ownRegistrationId: race?.myRegistration?._id ?? null,
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    // A filter the API refused (an age group the race does not have): the plain list, the search kept.
    return redirect(`${url.pathname}${toSearch({ ...ALL_RESULTS, q: view.q })}`);
  }
}

/** docs/PRODUCT.md: a race's public results page (issue 34). */
export function Component() {
  const { race, data, view, ownRegistrationId } = useLoaderData<typeof loader>();
  useDocumentTitle(race ? M.title(race.title) : M.caption);
  if (!race || !data) {
    return <ResultsNotPublished link={race && { href: paths.race.href(race._id), label: M.raceLink }} />;
  }
  return <ResultsBoard race={race} data={data} view={view} ownRegistrationId={ownRegistrationId} />;
}

export function ErrorBoundary() {
  useDocumentTitle(M.caption);
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{M.caption}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
