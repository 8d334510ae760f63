import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** The one error screen for a route that failed to load or render. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page failed to load. Check your connection and try again.';
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p>{message}</p>
      <div className="flex gap-2">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to={paths.home.href} className="btn btn-primary">
          Back to homepage
        </Link>
      </div>
    </main>
  );
}
