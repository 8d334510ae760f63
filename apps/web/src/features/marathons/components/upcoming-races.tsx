import { Link } from 'react-router';
import type { Marathon } from '@stride/shared';
import { paths } from '../../../config/paths';
import { countdownText } from '../../../lib/countdown-text';
import { formatDateTime } from '../../../lib/dates';
import { getRunnersText } from '../capacity';
import { UPCOMING_RACES_MESSAGES as M } from '../dashboard-messages';

/**
 * The dashboard's home, the organizer's half: their races not started yet, soonest first, each with its date
 * (the race's clocks), its runners (registered / limit, waitlist) and a link to its desk; or an invitation to
 * add one.
 */
export function UpcomingRaces({
  races,
  upcomingCount,
}: {
  races: readonly Marathon[];
  upcomingCount: number;
}) {
  return (
    <section aria-labelledby="upcoming-races-heading" className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id="upcoming-races-heading" className="card-title">
          {M.heading}
        </h2>
        {races.length === 0 ? (
          <>
            <p>{M.none}</p>
            <div className="card-actions">
              <Link to={paths.addMarathon.href} className="btn btn-primary btn-sm">
                {M.addMarathon}
              </Link>
            </div>
          </>
        ) : (
          <>
            <ul className="divide-base-300 divide-y">
              {races.map((race) => (
                <li key={race._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div>
                    <Link to={paths.participants.href(race._id)} className="link font-semibold">
                      {race.title}
                      <span className="sr-only">: {M.openDesk(race.title)}</span>
                    </Link>
                    <p className="text-sm">
                      <time dateTime={race.startDate} className="whitespace-nowrap">
                        {formatDateTime(race.startDate, race.timeZone)}
                      </time>{' '}
                      · {countdownText(race.startDate)}
                    </p>
                  </div>
                  <span className="badge badge-outline whitespace-nowrap">{getRunnersText(race)}</span>
                </li>
              ))}
            </ul>
            <p className="text-sm">
              {races.length < upcomingCount && <>{M.more(races.length, upcomingCount)} · </>}
              <Link to={paths.myMarathons.href} className="link">
                {M.allRaces}
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
