import { lazy, Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Navbar } from '../components/layout/navbar';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth-client';
import { useFocusHeadingOnNavigation } from '../lib/use-focus-on-navigation';

/**
 * The footer comes after the screen, below the fold of most pages: a lazy module of its own, loaded beside the
 * screen's, so the entry every route waits for carries none of it (`npm run size`).
 */
const Footer = lazy(() => import('../components/layout/footer').then(({ Footer }) => ({ default: Footer })));

export function RootLayout() {
  const { data, isPending } = useSession();
  const navigate = useNavigate();
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(mainRef);

  async function handleLogout() {
    const { logOut } = await import('../features/auth/log-out');
    if (await logOut()) await navigate(paths.home.href);
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar user={data?.user ?? null} isLoadingUser={isPending} onLogout={() => void handleLogout()} />
      <main id="main" ref={mainRef} className="flex-1">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
