import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Registration } from '@stride/shared';
import { AsyncView } from '../../../components/ui/async-view';
import { Modal } from '../../../components/ui/modal';
import {
  deleteRegistration,
  getMyRegistrations,
  updateRegistration,
} from '../../../features/registrations/api/registrations-api';
import { APPLY_LIST_MESSAGES as M } from '../../../features/registrations/apply-list-messages';
import {
  RegistrationEditForm,
  type RegistrationChanges,
} from '../../../features/registrations/components/registration-edit-form';
import { RegistrationsTable } from '../../../features/registrations/components/registrations-table';
import { filterByMarathonTitle, isSearching } from '../../../features/registrations/filter-by-title';
import { useSession } from '../../../lib/auth-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { announceOutcome, confirmAndDelete, settle } from '../../../lib/record-actions';
import { useAsyncData } from '../../../lib/use-async-data';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** SPEC.md §2 My Apply List: the user's registrations, searchable by title, to update or withdraw. */
export function Component() {
  useDocumentTitle(M.title);
  const email = useSession().data?.user.email;
  const registrations = useAsyncData(email, (signal) => getMyRegistrations(email!, signal));
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Registration | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const all = registrations.state.status === 'success' ? registrations.state.data : null;

  async function handleUpdate(id: string, changes: RegistrationChanges): Promise<FieldErrors | void> {
    const outcome = await settle(updateRegistration(id, changes));
    if (outcome.kind === 'invalid') return outcome.fieldErrors;
    if (outcome.kind === 'done') {
      flushSync(() => setEditing(null));
      // SPEC.md §4: the edited fields are merged into the list.
      registrations.update((list) => list.map((item) => (item._id === id ? { ...item, ...changes } : item)));
    }
    await announceOutcome(outcome, M.update);
  }

  async function handleDelete(registration: Registration) {
    const deleted = await confirmAndDelete(
      () => deleteRegistration(registration._id),
      () => registrations.update((list) => list.filter((item) => item._id !== registration._id)),
    );
    if (deleted) headingRef.current?.focus();
  }

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {all ? M.heading(all.length) : M.title}
      </h1>
      <input
        type="search"
        className="input w-full sm:max-w-sm"
        placeholder={M.searchLabel}
        aria-label={M.searchLabel}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <AsyncView
        state={registrations.state}
        loadingLabel={M.loading}
        failedText={M.loadFailed}
        onRetry={registrations.reload}
      >
        {(list) => {
          const shown = filterByMarathonTitle(list, query);
          return (
            <>
              <p role="status" className="sr-only">
                {isSearching(query) ? M.matches(shown.length, list.length) : ''}
              </p>
              {shown.length === 0 ? (
                <p className="text-base-content/75">{isSearching(query) ? M.noMatch : M.empty}</p>
              ) : (
                <RegistrationsTable registrations={shown} onUpdate={setEditing} onDelete={handleDelete} />
              )}
            </>
          );
        }}
      </AsyncView>

      <Modal open={editing !== null} title={M.updateHeading} onClose={() => setEditing(null)}>
        {editing && (
          <RegistrationEditForm
            registration={editing}
            onCancel={() => setEditing(null)}
            onSubmit={(changes) => handleUpdate(editing._id, changes)}
          />
        )}
      </Modal>
    </section>
  );
}
