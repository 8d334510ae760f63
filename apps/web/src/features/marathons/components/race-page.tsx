import { useState } from 'react';
import { Link } from 'react-router';
import { DISTANCE_LABELS, type Marathon, type RegistrationEntry } from '@stride/shared';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { getBallotLine } from '../ballot-line';
import { getPlacesText } from '../capacity';
import { DETAILS_MESSAGES } from '../details-messages';
import { RACE_PAGE_MESSAGES } from '../race-page-messages';
import { getRegistrationState } from '../registration-window';
import { AddToCalendar } from './add-to-calendar';
import { BallotSummary } from './ballot-summary';
import { RaceOverview, getEntryFacts, getPriceFact, type RaceFact } from './race-overview';
import { RegistrationStatus } from './registration-status';
import { ShareRace } from './share-race';

/**
 * A race's public page, for anyone with the link: poster, title, when (the race's own clocks), where, how far,
 * the places left (or its ballot, with a link to the ballot's record), the register button (through sign-in for a visitor), the calendar file while the race is
 * ahead, and Share. `myRegistration` is a signed-in runner's entry (null: none). Give it a `key` per race.
 */
export function RacePage({
  marathon,
  myRegistration,
}: {
  marathon: Marathon;
  myRegistration: RegistrationEntry | null;
}) {
  const [openedAt] = useState(() => new Date());
  const placesText = getPlacesText(marathon);
  const ballotLine = getBallotLine(marathon);
  const pagePath = paths.race.href(marathon._id);
  const facts: RaceFact[] = [
    {
      label: RACE_PAGE_MESSAGES.starts,
      value: (
        <time dateTime={marathon.startDate}>{formatDateTime(marathon.startDate, marathon.timeZone)}</time>
      ),
    },
    { label: DETAILS_MESSAGES.location, value: marathon.location },
    { label: DETAILS_MESSAGES.distance, value: DISTANCE_LABELS[marathon.distance] },
    getPriceFact(marathon, openedAt),
    ...getEntryFacts(marathon),
  ];

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 [overflow-wrap:anywhere]">
      <RaceOverview marathon={marathon} facts={facts}>
        {placesText && <p className="text-lg font-semibold">{placesText}</p>}
        {ballotLine && <BallotSummary text={ballotLine} raceId={marathon._id} />}
        <RegistrationStatus
          marathonId={marathon._id}
          state={getRegistrationState(marathon, openedAt, myRegistration)}
        />
        <div className="flex flex-wrap items-center gap-2">
          {/* A race that has been run is no longer something to add to a calendar. */}
          {new Date(marathon.startDate) > openedAt && (
            <AddToCalendar marathon={marathon} pagePath={pagePath} />
          )}
          <ShareRace title={marathon.title} url={new URL(pagePath, window.location.origin).href} />
          {marathon.resultsPublished && (
            <Link to={paths.results.href(marathon._id)} className="btn btn-outline btn-sm">
              {RACE_PAGE_MESSAGES.results}
            </Link>
          )}
        </div>
        <p className="text-base-content/85 whitespace-pre-line">{marathon.description}</p>
      </RaceOverview>
    </article>
  );
}
