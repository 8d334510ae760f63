import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown for an id no marathon has (docs/SPEC.md §2: 'Marathon not found!' on details, '… not found' elsewhere). */
export function MarathonNotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{message}</h1>
      <p className="text-base-content/75">The race may have been removed, or the link may be mistyped.</p>
      <Link to={paths.marathons.href} className="btn btn-primary">
        Browse all marathons
      </Link>
    </section>
  );
}
