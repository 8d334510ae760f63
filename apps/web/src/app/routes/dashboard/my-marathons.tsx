import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
import { confirmDelete } from '../../../lib/alerts';
import { DELETE_MESSAGES } from '../../../lib/record-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { announceDone, announceFailure, useSubmission } from '../../../lib/use-submission';

/** The signed-in organizer's own races. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  return { marathons: await getMyMarathons(email, request.signal) };
}

/** SPEC.md §2 My Marathons ('Your Created Marathons'): the user's own races, to update or delete. */
export function Component() {
  useDocumentTitle(M.listTitle);
  const { marathons } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Marathon | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { send } = useSubmission();

  async function handleDelete(marathon: Marathon) {
    if (!(await confirmDelete())) return;
    const deleted = await send(() => deleteMarathon(marathon._id), {
      onDone: (result) => announceDone(DELETE_MESSAGES, result.message),
      onFailure: (failure) => announceFailure(DELETE_MESSAGES, failure),
    });
    // The row and its buttons are gone: keep keyboard users on the page.
    if (deleted) headingRef.current?.focus();
  }

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
        <MyMarathonsTable marathons={marathons} onUpdate={setEditing} onDelete={handleDelete} />
      )}

      <Modal open={editing !== null} title={M.updateHeading} onClose={() => setEditing(null)}>
        {editing && (
          <MarathonForm
            initialValues={marathonToFormValues(editing)}
            submitLabel={M.updateSubmit}
            cancelLabel={M.cancel}
            onCancel={() => setEditing(null)}
            send={(input) => updateMarathon(editing._id, input)}
            options={{
              onDone: async (result) => {
                // Closed (and focus back on the row's button) before the alert opens over the page.
                flushSync(() => setEditing(null));
                await announceDone(M.update, result.message);
              },
              onFailure: (failure) => announceFailure(M.update, failure),
            }}
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
