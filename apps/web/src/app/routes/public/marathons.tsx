import type { MarathonSort } from '@stride/shared';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { logLoadFailure } from '../../../features/marathons/api/log-load-failure';
import { getMarathonPage } from '../../../features/marathons/api/marathons-api';
import {
  MarathonListError,
  MarathonListPage,
} from '../../../features/marathons/components/marathon-list-page';
import { SortSelect } from '../../../features/marathons/components/sort-select';
import { MARATHON_LIST_MESSAGES } from '../../../features/marathons/list-messages';
import { MARATHONS_PER_PAGE, readSortParam } from '../../../features/marathons/paging';
import { readPageParam } from '../../../lib/paging';

const HEADING = MARATHON_LIST_MESSAGES.allHeading;
const DESCRIPTION = 'Every race published on Stride.';

/**
 * All races by creation time; sort and page come from the URL (`?sort=oldest&page=2`). The route sits behind
 * the login guard, which runs first: a signed-out visitor is sent to /login before the list is asked for.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const sort = readSortParam(params.get('sort'));
  const page = readPageParam(params.get('page'));
  const result = await logLoadFailure(
    getMarathonPage({ sort, page, limit: MARATHONS_PER_PAGE }, request.signal),
    request.signal,
  );
  return { ...result, sort };
}

export function Component() {
  const result = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  // While a new sort loads, the dropdown already shows it (the loader's data still has the old one).
  const pendingSort =
    navigation.location?.pathname === paths.marathons
      ? readSortParam(new URLSearchParams(navigation.location.search).get('sort'))
      : null;

  const changeSort = (sort: MarathonSort) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('sort', sort);
      // A new order starts again on its first page.
      next.delete('page');
      return next;
    });

  return (
    <MarathonListPage
      heading={HEADING}
      description={DESCRIPTION}
      toolbar={<SortSelect value={pendingSort ?? result.sort} onChange={changeSort} />}
      result={result}
      emptyText={MARATHON_LIST_MESSAGES.noMarathons}
    />
  );
}

export function ErrorBoundary() {
  return <MarathonListError heading={HEADING} description={DESCRIPTION} />;
}
