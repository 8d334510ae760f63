import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { getMyDashboard } from '../../../features/account/api/account-api';
import { ACCOUNT_TEXTS } from '../../../features/account/messages';
import { userContext } from '../../../features/auth/require-user';
import { UpcomingRaces } from '../../../features/marathons/components/upcoming-races';
import { NextRace } from '../../../features/registrations/components/next-race';
import { useDocumentTitle } from '../../../lib/use-document-title';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { name: context.get(userContext).name, dashboard: await getMyDashboard(request.signal) };
}

/** docs/SPEC.md §2: the dashboard's index welcomes the user; below, their next race and the races they organize. */
export function Component() {
  useDocumentTitle('Dashboard');
  const { name, dashboard } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Welcome, {name || 'runner'}!</h1>
      <div className="grid gap-6 xl:grid-cols-2">
        <NextRace registration={dashboard.nextRace} />
        <UpcomingRaces races={dashboard.upcomingRaces} upcomingCount={dashboard.upcomingRaceCount} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle('Dashboard');
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <LoadFailed message={ACCOUNT_TEXTS.dashboardLoadFailed} />
    </section>
  );
}
