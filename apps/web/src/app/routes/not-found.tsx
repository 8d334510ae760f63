import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle('Error');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-primary text-8xl font-black" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">
        <span className="sr-only">404: </span>
        {"Sorry, we couldn't find this page."}
      </h1>
      <Link to={paths.home.href} className="btn btn-primary">
        Back to homepage
      </Link>
    </section>
  );
}
