import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Marathon } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { deleteMarathon, getMyMarathons } from '../../../features/marathons/api/marathons-api';
import { MyMarathonsTable } from '../../../features/marathons/components/my-marathons-table';
import { UpdateMarathonModal } from '../../../features/marathons/components/update-marathon-modal';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../../../features/marathons/dashboard-messages';
import { DASHBOARD_ROWS_PER_PAGE, loadListPage } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecordEditing } from '../../../lib/use-record-editing';

/** A page (`?page=`) of the signed-in organizer's own races, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListPage(new URL(request.url), DASHBOARD_ROWS_PER_PAGE, (query) =>
    getMyMarathons(query, request.signal),
  );
}

/** docs/SPEC.md §2 My Marathons ('Your Created Marathons'): the user's own races, to update or delete. */
export function Component() {
  useDocumentTitle(M.listTitle);
  const { items, page, total, limit } = useLoaderData<typeof loader>();
  const { editing, startEditing, stopEditing, headingRef, deleteRecord, updateOptions } =
    useRecordEditing<Marathon>({
      remove: deleteMarathon,
      updateMessages: M.update,
      removalMessages: M.deleteRemoval,
    });

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {M.listHeading}
      </h1>
      {items.length === 0 ? (
        <div className="space-y-3">
          <p className="text-base-content/75">{M.empty}</p>
          <Link to={paths.addMarathon.href} className="btn btn-primary btn-sm">
            {M.addTitle}
          </Link>
        </div>
      ) : (
        <MyMarathonsTable marathons={items} onUpdate={startEditing} onDelete={deleteRecord} />
      )}
      <Pagination page={page} total={total} limit={limit} label={M.pagesLabel} />

      <UpdateMarathonModal marathon={editing} onClose={stopEditing} options={updateOptions} />
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle(M.listTitle);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.listHeading}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
