import { useEffect } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { loginRedirect } from '../../../features/auth/require-user';
import { loginUrlFor } from '../../../features/auth/redirect-target';
import {
  getRaceOrOffline,
  getRoster,
  getSessionUserOrOffline,
  sendScans,
  undoCheckin,
} from '../../../features/checkin/api/checkin-api';
import { CHECKIN_SCREEN_MESSAGES as M } from '../../../features/checkin/checkin-messages';
import { CheckinStation } from '../../../features/checkin/checkin-station';
import { openCheckinStore } from '../../../features/checkin/checkin-store';
import { CheckinScreen, Refusal } from '../../../features/checkin/components/checkin-screen';
import { readDeviceName } from '../../../features/checkin/device-name';
import { getSession } from '../../../lib/auth-client';
import { registerServiceWorker } from '../../../lib/service-worker';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Who is signed in: the session the app already knows, else the server's answer, else — when the server cannot
 * be reached — 'offline': the screen then works from what this phone keeps, and the sync asks again later.
 */
async function signedInUser() {
  const session = await getSession();
  return session ? session.user : getSessionUserOrOffline();
}

/**
 * Signed in (offline: as last time), the race (offline: as kept), and the phone's roster and queue of scans from
 * IndexedDB. The roster is refreshed from the server once the screen shows.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const raceId = params.id ?? '';
  const user = await signedInUser();
  if (user === null) throw loginRedirect(request.url, window.location);
  const answer = await getRaceOrOffline(raceId, request.signal);
  if (answer === null) return { denied: 'not-found' } as const;
  const store = await openCheckinStore(raceId);
  const stored = await store.load();
  const race = answer === 'offline' ? stored.race : { title: answer.title, timeZone: answer.timeZone };
  if (!race) return { denied: 'no-roster' } as const;
  if (answer !== 'offline') await store.saveRace(race);
  if (user !== 'offline') await store.saveMe(user.name);
  const me = user === 'offline' ? stored.me : user.name;
  const api = { getRoster, sendScans, undoCheckin };
  const station = new CheckinStation(raceId, store, api, stored, { me, device: readDeviceName });
  return { race, station, raceId };
}

/** /checkin/:id — the check-in screen of issue 33, outside the site's frame: it fills a phone's screen. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  useDocumentTitle('denied' in data ? M.pageTitle : M.title(data.race.title));
  // Installable and offline: the service worker keeps this screen for the next visit without network.
  useEffect(() => registerServiceWorker(), []);

  if ('denied' in data) {
    const [heading, text] =
      data.denied === 'not-found'
        ? [M.denied.notFoundHeading, M.denied.notFoundText]
        : [M.denied.noRosterHeading, M.denied.noRosterText];
    return <Refusal heading={heading} text={text} dashboardHref={paths.dashboard.href} />;
  }
  return (
    <CheckinScreen
      station={data.station}
      race={data.race}
      dashboardHref={paths.dashboard.href}
      loginHref={loginUrlFor(paths.checkin.href(data.raceId))}
    />
  );
}
