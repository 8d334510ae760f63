import { useLoaderData } from 'react-router';
import { loadMarathonById } from '../../../features/marathons/api/get-marathon-or-null';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { RegistrationForm } from '../../../features/registrations/components/registration-form';
import { REGISTRATION_FORM_MESSAGES } from '../../../features/registrations/registration-messages';
import { useSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const loader = loadMarathonById;

export function Component() {
  const { marathon } = useLoaderData<typeof loader>();
  // The private-route guard renders this screen only for a user with an email.
  const email = useSession().data?.user.email ?? '';
  const heading = marathon
    ? REGISTRATION_FORM_MESSAGES.heading(marathon.title)
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
