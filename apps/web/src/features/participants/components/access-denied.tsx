import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Denied } from '../api/participants-api';
import { PARTICIPANTS_MESSAGES as M } from '../participants-messages';

/** Instead of the participants: someone else's race (the API's 403), or no such race (its 404). */
export function AccessDenied({ denied }: Denied) {
  const [heading, text] =
    denied === 'forbidden' ? [M.forbiddenHeading, M.forbiddenText] : [M.notFoundHeading, M.notFoundText];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-base-content/75">{text}</p>
      <Link to={paths.myMarathons.href} className="btn btn-primary">
        {M.backToMyMarathons}
      </Link>
    </section>
  );
}
