import { Link } from 'react-router';
import type { StaffRace } from '@stride/shared';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/dates';
import { TEAM_MESSAGES } from '../team-messages';
import { canOrganize } from '../team-roles';

const M = TEAM_MESSAGES.races;

const COLUMNS: ReadonlyArray<TableColumn<StaffRace>> = [
  { header: M.columns.title, cell: (race) => race.title, isRowHeader: true },
  {
    header: M.columns.date,
    cell: (race) => (
      <time dateTime={race.startDate} className="whitespace-nowrap">
        {formatDay(race.startDate, race.timeZone)}
      </time>
    ),
  },
  { header: M.columns.role, cell: (race) => TEAM_MESSAGES.roles[race.role] },
];

/**
 * The races the user helps with: name, race-local day and their role. Every member checks runners in; a
 * co-organizer also opens the race's desk and updates the race (`onUpdate`).
 */
export function TeamRacesTable({
  races,
  onUpdate,
}: {
  races: readonly StaffRace[];
  onUpdate: (race: StaffRace) => void;
}) {
  return (
    <ResponsiveTable
      caption={M.caption}
      rows={races}
      rowKey={(race) => race._id}
      columns={COLUMNS}
      actions={(race) => (
        <div className="flex flex-wrap gap-2">
          <Link to={paths.checkin.href(race._id)} className="btn btn-primary btn-sm">
            {M.checkIn}
            <span className="sr-only">{M.for(race.title)}</span>
          </Link>
          {canOrganize(race.role) && (
            <>
              <Link to={paths.participants.href(race._id)} className="btn btn-outline btn-sm">
                {M.desk}
                <span className="sr-only">{M.of(race.title)}</span>
              </Link>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => onUpdate(race)}>
                {M.edit}
                <span className="sr-only"> {race.title}</span>
              </button>
            </>
          )}
        </div>
      )}
    />
  );
}
