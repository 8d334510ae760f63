import { Link } from 'react-router';
import { DISTANCE_LABELS, type Marathon } from '@stride/shared';
import { ResponsiveTable, RowActions, type TableColumn } from '../../../components/ui/responsive-table';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/dates';
import { getRunnersText } from '../capacity';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../dashboard-messages';

const COLUMNS: ReadonlyArray<TableColumn<Marathon>> = [
  { header: M.columns.name, cell: (marathon) => marathon.title, isRowHeader: true },
  {
    header: M.columns.date,
    cell: (marathon) => (
      <time dateTime={marathon.startDate} className="whitespace-nowrap">
        {formatDay(marathon.startDate, marathon.timeZone)}
      </time>
    ),
  },
  { header: M.columns.distance, cell: (marathon) => DISTANCE_LABELS[marathon.distance] },
  { header: M.columns.location, cell: (marathon) => marathon.location },
  { header: M.columns.runners, cell: getRunnersText },
];

/**
 * docs/SPEC.md §2 My Marathons: Marathon Name, Date, Distance, Location, then Runners (registered / limit and the
 * waitlist), Actions (cards on small screens): Update, Delete and the race's Participants (ADR 018).
 */
export function MyMarathonsTable({
  marathons,
  onUpdate,
  onDelete,
}: {
  marathons: readonly Marathon[];
  onUpdate: (marathon: Marathon) => void;
  onDelete: (marathon: Marathon) => void;
}) {
  return (
    <ResponsiveTable
      caption={M.listCaption}
      rows={marathons}
      rowKey={(marathon) => marathon._id}
      columns={COLUMNS}
      actions={(marathon) => (
        <RowActions
          itemName={marathon.title}
          onUpdate={() => onUpdate(marathon)}
          onDelete={() => onDelete(marathon)}
        >
          <Link to={paths.participants.href(marathon._id)} className="btn btn-outline btn-sm">
            {M.participantsLink}
            <span className="sr-only"> {M.participantsOf(marathon.title)}</span>
          </Link>
        </RowActions>
      )}
    />
  );
}
