import { Link } from 'react-router';
import type { Registration } from '@stride/shared';
import { paths } from '../../../config/paths';
import { countdownText } from '../../../lib/countdown-text';
import { formatDateTime } from '../../../lib/dates';
import { getEntryStatusText } from '../entry-status';
import { NEXT_RACE_MESSAGES as M } from '../registration-messages';

/**
 * The dashboard's home, the runner's half: their entry in the race that starts soonest (title, date and time as
 * the race's clocks read them, how far off it is, bib or place in line), or an invitation to find one.
 */
export function NextRace({ registration }: { registration: Registration | null }) {
  return (
    <section aria-labelledby="next-race-heading" className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id="next-race-heading" className="card-title">
          {M.heading}
        </h2>
        {registration ? (
          <>
            <p className="text-xl font-semibold">{registration.marathonTitle}</p>
            <p>
              <time dateTime={registration.marathonDate} className="whitespace-nowrap">
                {formatDateTime(registration.marathonDate, registration.marathonTimeZone)}
              </time>{' '}
              <span className="badge badge-primary">{countdownText(registration.marathonDate)}</span>
            </p>
            <p>{getEntryStatusText(registration)}</p>
            <div className="card-actions">
              <Link
                to={paths.marathonDetails.href(registration.marathonId)}
                className="btn btn-primary btn-sm"
              >
                {M.seeRace}
                <span className="sr-only">: {registration.marathonTitle}</span>
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{M.none}</p>
            <div className="card-actions">
              <Link to={paths.marathons.href} className="btn btn-primary btn-sm">
                {M.findRace}
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
