import { useId } from 'react';
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useOutletContext,
  useParams,
  redirect,
  type LoaderFunctionArgs,
} from 'react-router';
import { ApiError } from '../../../lib/api-client';
import type { Participant } from '@stride/shared';
import { DownloadIcon } from '../../../components/ui/link-icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pagination } from '../../../components/ui/pagination';
import { dimmedWhile } from '../../../components/ui/updating';
import {
  cancelParticipant,
  getParticipantsPage,
  isDenied,
  orDenied,
} from '../../../features/participants/api/participants-api';
import { ParticipantsFilters } from '../../../features/participants/components/participants-filters';
import { ParticipantsSearch } from '../../../features/participants/components/participants-search';
import { fullName, ParticipantsTable } from '../../../features/participants/components/participants-table';
import { StatusTabs, statusTabId } from '../../../features/participants/components/status-tabs';
import { PARTICIPANTS_MESSAGES as M } from '../../../features/participants/participants-messages';
import { cancellationRefund, statusTabsOf } from '../../../features/participants/payments';
import { usePaymentRecording } from '../../../features/participants/use-payment-recording';
import {
  getEmptyText,
  getParticipantsCsvPath,
  getSortedColumn,
  PARTICIPANTS_PER_PAGE,
  readParticipantsView,
  sortBy,
  toSearch,
  withoutFilters,
  withQuery,
  type ParticipantsView,
} from '../../../features/participants/participants-view';
import { pageRange } from '../../../lib/paging';
import { useRecordRemoval } from '../../../lib/use-record-removal';
import type { ParticipantsOutletContext } from './participants';

const L = M.list;

/** The filters of the URL the API refused: an age group the race no longer has (its groups changed). */
const FILTER_FIELDS = ['gender', 'ageGroup', 'paymentStatus', 'checkedIn'];
function refusedFilters(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.fieldErrors
    .map((fieldError) => fieldError.field)
    .filter((field) => FILTER_FIELDS.includes(field));
}

/**
 * One page of the participants, as the URL filters and orders them (`?status=waitlisted&q=lee&sort=lastName`).
 * A filter the race does not know is dropped from the URL.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = readParticipantsView(url.searchParams);
  try {
    const page = await orDenied(
      getParticipantsPage(params.id ?? '', view, PARTICIPANTS_PER_PAGE, request.signal),
    );
    return { view, page };
  } catch (error) {
    const refused = refusedFilters(error);
    if (refused.length === 0) throw error;
    return redirect(`${url.pathname}${toSearch(withoutFilters(view, refused))}`);
  }
}

/**
 * The participant list: search, the Registered and Waitlist tabs (a paid race's Awaiting payment, Cancelled and
 * Expired too, a ballot race's In the ballot), sortable headers, paging, the CSV of what the filters match, cancelling a runner's entry and
 * recording money taken or given back on site. A refused race shows nothing here: the parent route says why.
 */
export function Component() {
  const { view, page } = useLoaderData<typeof loader>();
  const { id: raceId = '' } = useParams();
  const { race, paymentsCurrency } = useOutletContext<ParticipantsOutletContext>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const panelId = useId();
  const { headingRef, removeRecord } = useRecordRemoval<Participant>({
    remove: (registrationId) => cancelParticipant(raceId, registrationId),
    removalMessages: (participant) =>
      M.cancelMessages(fullName(participant), participant, cancellationRefund(participant)),
  });
  const recordPaymentOf = usePaymentRecording(race, headingRef);
  if (isDenied(page)) return null;

  const show = (next: ParticipantsView) =>
    void navigate({ search: toSearch(next) }, { preventScrollReset: true });
  const isUpdating = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  // While a tab, a filter or a sort is on its way, the next one starts from it, not from the list on screen: a
  // filter chosen right after a tab keeps that tab.
  const latest = isUpdating ? readParticipantsView(new URLSearchParams(navigation.location.search)) : view;
  const { from, to } = pageRange(page.page, page.limit, page.total);
  const countText = view.q ? L.matches(page.total, view.q) : from > 0 ? L.showing(from, to, page.total) : '';

  return (
    <section aria-labelledby="participants-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="participants-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold focus:outline-none"
        >
          {L.heading}
        </h2>
        <a href={getParticipantsCsvPath(raceId, view)} download className="btn btn-outline btn-sm">
          <DownloadIcon width={16} height={16} />
          {L.downloadCsv}
        </a>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusTabs
          view={latest}
          statuses={statusTabsOf(
            { withPayments: paymentsCurrency !== null, hasBallot: race.entryMode === 'ballot' },
            view.status,
          )}
          panelId={panelId}
        />
        <ParticipantsSearch
          value={view.q}
          onSearch={(q) => {
            const next = withQuery(latest, q);
            if (next.q !== latest.q) show(next);
          }}
        />
      </div>
      <ParticipantsFilters
        race={race}
        withPayments={paymentsCurrency !== null}
        view={latest}
        onChange={show}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={statusTabId(view.status)}
        aria-busy={isUpdating}
        className={`space-y-4 ${dimmedWhile(isUpdating)}`}
      >
        <p role="status" className="text-base-content/75 text-sm">
          {countText}
        </p>
        {page.items.length === 0 ? (
          <p className="text-base-content/75">
            {getEmptyText(view, page.total)}{' '}
            {page.total > 0 && (
              <Link to={{ search: toSearch({ ...view, page: 1 }) }} className="link link-primary">
                {L.firstPage}
              </Link>
            )}
          </p>
        ) : (
          <ParticipantsTable
            status={view.status}
            race={race}
            participants={page.items}
            paymentsCurrency={paymentsCurrency}
            sorted={getSortedColumn(view)}
            onSort={(column) => show(sortBy(latest, column))}
            onCancel={(participant) => void removeRecord(participant)}
            onRecordPayment={(participant, status) => void recordPaymentOf(participant, status)}
          />
        )}
        <Pagination page={page.page} total={page.total} limit={page.limit} label={L.pagesLabel} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <LoadFailed message={M.loadFailed} />;
}
