import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getMarathonDetailsOrNull } from '../../../features/marathons/api/marathons-api';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { DETAILS_MESSAGES } from '../../../features/marathons/details-messages';
import { PaymentReturn } from '../../../features/registrations/components/payment-return';
import { readCheckoutResult } from '../../../features/registrations/payment-return';
import { PAYMENT_RETURN_MESSAGES } from '../../../features/registrations/payment-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Where Stripe's checkout sends the runner back (`?registration={id}&result=success|cancelled`): the race with
 * the runner's entry in it, in one request (`?include=myRegistration`); null for an id no race has.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  return {
    marathon: await getMarathonDetailsOrNull(params.id ?? '', request.signal),
    registrationId: search.get('registration'),
    result: readCheckoutResult(search),
  };
}

export function Component() {
  const { marathon, registrationId, result } = useLoaderData<typeof loader>();
  useDocumentTitle(marathon ? PAYMENT_RETURN_MESSAGES.title(marathon.title) : DETAILS_MESSAGES.notFound);
  if (!marathon) return <MarathonNotFound message={DETAILS_MESSAGES.notFound} />;
  return (
    <PaymentReturn
      key={marathon._id}
      race={marathon}
      entry={marathon.myRegistration ?? null}
      registrationId={registrationId}
      result={result}
    />
  );
}
