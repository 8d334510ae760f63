import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { userContext } from '../../../features/auth/require-user';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function loader({ context }: LoaderFunctionArgs) {
  return { user: context.get(userContext) };
}

export function Component() {
  useDocumentTitle('Account Settings');
  const { user } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <p className="text-base-content/80">Your name and photo appear in the navigation bar.</p>
      <ProfileForm user={user} />
    </section>
  );
}
