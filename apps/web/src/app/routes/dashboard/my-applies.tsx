import { useEffect, useState } from 'react';
import { RUNNER_LIST_SEARCH_MAX } from '@stride/shared/constants';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Marathon, Registration } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { userContext } from '../../../features/auth/require-user';
import { getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import {
  countMyRegistrations,
  deleteRegistration,
  getMyRegistrations,
  updateRegistration,
} from '../../../features/registrations/api/registrations-api';
import { APPLY_LIST_MESSAGES as M } from '../../../features/registrations/apply-list-messages';
import { RegistrationEditForm } from '../../../features/registrations/components/registration-edit-form';
import { RegistrationsTable } from '../../../features/registrations/components/registrations-table';
import { TransferOfferForm } from '../../../features/registrations/components/transfer-offer-form';
import { getRemovalMessages } from '../../../features/registrations/entry-status';
import { readTitleSearch } from '../../../features/registrations/title-search';
import { useTransferOffers } from '../../../features/registrations/use-transfer-offers';
import { DASHBOARD_ROWS_PER_PAGE, loadListPage, pageRange, withSearchText } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecordEditing } from '../../../lib/use-record-editing';

/**
 * A page (`?page=`) of the signed-in runner's registrations, newest first; `?q=` keeps those whose race title
 * holds it. While searching, the heading's count of every registration takes a second, one-row request.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  const url = new URL(request.url);
  const q = readTitleSearch(url.searchParams);
  const [result, registeredCount] = await Promise.all([
    loadListPage(url, DASHBOARD_ROWS_PER_PAGE, (query) =>
      getMyRegistrations(email, { ...query, q }, request.signal),
    ),
    q ? countMyRegistrations(email, request.signal) : null,
  ]);
  return { result, q, registeredCount: registeredCount ?? result.total };
}

/**
 * The race of the registration being edited, fetched as the dialog opens (its entry form is not in the list):
 * undefined while it loads, null when it could not be.
 */
function useRaceOf(marathonId: string | undefined): Marathon | null | undefined {
  const [fetched, setFetched] = useState<{ id: string; race: Marathon | null } | null>(null);
  useEffect(() => {
    if (!marathonId) return;
    const controller = new AbortController();
    getMarathonOrNull(marathonId, controller.signal).then(
      (race) => setFetched({ id: marathonId, race }),
      () => {
        if (!controller.signal.aborted) setFetched({ id: marathonId, race: null });
      },
    );
    return () => controller.abort();
  }, [marathonId]);
  return marathonId && fetched?.id === marathonId ? fetched.race : undefined;
}

/**
 * docs/SPEC.md §2 My Apply List: the user's registrations, searchable by title, to update or withdraw (leave the
 * waitlist, for an entry still in line; leave a ballot before its draw), and to hand a place on to another runner
 * (issue 35). The search and the page live in the URL; the server searches.
 */
export function Component() {
  useDocumentTitle(M.title);
  const { result, q, registeredCount } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { editing, startEditing, stopEditing, headingRef, deleteRecord, updateOptions } =
    useRecordEditing<Registration>({
      remove: deleteRegistration,
      updateMessages: M.update,
      removalMessages: getRemovalMessages,
    });
  const { offering, startOffer, stopOffer, offerOptions, withdrawOffer } = useTransferOffers(headingRef);
  const { items, page, total, limit } = result;
  const editedRace = useRaceOf(editing?.marathonId);

  return (
    <section className="space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {M.heading(registeredCount)}
      </h1>
      <SearchBox
        value={q}
        label={M.searchLabel}
        placeholder={M.searchLabel}
        maxLength={RUNNER_LIST_SEARCH_MAX}
        className="w-full sm:max-w-sm"
        // Typing on in the box replaces its history entry, so Back returns to the list before the search.
        onSearch={(text, { isRefinement }) =>
          void navigate(
            { search: withSearchText(searchParams, text) },
            { replace: isRefinement, preventScrollReset: true },
          )
        }
      />
      <p role="status" className="sr-only">
        {q ? M.matches(total, registeredCount) : ''}
      </p>
      {items.length === 0 ? (
        <p className="text-base-content/75">{q ? M.noMatch : M.empty}</p>
      ) : (
        <RegistrationsTable
          registrations={items}
          firstNumber={pageRange(page, limit, total).from}
          onUpdate={startEditing}
          onDelete={deleteRecord}
          onTransfer={startOffer}
          onWithdrawTransfer={(registration) => void withdrawOffer(registration)}
        />
      )}
      <Pagination page={page} total={total} limit={limit} label={M.pagesLabel} />

      <Modal open={editing !== null} title={M.updateHeading} onClose={stopEditing}>
        {editing && (
          <RegistrationEditForm
            registration={editing}
            race={editedRace}
            onCancel={stopEditing}
            send={(changes) => updateRegistration(editing._id, changes)}
            options={updateOptions}
          />
        )}
      </Modal>
      <Modal open={offering !== null} title={M.transfer.dialogTitle} onClose={stopOffer}>
        {offering && (
          <TransferOfferForm registration={offering} options={offerOptions} onCancel={stopOffer} />
        )}
      </Modal>
    </section>
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
