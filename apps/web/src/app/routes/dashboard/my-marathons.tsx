import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import type { CreateMarathonInput, Marathon } from '@stride/shared';
import { AsyncView } from '../../../components/ui/async-view';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import {
  deleteMarathon,
  getMyMarathons,
  updateMarathon,
} from '../../../features/marathons/api/marathons-api';
import { MarathonForm } from '../../../features/marathons/components/marathon-form';
import { MyMarathonsTable } from '../../../features/marathons/components/my-marathons-table';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../../../features/marathons/dashboard-messages';
import { marathonToFormValues } from '../../../features/marathons/marathon-form-values';
import { useSession } from '../../../lib/auth-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { announceOutcome, confirmAndDelete, settle } from '../../../lib/record-actions';
import { useAsyncData } from '../../../lib/use-async-data';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** SPEC.md §2 My Marathons ('Your Created Marathons'): the user's own races, to update or delete. */
export function Component() {
  useDocumentTitle(M.listTitle);
  const email = useSession().data?.user.email;
  const marathons = useAsyncData(email, (signal) => getMyMarathons(email!, signal));
  const [editing, setEditing] = useState<Marathon | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function handleUpdate(id: string, input: CreateMarathonInput): Promise<FieldErrors | void> {
    const outcome = await settle(updateMarathon(id, input));
    if (outcome.kind === 'invalid') return outcome.fieldErrors;
    if (outcome.kind === 'done') {
      // Closed (and focus back on the row's button) before the alert opens over the page.
      flushSync(() => setEditing(null));
      marathons.update((list) => list.map((item) => (item._id === id ? outcome.result.marathon : item)));
      marathons.reload();
    }
    await announceOutcome(outcome, M.update);
  }

  async function handleDelete(marathon: Marathon) {
    const deleted = await confirmAndDelete(
      () => deleteMarathon(marathon._id),
      () => marathons.update((list) => list.filter((item) => item._id !== marathon._id)),
    );
    // The row and its buttons are gone: keep keyboard users on the page.
    if (deleted) headingRef.current?.focus();
  }

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {M.listHeading}
      </h1>
      <AsyncView
        state={marathons.state}
        loadingLabel={M.loading}
        failedText={M.loadFailed}
        onRetry={marathons.reload}
      >
        {(list) =>
          list.length === 0 ? (
            <div className="space-y-3">
              <p className="text-base-content/75">{M.empty}</p>
              <Link to={paths.dashboard.addMarathon} className="btn btn-primary btn-sm">
                {M.addTitle}
              </Link>
            </div>
          ) : (
            <MyMarathonsTable marathons={list} onUpdate={setEditing} onDelete={handleDelete} />
          )
        }
      </AsyncView>

      <Modal open={editing !== null} title={M.updateHeading} onClose={() => setEditing(null)}>
        {editing && (
          <MarathonForm
            initialValues={marathonToFormValues(editing)}
            submitLabel={M.updateSubmit}
            cancelLabel={M.cancel}
            onCancel={() => setEditing(null)}
            onSubmit={(input) => handleUpdate(editing._id, input)}
          />
        )}
      </Modal>
    </section>
  );
}
