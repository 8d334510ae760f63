import { ProfileForm } from '../../../features/auth/components/profile-form';
import { useSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function Component() {
  useDocumentTitle('Account Settings');
  const { data } = useSession();
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <p className="text-base-content/80">
        Your name and photo appear in the navigation bar and on your registrations.
      </p>
      {data?.user && <ProfileForm user={data.user} />}
    </section>
  );
}
