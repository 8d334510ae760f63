import { Fragment, useId, useState, type ReactNode } from 'react';
import { base } from './icons';

export type TableColumn<T> = {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** The column that names the row: a row header in the table, the heading of the card. */
  isRowHeader?: boolean;
  /** Shown in the table only (e.g. a row number). */
  isTableOnly?: boolean;
  /** What the table's header cell shows instead of `header` (a button that sorts by the column). */
  headerCell?: ReactNode;
  /** How the rows are sorted by this column, when they are. */
  ariaSort?: 'ascending' | 'descending' | undefined;
};

type ResponsiveTableProps<T> = {
  /** Names the table for screen readers. */
  caption: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: ReadonlyArray<TableColumn<T>>;
  /** The buttons of a row, in the last column 'Actions' and at the foot of a card. */
  actions: (row: T) => ReactNode;
  /**
   * More about a row, shown under it on demand: a toggle button ('Details', its accessible name completed by
   * `buttonLabel`) comes first among the row's actions; the table shows `render` in a row of its own below.
   */
  rowDetails?: { buttonLabel: (row: T) => ReactNode; render: (row: T) => ReactNode } | undefined;
};

/**
 * A table from the md breakpoint up and a list of cards below it, so a phone never scrolls sideways. Only one
 * of the two is displayed, so only one is in the accessibility tree.
 */
export function ResponsiveTable<T>({
  caption,
  rows,
  rowKey,
  columns,
  actions,
  rowDetails,
}: ResponsiveTableProps<T>) {
  const rowHeader = columns.find((column) => column.isRowHeader);
  const cardFields = columns.filter((column) => !column.isRowHeader && !column.isTableOnly);
  const detailsId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const isExpanded = (row: T) => expanded.has(rowKey(row));
  const detailsIdOf = (row: T, view: 'table' | 'card') => `${detailsId}-${view}-${rowKey(row)}`;

  /** The row's buttons, after its details' toggle when it has details. */
  function rowActions(row: T, view: 'table' | 'card') {
    if (!rowDetails) return actions(row);
    const key = rowKey(row);
    const isOpen = expanded.has(key);
    const toggle = () =>
      setExpanded((current) => {
        const next = new Set(current);
        if (isOpen) next.delete(key);
        else next.add(key);
        return next;
      });
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm whitespace-nowrap"
          aria-expanded={isOpen}
          aria-controls={isOpen ? detailsIdOf(row, view) : undefined}
          onClick={toggle}
        >
          <DisclosureIcon isOpen={isOpen} />
          Details
          {rowDetails.buttonLabel(row)}
        </button>
        {actions(row)}
      </div>
    );
  }
  return (
    <>
      <div className="border-base-300 @container hidden overflow-x-auto rounded-box border md:block">
        <table className="table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" aria-sort={column.ariaSort} className="whitespace-nowrap">
                  {column.headerCell ?? column.header}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <Fragment key={rowKey(row)}>
                <tr>
                  {columns.map((column) =>
                    column.isRowHeader ? (
                      <th key={column.header} scope="row" className="font-semibold">
                        {column.cell(row, index)}
                      </th>
                    ) : (
                      <td key={column.header}>{column.cell(row, index)}</td>
                    ),
                  )}
                  <td>{rowActions(row, 'table')}</td>
                </tr>
                {rowDetails && isExpanded(row) && (
                  <tr id={detailsIdOf(row, 'table')} className="bg-base-200/50">
                    <td colSpan={columns.length + 1}>
                      {/* As wide as the visible part of a table wider than its box, and kept in view as it scrolls. */}
                      <div className="sticky left-4 w-[calc(100cqw-2rem)]">{rowDetails.render(row)}</div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-4 md:hidden" aria-label={caption}>
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="card bg-base-100 border-base-300 border shadow-sm">
            <div className="card-body gap-3 p-4">
              {rowHeader && <h2 className="card-title text-lg break-words">{rowHeader.cell(row, index)}</h2>}
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {cardFields.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-base-content/75 font-medium">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row, index)}</dd>
                  </div>
                ))}
              </dl>
              {rowDetails && isExpanded(row) && (
                <div id={detailsIdOf(row, 'card')} className="border-base-300 border-t pt-3">
                  {rowDetails.render(row)}
                </div>
              )}
              <div className="card-actions justify-end">{rowActions(row, 'card')}</div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * 'Update' and 'Delete' for one record, then any other actions of the row (`children`); screen readers also hear
 * which record. `deleteLabel` names a removal that is not a plain delete (e.g. 'Leave waitlist').
 */
export function RowActions({
  itemName,
  onUpdate,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: {
  itemName: string;
  onUpdate: () => void;
  onDelete: () => void;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-primary btn-sm" onClick={onUpdate}>
        Update<span className="sr-only"> {itemName}</span>
      </button>
      <button type="button" className="btn btn-error btn-sm" onClick={onDelete}>
        {deleteLabel}
        <span className="sr-only"> {itemName}</span>
      </button>
      {children}
    </div>
  );
}

/** A chevron pointing right when closed, down when open. */
function DisclosureIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg {...base} width={14} height={14} className={`transition-transform ${isOpen ? 'rotate-90' : ''}`}>
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
