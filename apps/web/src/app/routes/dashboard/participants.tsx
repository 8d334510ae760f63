import {
  Link,
  Outlet,
  useLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { findDiscountCodes } from '../../../features/discount-codes/api/discount-codes-api';
import { DiscountCodes } from '../../../features/discount-codes/components/discount-codes';
import { DISCOUNT_CODES_MESSAGES } from '../../../features/discount-codes/discount-codes-messages';
import { getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import {
  getRaceStats,
  isDenied,
  orDenied,
  type Denied,
} from '../../../features/participants/api/participants-api';
import { AccessDenied } from '../../../features/participants/components/access-denied';
import { RegistrationsChart } from '../../../features/participants/components/registrations-chart';
import { SummaryStrip } from '../../../features/participants/components/summary-strip';
import { TotalsPanel } from '../../../features/participants/components/totals-panel';
import { totalsTablesOf, type DeskRace } from '../../../features/participants/entry-answers';
import { PARTICIPANTS_MESSAGES as M } from '../../../features/participants/participants-messages';
import { showsPayments } from '../../../features/participants/payments';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The race and its numbers (the organizer's only: someone else's race is a 403, an unknown one a 404), then a
 * paid race's discount codes. The participant list below is the index route's (`participants-list.tsx`), which
 * reads the URL's filters.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const [stats, race] = await Promise.all([
    orDenied(getRaceStats(id, request.signal)),
    getMarathonOrNull(id, request.signal),
  ]);
  if (isDenied(stats)) return stats;
  if (!race) return { denied: 'not-found' } satisfies Denied;
  const withPayments = showsPayments(race, stats);
  const codes = withPayments ? await orDenied(findDiscountCodes(id, request.signal)) : [];
  if (isDenied(codes)) return codes;
  return { race, stats, withPayments, codes };
}

/**
 * What the participant list (the child route) is handed of the race: its zone and entry form, and its currency
 * when the desk shows each entry's payment (null for a free race that never took money).
 */
export type ParticipantsOutletContext = {
  race: DeskRace & { _id: string; currency: string };
  paymentsCurrency: string | null;
};

/** The discount codes' section, which the link under the title leads to. */
const CODES_HEADING_ID = 'discount-codes';

/**
 * The list's search, tab, order and page live in the query string: changing them re-reads the list only, not
 * the race, its numbers and the chart. Anything else (a cancellation re-running the loaders) reads everything.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const isFilterChange = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return isFilterChange ? false : defaultShouldRevalidate;
}

/**
 * ADR 018, the organizer's race desk: the numbers (with a paid race's revenue), the registrations chart, the
 * totals of the entry form's answers (issue 31), the participant list, then a paid race's discount codes
 * (issue 32).
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  useDocumentTitle(isDenied(data) ? M.pageTitle : M.title(data.race.title));
  if (isDenied(data)) return <AccessDenied denied={data.denied} />;

  const { race, stats, withPayments, codes } = data;
  // Entries kept for their money (cancelled, with a refund) count too.
  const hasEntries =
    stats.counts.registered + stats.counts.waitlisted + stats.pendingCount > 0 || stats.revenue.paid > 0;
  const context: ParticipantsOutletContext = {
    race,
    paymentsCurrency: withPayments ? race.currency : null,
  };
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold break-words">
        <span className="text-base-content/75 block text-sm font-semibold tracking-wide uppercase">
          {M.pageTitle}
          <span className="sr-only">:</span>
        </span>
        {race.title}
      </h1>
      <p className="flex flex-wrap gap-x-6">
        <Link to={paths.race.href(race._id)} className="link link-primary">
          {M.shareRacePageLink}
        </Link>
        {withPayments && (
          <a href={`#${CODES_HEADING_ID}`} className="link link-primary">
            {DISCOUNT_CODES_MESSAGES.link}
          </a>
        )}
      </p>
      <SummaryStrip stats={stats} withPayments={withPayments} />
      {hasEntries ? (
        <>
          <RegistrationsChart stats={stats} timeZone={race.timeZone} />
          <TotalsPanel tables={totalsTablesOf(race, stats)} />
          <Outlet context={context} />
        </>
      ) : (
        <p className="text-base-content/75">
          {M.noRegistrations}
          <Link to={paths.race.href(race._id)} className="link link-primary">
            {M.shareRacePage}
          </Link>
        </p>
      )}
      {withPayments && (
        <DiscountCodes raceId={race._id} race={race} codes={codes} headingId={CODES_HEADING_ID} />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle(M.pageTitle);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.pageTitle}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
