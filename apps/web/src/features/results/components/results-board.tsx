import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { dimmedWhile } from '../../../components/ui/updating';
import { TitledHeading } from '../../../components/ui/titled-heading';
import { pageRange } from '../../../lib/paging';
import type { ResultsPageData } from '../api/results-api';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';
import { readResultsView, toSearch, type ResultsView } from '../results-view';
import { ResultsFilters } from './results-filters';
import { ResultsPodiums, ResultsSummaryLine } from './results-podiums';
import { ResultsTable } from './results-table';

/**
 * A race's results page (issue 34): the heading, each gender's podium, the summary, the search and filters, a page
 * of the table and the pager. The URL is the only state: a filter navigates, and the route's loader reads the page
 * for the new URL.
 */
export function ResultsBoard({
  race,
  data,
  view,
  ownRegistrationId,
}: {
  race: { _id: string; title: string };
  data: ResultsPageData;
  view: ResultsView;
  /** The signed-in runner's entry in this race (their row is marked); null for anyone else. */
  ownRegistrationId: string | null;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const isUpdating = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  // While a filter is on its way, the next one starts from it, not from the page on screen.
  const latest = isUpdating ? readResultsView(new URLSearchParams(navigation.location.search)) : view;
  const { page, summary, rankBy } = data;
  const { from, to } = pageRange(page.page, page.limit, page.total);

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-10 [overflow-wrap:anywhere]">
      <TitledHeading caption={M.caption}>{race.title}</TitledHeading>
      {!data.published && (
        <p role="note" className="alert alert-warning alert-soft text-base-content">
          {M.teamPreview}
        </p>
      )}
      <ResultsPodiums raceId={race._id} podiums={summary.podiums} rankBy={rankBy} />
      <ResultsSummaryLine summary={summary} />
      <ResultsFilters
        view={latest}
        ageGroups={data.ageGroups}
        onChange={(next, { isRefinement }) =>
          void navigate({ search: toSearch(next) }, { replace: isRefinement, preventScrollReset: true })
        }
      />
      <div aria-busy={isUpdating} className={`space-y-4 ${dimmedWhile(isUpdating)}`}>
        <p role="status" className="text-base-content/75 text-sm">
          {from > 0 ? M.showing(from, to, page.total) : ''}
        </p>
        {page.items.length === 0 ? (
          <p className="text-base-content/75">
            {M.empty}{' '}
            {page.total > 0 && (
              <Link to={{ search: toSearch({ ...view, page: 1 }) }} className="link link-primary">
                {M.firstPage}
              </Link>
            )}
          </p>
        ) : (
          <ResultsTable
            raceId={race._id}
            caption={M.tableCaption(race.title)}
            results={page.items}
            rankBy={rankBy}
            ownRegistrationId={ownRegistrationId}
          />
        )}
        <Pagination page={page.page} total={page.total} limit={page.limit} label={M.pagesLabel} />
      </div>
    </section>
  );
}
