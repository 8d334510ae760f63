import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { userContext } from '../../../features/auth/require-user';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function loader({ context }: LoaderFunctionArgs) {
  return { name: context.get(userContext).name };
}

export function Component() {
  useDocumentTitle('Dashboard');
  const { name } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-3">
      <h1 className="text-3xl font-bold">Welcome, {name || 'runner'}!</h1>
      <p className="text-base-content/80">
        From here you manage the marathons you organize and the races you have entered. Pick a section in the
        Dashboard Menu.
      </p>
    </section>
  );
}
