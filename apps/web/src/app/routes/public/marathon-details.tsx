import { useLoaderData } from 'react-router';
import type { Marathon } from '@stride/shared';
import { loadMarathonById } from '../../../features/marathons/api/get-marathon-or-null';
import { MarathonDetails } from '../../../features/marathons/components/marathon-details';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { DETAILS_MESSAGES } from '../../../features/marathons/details-messages';
import { useIsRegistered } from '../../../features/registrations/use-is-registered';
import { useSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const loader = loadMarathonById;

export function Component() {
  const { marathon } = useLoaderData<typeof loader>();
  useDocumentTitle(marathon?.title ?? DETAILS_MESSAGES.notFound);
  if (!marathon) return <MarathonNotFound message={DETAILS_MESSAGES.notFound} />;
  return <DetailsWithRegistration key={marathon._id} marathon={marathon} />;
}

function DetailsWithRegistration({ marathon }: { marathon: Marathon }) {
  const { data } = useSession();
  const isRegistered = useIsRegistered(marathon._id, data?.user.email);
  return <MarathonDetails marathon={marathon} isRegistered={isRegistered} />;
}
