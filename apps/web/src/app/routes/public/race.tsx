import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { RACE_PAGE } from '@stride/shared';
import { getMarathonDetailsOrNull, getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { RacePage } from '../../../features/marathons/components/race-page';
import { DETAILS_MESSAGES } from '../../../features/marathons/details-messages';
import { getSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The race, for anyone with the link (no sign-in). A signed-in runner's read also brings their entry in the same
 * request (`?include=myRegistration`), so the page says where it stands; a visitor's is the public one. Null for
 * an id no race has: the server answered this page with a 404 already, the screen says so.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if ((await getSession()) === null) {
    return { marathon: await getMarathonOrNull(id, request.signal), myRegistration: null };
  }
  const marathon = await getMarathonDetailsOrNull(id, request.signal);
  return { marathon, myRegistration: marathon?.myRegistration ?? null };
}

export function Component() {
  const { marathon, myRegistration } = useLoaderData<typeof loader>();
  useDocumentTitle(marathon ? RACE_PAGE.title(marathon.title) : DETAILS_MESSAGES.notFound);
  if (!marathon) return <MarathonNotFound message={DETAILS_MESSAGES.notFound} />;
  return <RacePage key={marathon._id} marathon={marathon} myRegistration={myRegistration} />;
}
