import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DISTANCE_LABELS, type Marathon, type RegistrationEntry } from '@stride/shared';
import { paths } from '../../../config/paths';
import { getBallotLine } from '../ballot-line';
import { getPlacesText } from '../capacity';
import { DETAILS_MESSAGES } from '../details-messages';
import { getRegistrationState } from '../registration-window';
import { AddToCalendar } from './add-to-calendar';
import { BallotSummary } from './ballot-summary';
import { CountdownRings } from './countdown-rings';
import { DateBadges } from './date-badges';
import { RaceOverview, getEntryFacts, getPriceFact, type RaceFact } from './race-overview';
import { RegistrationStatus } from './registration-status';

/**
 * A race's details (docs/SPEC.md §2): poster, title, facts, the places left (a limited race) or its ballot (a race
 * entered by ballot), the three dates with links to add the race to a calendar, the register area and the
 * countdown.
 * `myRegistration` is the signed-in runner's entry for the race (null: none; undefined: not known). Give it a
 * `key` per race.
 */
export function MarathonDetails({
  marathon,
  myRegistration,
}: {
  marathon: Marathon;
  myRegistration: RegistrationEntry | null | undefined;
}) {
  const [openedAt] = useState(() => new Date());
  const countdownHeadingId = useId();
  const placesText = getPlacesText(marathon);
  const ballotLine = getBallotLine(marathon);
  const facts: RaceFact[] = [
    { label: DETAILS_MESSAGES.location, value: marathon.location },
    { label: DETAILS_MESSAGES.distance, value: DISTANCE_LABELS[marathon.distance] },
    getPriceFact(marathon, openedAt),
    { label: DETAILS_MESSAGES.totalRegistrations, value: marathon.totalRegistrationCount ?? 0 },
    ...getEntryFacts(marathon),
  ];

  return (
    <article className="mx-auto max-w-6xl space-y-10 px-4 py-10 [overflow-wrap:anywhere]">
      <RaceOverview marathon={marathon} facts={facts}>
        {placesText && <p className="text-lg font-semibold">{placesText}</p>}
        {ballotLine && <BallotSummary text={ballotLine} raceId={marathon._id} />}
        <DateBadges marathon={marathon} />
        {/* A race that has been run is no longer something to add to a calendar. */}
        {new Date(marathon.startDate) > openedAt && <AddToCalendar marathon={marathon} />}
        {marathon.resultsPublished && (
          <p>
            <Link to={paths.results.href(marathon._id)} className="btn btn-outline btn-sm">
              {DETAILS_MESSAGES.results}
            </Link>
          </p>
        )}
        <p className="text-base-content/85 whitespace-pre-line">{marathon.description}</p>
        <RegistrationStatus
          marathonId={marathon._id}
          state={getRegistrationState(marathon, openedAt, myRegistration)}
        />
      </RaceOverview>
      <section
        aria-labelledby={countdownHeadingId}
        className="rounded-box border-base-300 bg-base-100 space-y-6 border p-6 text-center"
      >
        <h2 id={countdownHeadingId} className="text-2xl font-bold">
          {DETAILS_MESSAGES.countdownHeading}
        </h2>
        <CountdownRings startDate={marathon.startDate} />
      </section>
    </article>
  );
}
