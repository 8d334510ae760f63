import { createBrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from '../features/auth/components/require-auth';
import { RootLayout } from './root-layout';

/** The routes of SPEC.md §2. Each screen is its own lazily loaded module. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    // Shown while the first screen's code loads (routes are lazy).
    HydrateFallback: Spinner,
    children: [
      { index: true, lazy: () => import('./routes/public/home') },
      { path: 'login', lazy: () => import('./routes/auth/login') },
      { path: 'signup', lazy: () => import('./routes/auth/signup') },
      { path: 'forgot-password', lazy: () => import('./routes/auth/forgot-password') },
      { path: 'reset-password', lazy: () => import('./routes/auth/reset-password') },
      { path: 'upcoming-marathons', lazy: () => import('./routes/public/upcoming-marathons') },
      { path: 'blogs', lazy: () => import('./routes/public/blogs') },
      { path: 'blog/:id', lazy: () => import('./routes/public/blog-detail') },
      {
        Component: RequireAuth,
        children: [
          { path: 'marathons', lazy: () => import('./routes/public/marathons') },
          { path: 'marathon-details/:id', lazy: () => import('./routes/public/marathon-details') },
          { path: 'registration/:id', lazy: () => import('./routes/public/registration') },
          {
            path: 'dashboard',
            lazy: () => import('./routes/dashboard/dashboard-layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
              { path: 'add-marathon', lazy: () => import('./routes/dashboard/add-marathon') },
              { path: 'my-marathons', lazy: () => import('./routes/dashboard/my-marathons') },
              { path: 'my-applies', lazy: () => import('./routes/dashboard/my-applies') },
              { path: 'settings', lazy: () => import('./routes/dashboard/settings') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
