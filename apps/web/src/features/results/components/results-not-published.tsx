import { Link } from 'react-router';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';

/**
 * Results nobody may see (the API's 404: not published yet, or no such race or result): the page says so under the
 * heading "Results", with a link onwards when there is somewhere to go (the race's page, all its results).
 */
export function ResultsNotPublished({
  message = M.notPublished,
  link,
}: {
  message?: string;
  link: { href: string; label: string } | null;
}) {
  return (
    <section className="mx-auto max-w-6xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">{M.caption}</h1>
      <p className="text-base-content/85 text-lg">{message}</p>
      {link && (
        <Link to={link.href} className="link link-primary">
          {link.label}
        </Link>
      )}
    </section>
  );
}
