import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { logLoadFailure } from '../../../features/marathons/load-failure';
import { getUpcomingMarathons } from '../../../features/marathons/api/marathons-api';
import {
  MarathonListError,
  MarathonListPage,
} from '../../../features/marathons/components/marathon-list-page';
import { MARATHON_LIST_MESSAGES } from '../../../features/marathons/list-messages';
import { MARATHONS_PER_PAGE, readPageParam } from '../../../lib/paging';

const HEADING = MARATHON_LIST_MESSAGES.upcomingHeading;
const DESCRIPTION = 'Every race that has not started yet, the soonest first.';

/** Races not started yet, soonest first; the page comes from `?page=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = readPageParam(new URL(request.url).searchParams.get('page'));
  return logLoadFailure(
    getUpcomingMarathons({ page, limit: MARATHONS_PER_PAGE }, request.signal),
    request.signal,
  );
}

export function Component() {
  const result = useLoaderData<typeof loader>();
  return (
    <MarathonListPage
      heading={HEADING}
      description={DESCRIPTION}
      result={result}
      emptyText={MARATHON_LIST_MESSAGES.noUpcoming}
    />
  );
}

export function ErrorBoundary() {
  return <MarathonListError heading={HEADING} description={DESCRIPTION} />;
}
