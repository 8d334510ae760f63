import {
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useMatch,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { EntryMode } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TitledHeading } from '../../../components/ui/titled-heading';
import { paths } from '../../../config/paths';
import { userContext } from '../../../features/auth/require-user';
import { BALLOT_TAB_MESSAGES } from '../../../features/ballot/ballot-tab-messages';
import type { BallotDeskRace } from '../../../features/ballot/components/ballot-desk';
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
import type { CheckinRace } from '../../../features/participants/checkins';
import { totalsTablesOf, type DeskRace } from '../../../features/participants/entry-answers';
import { PARTICIPANTS_MESSAGES as M } from '../../../features/participants/participants-messages';
import { showsPayments } from '../../../features/participants/payments';
import type { ResultsDeskRace } from '../../../features/results/components/results-desk';
import { RESULTS_TAB_MESSAGES } from '../../../features/results/results-tab-messages';
import { TEAM_MESSAGES } from '../../../features/team/team-messages';
import { isOrganizerOf } from '../../../features/team/team-roles';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The race and its numbers (its organizer's and co-organizers' only: anyone else gets a 403, an unknown race a
 * 404), then a paid race's discount codes. The participant list below is the index route's
 * (`participants-list.tsx`), which reads the URL's filters; the Team tab is `race-team.tsx`.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const user = context.get(userContext);
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
  return { race, stats, withPayments, codes, isOrganizer: isOrganizerOf(race, user) };
}

/**
 * What the participant list (the child route) is handed of the race: its zone and entry form, and its currency
 * when the desk shows each entry's payment (null for a free race that never took money).
 */
export type ParticipantsOutletContext = {
  race: DeskRace &
    CheckinRace &
    ResultsDeskRace &
    BallotDeskRace & { _id: string; title: string; currency: string; entryMode: EntryMode };
  paymentsCurrency: string | null;
  /** The signed-in user organizes the race; else they are a co-organizer, who cannot manage its team. */
  isOrganizer: boolean;
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
 * ADR 018, the race desk of its organizer and co-organizers: the numbers (with a paid race's revenue), the
 * registrations chart, the totals of the entry form's answers (issue 31), the participant list, then a paid
 * race's discount codes (issue 32); or, in the Team tab, the race's team (issue 33); or, in the Results tab, its
 * results (issue 34); or, for a race entered by ballot, in the Ballot tab, its ballot (issue 35).
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const isTeamTab = useMatch(paths.raceTeam.path) !== null;
  const isResultsTab = useMatch(paths.raceResults.path) !== null;
  const isBallotTab = useMatch(paths.raceBallot.path) !== null;
  const isOtherTab = isTeamTab || isResultsTab || isBallotTab;
  const raceTitle = isDenied(data) ? null : data.race.title;
  const tabTitle = isTeamTab
    ? TEAM_MESSAGES.tab.title
    : isResultsTab
      ? RESULTS_TAB_MESSAGES.title
      : isBallotTab
        ? BALLOT_TAB_MESSAGES.title
        : M.title;
  useDocumentTitle(raceTitle === null ? M.pageTitle : tabTitle(raceTitle));
  if (isDenied(data)) return <AccessDenied denied={data.denied} />;

  const { race, stats, withPayments, codes, isOrganizer } = data;
  // Entries kept for their money (cancelled, with a refund) count too, and those in a ballot.
  const hasEntries =
    stats.counts.registered + stats.counts.waitlisted + stats.pendingCount + race.ballotCount > 0 ||
    stats.revenue.paid > 0;
  const context: ParticipantsOutletContext = {
    race,
    paymentsCurrency: withPayments ? race.currency : null,
    isOrganizer,
  };
  return (
    <section className="space-y-6">
      <TitledHeading caption={M.pageTitle}>{race.title}</TitledHeading>
      <p className="flex flex-wrap gap-x-6">
        <Link to={paths.race.href(race._id)} className="link link-primary">
          {M.shareRacePageLink}
        </Link>
        <Link to={paths.checkin.href(race._id)} className="link link-primary">
          {M.checkInRunnersLink}
        </Link>
        {withPayments && !isOtherTab && (
          <a href={`#${CODES_HEADING_ID}`} className="link link-primary">
            {DISCOUNT_CODES_MESSAGES.link}
          </a>
        )}
      </p>
      <DeskTabs raceId={race._id} hasBallot={race.entryMode === 'ballot'} />
      {isOtherTab ? (
        <Outlet context={context} />
      ) : (
        <>
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
        </>
      )}
    </section>
  );
}

/**
 * The desk's tabs, Participants, Team and Results, and Ballot for a race entered by ballot: links (each tab is a
 * URL), the open one marked as the page.
 */
function DeskTabs({ raceId, hasBallot }: { raceId: string; hasBallot: boolean }) {
  const tabs = [
    { to: paths.participants.href(raceId), label: TEAM_MESSAGES.tabs.participants },
    ...(hasBallot ? [{ to: paths.raceBallot.href(raceId), label: BALLOT_TAB_MESSAGES.tab }] : []),
    { to: paths.raceTeam.href(raceId), label: TEAM_MESSAGES.tabs.team },
    { to: paths.raceResults.href(raceId), label: RESULTS_TAB_MESSAGES.tab },
  ];
  return (
    <nav aria-label={TEAM_MESSAGES.tabs.label} className="tabs tabs-border">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          preventScrollReset
          className={({ isActive }) =>
            `tab text-base-content text-base ${isActive ? 'tab-active font-semibold' : ''}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
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
