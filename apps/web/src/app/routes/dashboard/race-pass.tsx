import { useEffect } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ScreenLoadFailed } from '../../../components/ui/screen-load-failed';
import { TitledHeading } from '../../../components/ui/titled-heading';
import { paths } from '../../../config/paths';
import { loginRedirect } from '../../../features/auth/require-user';
import { getMyRegistrationOrNull } from '../../../features/registrations/api/registrations-api';
import { RacePassCard } from '../../../features/registrations/components/race-pass-card';
import { RACE_PASS_MESSAGES as M } from '../../../features/registrations/race-pass-messages';
import { ApiError } from '../../../lib/api-client';
import { registerServiceWorker } from '../../../lib/service-worker';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The runner's own entry with its check-in code; null when it is not theirs or is gone. Outside the private-route
 * guard, whose session request fails without a network: on race morning in a car park the service worker answers
 * this request from the entry it kept. The API refuses a signed-out visitor (401), who is sent to log in.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  try {
    return { registration: await getMyRegistrationOrNull(params.id ?? '', request.signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(request.url, window.location);
    throw error;
  }
}

/**
 * The entry, kept by the service worker for a visit without network: read through it when it already controls
 * the page; else read once more as soon as it takes control (the first visit's request went past it).
 */
function keepForOffline(registrationId: string): (() => void) | undefined {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  const readAgain = () => void getMyRegistrationOrNull(registrationId).catch(() => null);
  navigator.serviceWorker.addEventListener('controllerchange', readAgain, { once: true });
  return () => navigator.serviceWorker.removeEventListener('controllerchange', readAgain);
}

/** The page's frame: the pass is a screen of its own, without the dashboard's menu (a phone shows it whole). */
const PAGE = 'mx-auto max-w-3xl space-y-6 px-4 py-6';

/** The race pass (issue 33): the QR code the check-in table scans, or why an entry has none. */
export function Component() {
  const { registration } = useLoaderData<typeof loader>();
  useDocumentTitle(registration ? M.pageTitle(registration.marathonTitle) : M.title);
  // The service worker keeps this page for race morning, when the car park has no signal.
  useEffect(registerServiceWorker, []);
  const registrationId = registration?._id;
  useEffect(() => {
    if (registrationId) return keepForOffline(registrationId);
  }, [registrationId]);
  const back = (
    <Link to={paths.myApplies.href} className="link link-primary">
      {M.backToApplies}
    </Link>
  );
  if (!registration) {
    return (
      <section className={PAGE}>
        <h1 className="text-3xl font-bold">{M.notFoundHeading}</h1>
        <p className="text-base-content/75">{M.notFoundText}</p>
        <p>{back}</p>
      </section>
    );
  }
  return (
    <section className={PAGE}>
      <TitledHeading caption={M.title}>{registration.marathonTitle}</TitledHeading>
      <RacePassCard registration={registration} />
      <p className="text-center">{back}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <div className={PAGE}>
      <ScreenLoadFailed title={M.title} message={M.loadFailed} />
    </div>
  );
}
