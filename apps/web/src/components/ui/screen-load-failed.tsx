import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadFailed } from './load-failed';

/** A screen whose data could not be loaded (a route's error boundary): its title and heading, then why and a retry. */
export function ScreenLoadFailed({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <LoadFailed message={message} />
    </section>
  );
}
