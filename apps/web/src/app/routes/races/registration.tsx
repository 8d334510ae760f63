import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { userContext } from '../../../features/auth/require-user';
import { getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { RegistrationForm } from '../../../features/registrations/components/registration-form';
import { REGISTRATION_FORM_MESSAGES } from '../../../features/registrations/registration-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The race (null for an id no marathon has) and the signed-in runner's email, shown read-only on the form. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  return { marathon: await getMarathonOrNull(params.id ?? '', request.signal), email };
}

export function Component() {
  const { marathon, email } = useLoaderData<typeof loader>();
  const inBallot = marathon?.entryMode === 'ballot' && marathon.ballotDrawnAt === null;
  const heading = marathon
    ? (inBallot ? REGISTRATION_FORM_MESSAGES.ballot.heading : REGISTRATION_FORM_MESSAGES.heading)(
        marathon.title,
      )
    : REGISTRATION_FORM_MESSAGES.notFound;
  useDocumentTitle(heading);
  if (!marathon) return <MarathonNotFound message={REGISTRATION_FORM_MESSAGES.notFound} />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 [overflow-wrap:anywhere]">
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
          <RegistrationForm key={marathon._id} marathon={marathon} email={email} />
        </div>
      </div>
    </section>
  );
}
