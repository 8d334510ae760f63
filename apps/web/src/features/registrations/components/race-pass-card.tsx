import type { Registration } from '@stride/shared';
import { CalendarIcon } from '../../../components/ui/link-icons';
import { formatDateTime } from '../../../lib/dates';
import { getRegistrationCalendarPath } from '../api/registrations-api';
import { racePassOf } from '../race-pass';
import { RACE_PASS_MESSAGES as M } from '../race-pass-messages';
import { QrCode } from './qr-code';

/**
 * The runner's race pass (issue 33): who, which bib, when the race starts (the race's clocks), and a QR code of
 * `stride:checkin:{code}` large enough to scan at arm's length, the code below it as text, and the race for the
 * calendar. An entry without a place has no pass: the card says why.
 */
export function RacePassCard({ registration }: { registration: Registration }) {
  const pass = racePassOf(registration);
  return (
    <article className="card bg-base-100 border-base-300 mx-auto w-full max-w-md border shadow-sm">
      <div className="card-body items-center gap-4 p-4 text-center sm:p-6">
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left">
          <dt className="text-base-content/75 font-medium">{M.runner}</dt>
          <dd className="font-semibold break-words">{`${registration.firstName} ${registration.lastName}`}</dd>
          {registration.bib !== null && (
            <>
              <dt className="text-base-content/75 font-medium">{M.bib}</dt>
              <dd className="text-2xl font-bold">{registration.bib}</dd>
            </>
          )}
          <dt className="text-base-content/75 font-medium">{M.start}</dt>
          <dd>
            <time dateTime={registration.marathonDate}>
              {formatDateTime(registration.marathonDate, registration.marathonTimeZone)}
            </time>
          </dd>
        </dl>
        {pass.kind === 'pass' ? (
          <>
            {/* At least 280 px wide wherever the page fits it: scannable from a phone held at arm's length. */}
            <div className="border-base-300 w-full max-w-[20rem] min-w-[17.5rem] overflow-hidden rounded-lg border">
              <QrCode text={pass.qrText} label={M.qrLabel(registration.marathonTitle)} />
            </div>
            <div>
              <p className="text-base-content/75 text-sm">{M.code}</p>
              <p className="font-mono text-xl font-semibold tracking-wider break-all">{pass.code}</p>
            </div>
            <p className="text-base-content/75 text-sm">{M.show}</p>
            <a
              href={getRegistrationCalendarPath(registration._id)}
              download
              className="btn btn-outline btn-sm"
            >
              <CalendarIcon width={16} height={16} />
              {M.addToCalendar}
            </a>
          </>
        ) : (
          <p className="alert alert-info alert-soft w-full text-left">{pass.reason}</p>
        )}
      </div>
    </article>
  );
}
