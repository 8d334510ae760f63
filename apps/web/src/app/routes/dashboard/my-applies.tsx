import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
import { filterByMarathonTitle, isSearching } from '../../../features/registrations/filter-by-title';
import { confirmDelete } from '../../../lib/alerts';
import { DELETE_MESSAGES } from '../../../lib/record-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { announceDone, announceFailure, useSubmission } from '../../../lib/use-submission';

/** The signed-in runner's registrations, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  return { registrations: await getMyRegistrations(email, request.signal) };
}

/** SPEC.md §2 My Apply List: the user's registrations, searchable by title, to update or withdraw. */
export function Component() {
  useDocumentTitle(M.title);
  const { registrations } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Registration | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { send } = useSubmission();
  const shown = filterByMarathonTitle(registrations, query);

  async function handleDelete(registration: Registration) {
    if (!(await confirmDelete())) return;
    const deleted = await send(() => deleteRegistration(registration._id), {
      onDone: (result) => announceDone(DELETE_MESSAGES, result.message),
      onFailure: (failure) => announceFailure(DELETE_MESSAGES, failure),
    });
    if (deleted) headingRef.current?.focus();
  }

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
        <RegistrationsTable registrations={shown} onUpdate={setEditing} onDelete={handleDelete} />
      )}

      <Modal open={editing !== null} title={M.updateHeading} onClose={() => setEditing(null)}>
        {editing && (
          <RegistrationEditForm
            registration={editing}
            onCancel={() => setEditing(null)}
            send={(changes) => updateRegistration(editing._id, changes)}
            options={{
              // SPEC.md §4: the edits show in the list, which the hook reloads from the server.
              onDone: async (result) => {
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
