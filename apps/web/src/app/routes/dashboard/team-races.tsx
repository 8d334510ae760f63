import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { StaffRace } from '@stride/shared';
import { ScreenLoadFailed } from '../../../components/ui/screen-load-failed';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { UpdateMarathonModal } from '../../../features/marathons/components/update-marathon-modal';
import { MARATHON_DASHBOARD_MESSAGES as MD } from '../../../features/marathons/dashboard-messages';
import { getMyStaffRaces } from '../../../features/team/api/team-api';
import { TeamRacesTable } from '../../../features/team/components/team-races-table';
import { TEAM_MESSAGES } from '../../../features/team/team-messages';
import { DASHBOARD_ROWS_PER_PAGE, loadListPage } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecordUpdating } from '../../../lib/use-record-editing';

const M = TEAM_MESSAGES.races;

/** A page (`?page=`) of the races the signed-in user helps with, with their role on each. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListPage(new URL(request.url), DASHBOARD_ROWS_PER_PAGE, (query) =>
    getMyStaffRaces(query, request.signal),
  );
}

/**
 * Races I help with (issue 33): every race whose team the user is on. Each checks runners in; a co-organizer's
 * also opens the race's desk and updates the race in the same form as My Marathons.
 */
export function Component() {
  useDocumentTitle(M.title);
  const { items, page, total, limit } = useLoaderData<typeof loader>();
  const { editing, startEditing, stopEditing, updateOptions } = useRecordUpdating<StaffRace>(MD.update);

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.heading}</h1>
      {items.length === 0 ? (
        <p className="text-base-content/75">
          {M.empty}{' '}
          <Link to={paths.teamInvitations.href} className="link link-primary">
            {M.invitationsLink}
          </Link>
        </p>
      ) : (
        <TeamRacesTable races={items} onUpdate={startEditing} />
      )}
      <Pagination page={page} total={total} limit={limit} label={M.pagesLabel} />

      <UpdateMarathonModal marathon={editing} onClose={stopEditing} options={updateOptions} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenLoadFailed title={M.title} message={M.loadFailed} />;
}
