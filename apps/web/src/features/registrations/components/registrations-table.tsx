import { useState } from 'react';
import { Link } from 'react-router';
import type { Registration } from '@stride/shared';
import { CalendarIcon } from '../../../components/ui/link-icons';
import { ResponsiveTable, RowActions, type TableColumn } from '../../../components/ui/responsive-table';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/dates';
import { getRegistrationCalendarPath } from '../api/registrations-api';
import { APPLY_LIST_MESSAGES as M } from '../apply-list-messages';
import { getEntryStatusText, getRemovalLabel, isKeptWithoutPlace } from '../entry-status';
import { getPaymentText, isAwaitingPayment } from '../payment-state';
import { getResultText } from '../result-line';
import { getTransferState, type TransferState } from '../transfer-state';
import { PayNowButton } from './pay-now-button';

/** The columns after '#' and before Status. */
const DETAIL_COLUMNS: ReadonlyArray<TableColumn<Registration>> = [
  {
    header: M.columns.title,
    cell: (registration) => (
      <>
        {registration.marathonTitle}
        {registration.result && (
          <Link
            to={paths.results.card.href(registration.marathonId, registration.result.bib)}
            className="link link-primary block text-sm font-medium"
          >
            {getResultText(registration.result)}
            <span className="sr-only">{M.result.of(registration.marathonTitle)}</span>
          </Link>
        )}
      </>
    ),
    isRowHeader: true,
  },
  {
    header: M.columns.startDate,
    cell: (registration) => (
      <time dateTime={registration.marathonDate} className="whitespace-nowrap">
        {formatDay(registration.marathonDate, registration.marathonTimeZone)}
      </time>
    ),
  },
  { header: M.columns.name, cell: (registration) => `${registration.firstName} ${registration.lastName}` },
  {
    header: M.columns.contact,
    cell: (registration) => <span className="whitespace-nowrap">{registration.contact}</span>,
  },
  { header: M.columns.info, cell: (registration) => registration.info || M.noInfo },
  {
    header: M.columns.registeredOn,
    cell: (registration) => (
      <time dateTime={registration.timestamp} className="whitespace-nowrap">
        {formatDay(registration.timestamp, registration.marathonTimeZone)}
      </time>
    ),
  },
];

const PAYMENT_COLUMN: TableColumn<Registration> = {
  header: M.columns.payment,
  cell: (registration) => getPaymentText(registration, registration.marathonTimeZone),
};

/**
 * '#' then the details: the rows are numbered from `firstNumber`, so the numbers go on from page to page. The
 * Status cell says under the status whether the place can be handed on (`transferOf`), or is offered.
 */
function numberedColumns(
  firstNumber: number,
  transferOf: (registration: Registration) => TransferState,
): ReadonlyArray<TableColumn<Registration>> {
  return [
    { header: M.columns.number, cell: (_, index) => firstNumber + index, isTableOnly: true },
    ...DETAIL_COLUMNS,
    {
      header: M.columns.status,
      cell: (registration) => {
        const transfer = transferOf(registration);
        return (
          <>
            {getEntryStatusText(registration)}
            {transfer.kind !== 'none' && (
              <span className="text-base-content/75 block text-sm">{transfer.text}</span>
            )}
          </>
        );
      },
    },
    PAYMENT_COLUMN,
  ];
}

/**
 * docs/SPEC.md §2 My Apply List: #, Marathon Title, Start Date, Name, Contact, Info ('-' when empty), Registered On,
 * then Status (bib or place in line, a ballot's drawn position, whether the place can be handed on), Payment
 * (issue 32), Actions (cards on small screens). Besides Update and Delete ('Leave waitlist' for a runner in line,
 * 'Leave ballot' before a draw), each place's race pass (issue 33) and calendar file to download, "Pay now" for a
 * place held while its runner pays, and "Transfer" or "Withdraw offer" (issue 35). An entry kept without a place
 * (cancelled, released) is only shown.
 */
export function RegistrationsTable({
  registrations,
  firstNumber,
  onUpdate,
  onDelete,
  onTransfer,
  onWithdrawTransfer,
}: {
  registrations: readonly Registration[];
  /** The '#' of the first row: 1 on the first page, 21 on the second page of 20. */
  firstNumber: number;
  onUpdate: (registration: Registration) => void;
  onDelete: (registration: Registration) => void;
  /** Opens the dialog that offers the place to another runner. */
  onTransfer: (registration: Registration) => void;
  onWithdrawTransfer: (registration: Registration) => void;
}) {
  // Whether a place can still be offered is read as of when the list was shown.
  const [shownAt] = useState(() => new Date());
  const transferOf = (registration: Registration) => getTransferState(registration, shownAt);
  return (
    <ResponsiveTable
      caption={M.caption}
      rows={registrations}
      rowKey={(registration) => registration._id}
      columns={numberedColumns(firstNumber, transferOf)}
      actions={(registration) =>
        isKeptWithoutPlace(registration) ? null : (
          <RowActions
            itemName={registration.marathonTitle}
            onUpdate={() => onUpdate(registration)}
            onDelete={() => onDelete(registration)}
            deleteLabel={getRemovalLabel(registration)}
          >
            {isAwaitingPayment(registration) && (
              <PayNowButton
                registrationId={registration._id}
                itemName={registration.marathonTitle}
                className="btn btn-success btn-sm"
              />
            )}
            {/* A place in line or held for payment is not yet a race to go to: no race pass, and its mail has
                no calendar file either. */}
            {registration.status === 'registered' && (
              <>
                <Link
                  to={paths.racePass.href(registration._id)}
                  aria-label={M.passOf(registration.marathonTitle)}
                  className="btn btn-outline btn-sm"
                >
                  {M.passLink}
                </Link>
                <a
                  href={getRegistrationCalendarPath(registration._id)}
                  download
                  aria-label={M.calendarFile(registration.marathonTitle)}
                  className="btn btn-outline btn-sm"
                >
                  <CalendarIcon width={16} height={16} />
                  {M.calendarLink}
                </a>
              </>
            )}
            <TransferButton
              state={transferOf(registration)}
              title={registration.marathonTitle}
              onTransfer={() => onTransfer(registration)}
              onWithdraw={() => onWithdrawTransfer(registration)}
            />
          </RowActions>
        )
      }
    />
  );
}

/** "Transfer" for a place that can be offered, "Withdraw offer" for one that is; nothing otherwise. */
function TransferButton({
  state,
  title,
  onTransfer,
  onWithdraw,
}: {
  state: TransferState;
  title: string;
  onTransfer: () => void;
  onWithdraw: () => void;
}) {
  const T = M.transfer;
  switch (state.kind) {
    case 'none':
      return null;
    case 'available':
      return (
        <button type="button" className="btn btn-outline btn-sm" onClick={onTransfer}>
          {T.button}
          <span className="sr-only">{T.of(title)}</span>
        </button>
      );
    case 'offered':
      return (
        <button type="button" className="btn btn-outline btn-warning btn-sm" onClick={onWithdraw}>
          {T.withdraw}
          <span className="sr-only">{T.withdrawOf(title)}</span>
        </button>
      );
  }
}
