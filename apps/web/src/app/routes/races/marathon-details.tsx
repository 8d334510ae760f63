import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getMarathonDetailsOrNull } from '../../../features/marathons/api/marathons-api';
import { MarathonDetails } from '../../../features/marathons/components/marathon-details';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { DETAILS_MESSAGES } from '../../../features/marathons/details-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The race and the signed-in runner's entry for it (registered or waitlisted), in one request
 * (`?include=myRegistration`); null for an id no marathon has, so the screen can say so. Any other failure
 * reaches the route error boundary.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return { marathon: await getMarathonDetailsOrNull(params.id ?? '', request.signal) };
}

export function Component() {
  const { marathon } = useLoaderData<typeof loader>();
  useDocumentTitle(marathon?.title ?? DETAILS_MESSAGES.notFound);
  if (!marathon) return <MarathonNotFound message={DETAILS_MESSAGES.notFound} />;
  return (
    <MarathonDetails
      key={marathon._id}
      marathon={marathon}
      myRegistration={marathon.myRegistration ?? null}
    />
  );
}
