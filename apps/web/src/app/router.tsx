import { createBrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { requireUser } from '../features/auth/require-user';
import { RootLayout } from './root-layout';

/**
 * The routes of docs/SPEC.md §2, every path from `config/paths.ts`. Each screen is its own lazily loaded module whose
 * `loader` reads what it shows; the private routes — the race screens of `routes/races/` and the dashboard —
 * sit under `requireUser`, which runs before their loaders.
 */
export const router = createBrowserRouter([
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    // Shown while the first screen's code and data load.
    HydrateFallback: Spinner,
    children: [
      { index: true, lazy: () => import('./routes/public/home') },
      { path: paths.login.path, lazy: () => import('./routes/auth/login') },
      { path: paths.signup.path, lazy: () => import('./routes/auth/signup') },
      { path: paths.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.upcomingMarathons.path, lazy: () => import('./routes/public/upcoming-marathons') },
      { path: paths.blogs.path, lazy: () => import('./routes/public/blogs') },
      { path: paths.blog.path, lazy: () => import('./routes/public/blog-detail') },
      { path: paths.race.path, lazy: () => import('./routes/public/race') },
      { path: paths.results.path, lazy: () => import('./routes/public/results') },
      { path: paths.results.card.path, lazy: () => import('./routes/public/result-card') },
      { path: paths.ballot.path, lazy: () => import('./routes/public/ballot') },
      // The race pass asks for the session through its own request, so that it also opens offline (issue 33).
      { path: paths.racePass.path, lazy: () => import('./routes/dashboard/race-pass') },
      {
        middleware: [requireUser],
        children: [
          { path: paths.marathons.path, lazy: () => import('./routes/races/marathons') },
          { path: paths.marathonDetails.path, lazy: () => import('./routes/races/marathon-details') },
          { path: paths.payment.path, lazy: () => import('./routes/races/payment') },
          { path: paths.registration.path, lazy: () => import('./routes/races/registration') },
          { path: paths.transfer.path, lazy: () => import('./routes/races/transfer') },
          {
            path: paths.dashboard.path,
            lazy: () => import('./routes/dashboard/dashboard-layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
              { path: paths.addMarathon.path, lazy: () => import('./routes/dashboard/add-marathon') },
              { path: paths.myMarathons.path, lazy: () => import('./routes/dashboard/my-marathons') },
              {
                path: paths.participants.path,
                lazy: () => import('./routes/dashboard/participants'),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard/participants-list') },
                  { path: paths.raceTeam.path, lazy: () => import('./routes/dashboard/race-team') },
                  { path: paths.raceResults.path, lazy: () => import('./routes/dashboard/race-results') },
                  { path: paths.raceBallot.path, lazy: () => import('./routes/dashboard/race-ballot') },
                ],
              },
              { path: paths.myApplies.path, lazy: () => import('./routes/dashboard/my-applies') },
              { path: paths.teamRaces.path, lazy: () => import('./routes/dashboard/team-races') },
              { path: paths.teamInvitations.path, lazy: () => import('./routes/dashboard/team-invitations') },
              { path: paths.settings.path, lazy: () => import('./routes/dashboard/settings') },
            ],
          },
        ],
      },
      // Any other path: the not-found page.
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  // The check-in screen fills a phone's screen, outside the site's frame; its loader checks the session itself, so
  // that it also opens offline (issue 33).
  {
    path: paths.checkin.path,
    lazy: () => import('./routes/checkin/checkin'),
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: Spinner,
  },
]);
