import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import { getResultCardOrNull } from '../../../features/results/api/results-api';
import { fullName } from '../../../features/results/components/results-table';
import { ResultCardView } from '../../../features/results/components/result-card-view';
import { ResultsNotPublished } from '../../../features/results/components/results-not-published';
import { RESULTS_PAGE_MESSAGES as M } from '../../../features/results/results-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A bib as the URL holds it: a whole number; null for anything else (no card has it). */
function readBib(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * One runner's result card (issue 34) and the race it is of, for anyone once the results are published. Null
 * card: no such result to see (the API's 404, or a bib that is not a number).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const bib = readBib(params.bib);
  const [race, card] = await Promise.all([
    getMarathonOrNull(id, request.signal),
    bib === null ? null : getResultCardOrNull(id, bib, request.signal),
  ]);
  return { race, card: race && card };
}

export function Component() {
  const { race, card } = useLoaderData<typeof loader>();
  useDocumentTitle(race && card ? M.card.title(fullName(card.result), race.title) : M.card.notFound);
  if (!race || !card) {
    return (
      <ResultsNotPublished
        message={M.card.notFound}
        link={race && { href: paths.results.href(race._id), label: M.card.allResults }}
      />
    );
  }
  return <ResultCardView race={race} card={card} rankBy={race.rankBy} />;
}

export function ErrorBoundary() {
  useDocumentTitle(M.caption);
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{M.caption}</h1>
      <LoadFailed message={M.card.loadFailed} />
    </section>
  );
}
