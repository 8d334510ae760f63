import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Registration } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { userContext } from '../../../features/auth/require-user';
import {
  deleteRegistration,
  getMyRegistrations,
  updateRegistration,
} from '../../../features/registrations/api/registrations-api';
import { APPLY_LIST_MESSAGES as M } from '../../../features/registrations/apply-list-messages';
import { RegistrationEditForm } from '../../../features/registrations/components/registration-edit-form';
import { RegistrationsTable } from '../../../features/registrations/components/registrations-table';
import { getRemovalMessages } from '../../../features/registrations/entry-status';
import { filterByMarathonTitle, isSearching } from '../../../features/registrations/filter-by-title';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecordEditing } from '../../../lib/use-record-editing';

/** The signed-in runner's registrations, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  return { registrations: await getMyRegistrations(email, request.signal) };
}

/**
 * SPEC.md §2 My Apply List: the user's registrations, searchable by title, to update or withdraw (leave the
 * waitlist, for an entry still in line).
 */
export function Component() {
  useDocumentTitle(M.title);
  const { registrations } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState('');
  const { editing, startEditing, stopEditing, headingRef, deleteRecord, updateOptions } =
    useRecordEditing<Registration>({
      remove: deleteRegistration,
      updateMessages: M.update,
      removalMessages: getRemovalMessages,
    });
  const shown = filterByMarathonTitle(registrations, query);

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {M.heading(registrations.length)}
      </h1>
      <SearchBox query={query} onChange={setQuery} />
      <p role="status" className="sr-only">
        {isSearching(query) ? M.matches(shown.length, registrations.length) : ''}
      </p>
      {shown.length === 0 ? (
        <p className="text-base-content/75">{isSearching(query) ? M.noMatch : M.empty}</p>
      ) : (
        <RegistrationsTable registrations={shown} onUpdate={startEditing} onDelete={deleteRecord} />
      )}

      <Modal open={editing !== null} title={M.updateHeading} onClose={stopEditing}>
        {editing && (
          <RegistrationEditForm
            registration={editing}
            onCancel={stopEditing}
            send={(changes) => updateRegistration(editing._id, changes)}
            options={updateOptions}
          />
        )}
      </Modal>
    </section>
  );
}

function SearchBox({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  return (
    <input
      type="search"
      className="input w-full sm:max-w-sm"
      placeholder={M.searchLabel}
      aria-label={M.searchLabel}
      value={query}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function ErrorBoundary() {
  useDocumentTitle(M.title);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.title}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
