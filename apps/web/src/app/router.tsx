import { createBrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { Spinner } from '../components/ui/spinner';
import { paths, routePatterns } from '../config/paths';
import { requireUser } from '../features/auth/require-user';
import { RootLayout } from './root-layout';

/**
 * The routes of SPEC.md §2, every path from `config/paths.ts`. Each screen is its own lazily loaded module whose
 * `loader` reads what it shows; the private routes sit under `requireUser`, which runs before their loaders.
 */
export const router = createBrowserRouter([
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    // Shown while the first screen's code and data load.
    HydrateFallback: Spinner,
    children: [
      { index: true, lazy: () => import('./routes/public/home') },
      { path: paths.login, lazy: () => import('./routes/auth/login') },
      { path: paths.signup, lazy: () => import('./routes/auth/signup') },
      { path: paths.forgotPassword, lazy: () => import('./routes/auth/forgot-password') },
      { path: paths.resetPassword, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.upcomingMarathons, lazy: () => import('./routes/public/upcoming-marathons') },
      { path: paths.blogs, lazy: () => import('./routes/public/blogs') },
      { path: routePatterns.blog, lazy: () => import('./routes/public/blog-detail') },
      {
        middleware: [requireUser],
        children: [
          { path: paths.marathons, lazy: () => import('./routes/public/marathons') },
          { path: routePatterns.marathonDetails, lazy: () => import('./routes/public/marathon-details') },
          { path: routePatterns.registration, lazy: () => import('./routes/public/registration') },
          {
            path: paths.dashboard.root,
            lazy: () => import('./routes/dashboard/dashboard-layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
              { path: paths.dashboard.addMarathon, lazy: () => import('./routes/dashboard/add-marathon') },
              { path: paths.dashboard.myMarathons, lazy: () => import('./routes/dashboard/my-marathons') },
              {
                path: routePatterns.participants,
                lazy: () => import('./routes/dashboard/participants'),
                children: [{ index: true, lazy: () => import('./routes/dashboard/participants-list') }],
              },
              { path: paths.dashboard.myApplies, lazy: () => import('./routes/dashboard/my-applies') },
              { path: paths.dashboard.settings, lazy: () => import('./routes/dashboard/settings') },
            ],
          },
        ],
      },
      { path: routePatterns.anyOther, lazy: () => import('./routes/not-found') },
    ],
  },
]);
