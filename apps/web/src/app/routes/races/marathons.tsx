import { useRef } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { logLoadFailure } from '../../../features/marathons/load-failure';
import { getMarathonPage } from '../../../features/marathons/api/marathon-search-api';
import {
  MarathonListError,
  MarathonListPage,
} from '../../../features/marathons/components/marathon-list-page';
import { MarathonSearchFilters } from '../../../features/marathons/components/marathon-search-filters';
import { SortSelect } from '../../../features/marathons/components/sort-select';
import { MARATHON_LIST_MESSAGES } from '../../../features/marathons/list-messages';
import {
  getResultAnnouncement,
  isFiltering,
  readMarathonListView,
} from '../../../features/marathons/search-params';
import { useMarathonListUrl } from '../../../features/marathons/use-marathon-list-url';
import { MARATHONS_PER_PAGE } from '../../../lib/paging';

const HEADING = MARATHON_LIST_MESSAGES.allHeading;
const DESCRIPTION = 'Every race published on Stride.';
const S = MARATHON_LIST_MESSAGES.search;

/**
 * All races, searched, filtered, ordered and paged as the URL says
 * (`?q=lisbon&distance=10k&sort=oldest&page=2`). The route sits behind the login guard, which runs first: a
 * signed-out visitor is sent to /login before the list is asked for. A new search aborts this loader's
 * request through `request.signal`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = readMarathonListView(new URL(request.url).searchParams);
  const result = await logLoadFailure(
    getMarathonPage(view, MARATHONS_PER_PAGE, request.signal),
    request.signal,
  );
  return { ...result, view };
}

export function Component() {
  const result = useLoaderData<typeof loader>();
  const { view, changeFilters, changeSort, clearFilters } = useMarathonListUrl();
  const searchRef = useRef<HTMLInputElement>(null);
  // The texts follow what the list shows (the loader's view), the controls what was asked for (`view`).
  const isListFiltered = isFiltering(result.view.filters);

  return (
    <MarathonListPage
      heading={HEADING}
      description={DESCRIPTION}
      toolbar={
        <SortSelect value={view.sort} canSortByRelevance={Boolean(view.filters.q)} onChange={changeSort} />
      }
      filters={
        <MarathonSearchFilters
          filters={view.filters}
          announcement={result.refusal ?? getResultAnnouncement(result.view.filters, result.total)}
          searchRef={searchRef}
          onChange={changeFilters}
        />
      }
      result={result}
      emptyText={result.refusal ?? (isListFiltered ? S.noMatch : MARATHON_LIST_MESSAGES.noMarathons)}
      emptyAction={
        isListFiltered && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => {
              clearFilters();
              // The button goes with the empty result: keep the keyboard where the next search starts.
              searchRef.current?.focus();
            }}
          >
            {S.clearFilters}
          </button>
        )
      }
    />
  );
}

export function ErrorBoundary() {
  return <MarathonListError heading={HEADING} description={DESCRIPTION} />;
}
