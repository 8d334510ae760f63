import type { Marathon } from '@stride/shared';
import { isSoldOut } from '@stride/shared/rules';
import { Link } from 'react-router';
import { PosterImage } from '../../../components/ui/pictures';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth-client';
import { formatDay } from '../../../lib/dates';
import { MARATHON_LIST_MESSAGES } from '../list-messages';

/**
 * A race in a grid (docs/SPEC.md §2): poster, title, location, start date and 'See Details'; 'Sold out' when full.
 * 'See Details' opens the details a signed-in runner has (docs/SPEC.md), and for anyone else the race's public
 * page, which needs no sign-in.
 */
export function MarathonCard({ marathon, eager = false }: { marathon: Marathon; eager?: boolean }) {
  const isSignedIn = useSession().data !== null;
  return (
    <article className="card bg-base-100 border-base-300 h-full border shadow-sm transition hover:shadow-md">
      <figure className="aspect-video">
        <PosterImage
          src={marathon.image}
          title={marathon.title}
          className="h-full w-full object-cover"
          // The grid's columns: 4 from lg, 2 from md, else 1.
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 50vw, 100vw"
          loading={eager ? 'eager' : 'lazy'}
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <h3 className="card-title text-lg leading-snug wrap-anywhere">{marathon.title}</h3>
        {isSoldOut(marathon) && (
          <p className="badge badge-warning badge-sm self-start font-semibold">
            {MARATHON_LIST_MESSAGES.soldOut}
          </p>
        )}
        <p className="text-base-content/75 text-sm wrap-anywhere">{marathon.location}</p>
        <p className="text-sm">
          <span className="sr-only">Starts on </span>
          <time dateTime={marathon.startDate}>{formatDay(marathon.startDate, marathon.timeZone)}</time>
        </p>
        <div className="card-actions mt-auto items-center justify-end pt-2">
          {marathon.resultsPublished && (
            <Link to={paths.results.href(marathon._id)} className="link link-primary text-sm">
              {MARATHON_LIST_MESSAGES.results}
              <span className="sr-only">{MARATHON_LIST_MESSAGES.resultsOf(marathon.title)}</span>
            </Link>
          )}
          <Link
            to={(isSignedIn ? paths.marathonDetails : paths.race).href(marathon._id)}
            className="btn btn-primary btn-sm"
          >
            See Details
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The card grid: 1 column on small screens, 2 on medium, 4 on large (docs/SPEC.md §9). */
export function MarathonGrid({ marathons, eagerCount = 0 }: { marathons: Marathon[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
      {marathons.map((marathon, index) => (
        <li key={marathon._id}>
          <MarathonCard marathon={marathon} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
