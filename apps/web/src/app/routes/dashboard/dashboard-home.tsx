import { useSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function Component() {
  useDocumentTitle('Dashboard');
  const { data } = useSession();
  return (
    <section className="space-y-3">
      <h1 className="text-3xl font-bold">Welcome, {data?.user.name || 'runner'}!</h1>
      <p className="text-base-content/80">
        From here you manage the marathons you organize and the races you have entered. Pick a section in the
        Dashboard Menu.
      </p>
    </section>
  );
}
