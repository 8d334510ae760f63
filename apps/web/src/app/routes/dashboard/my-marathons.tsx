import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Marathon } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { userContext } from '../../../features/auth/require-user';
import {
  deleteMarathon,
  getMyMarathons,
  updateMarathon,
} from '../../../features/marathons/api/marathons-api';
import { MarathonForm } from '../../../features/marathons/components/marathon-form';
import { MyMarathonsTable } from '../../../features/marathons/components/my-marathons-table';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../../../features/marathons/dashboard-messages';
import { marathonToFormValues } from '../../../features/marathons/marathon-form-values';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecordEditing } from '../../../lib/use-record-editing';

/** The signed-in organizer's own races. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  return { marathons: await getMyMarathons(email, request.signal) };
}

/** SPEC.md §2 My Marathons ('Your Created Marathons'): the user's own races, to update or delete. */
export function Component() {
  useDocumentTitle(M.listTitle);
  const { marathons } = useLoaderData<typeof loader>();
  const { editing, startEditing, stopEditing, headingRef, deleteRecord, updateOptions } =
    useRecordEditing<Marathon>({ remove: deleteMarathon, updateMessages: M.update });

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {M.listHeading}
      </h1>
      {marathons.length === 0 ? (
        <div className="space-y-3">
          <p className="text-base-content/75">{M.empty}</p>
          <Link to={paths.dashboard.addMarathon} className="btn btn-primary btn-sm">
            {M.addTitle}
          </Link>
        </div>
      ) : (
        <MyMarathonsTable marathons={marathons} onUpdate={startEditing} onDelete={deleteRecord} />
      )}

      <Modal open={editing !== null} title={M.updateHeading} onClose={stopEditing}>
        {editing && (
          <MarathonForm
            initialValues={marathonToFormValues(editing)}
            submitLabel={M.updateSubmit}
            cancelLabel={M.cancel}
            onCancel={stopEditing}
            send={(input) => updateMarathon(editing._id, input)}
            options={updateOptions}
          />
        )}
      </Modal>
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
