import type { ReactNode } from 'react';
import type { Participant, RegistrationStatus } from '@stride/shared';
import { base } from '../../../components/ui/icons';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../lib/dates';
import { checkinText, type CheckinRace } from '../checkins';
import { deskFieldsOf, genderLabel, participantDetails, type DeskRace } from '../entry-answers';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import type { SortColumn, SortOrder } from '../participants-view';
import { deskAmount, isCancellable, paymentActionOf } from '../payments';

const L = PARTICIPANTS_MESSAGES.list;
const C = L.columns;

type Column = {
  header: string;
  /** `timeZone`: the race's, in which its times are shown. */
  cell: (participant: Participant, timeZone: string) => ReactNode;
  /** Headers of the columns the list can be ordered by are buttons. */
  sortColumn?: SortColumn;
  /** The column that names the row. */
  isRowHeader?: boolean;
};

export const fullName = (participant: Pick<Participant, 'firstName' | 'lastName'>) =>
  `${participant.firstName} ${participant.lastName}`;

/** The tab's first column: the bib, the place in line, or when a held place is released; none without either. */
const NUMBER: Record<RegistrationStatus, Column | null> = {
  registered: { header: C.bib, sortColumn: 'bib', cell: (participant) => participant.bib ?? '' },
  waitlisted: {
    header: C.position,
    sortColumn: 'position',
    cell: (participant) => participant.waitlistPosition ?? '',
  },
  pending_payment: {
    header: C.holdEnds,
    cell: (participant, timeZone) =>
      participant.holdExpiresAt && (
        <time dateTime={participant.holdExpiresAt} className="whitespace-nowrap">
          {formatDateTime(participant.holdExpiresAt, timeZone)}
        </time>
      ),
  },
  ballot: null,
  cancelled: null,
  expired: null,
};

const DETAILS: Column[] = [
  {
    header: C.lastName,
    sortColumn: 'lastName',
    isRowHeader: true,
    cell: (participant) => participant.lastName,
  },
  { header: C.firstName, cell: (participant) => participant.firstName },
  { header: C.email, cell: (participant) => participant.email },
  {
    header: C.contact,
    cell: (participant) => <span className="whitespace-nowrap">{participant.contact}</span>,
  },
  { header: C.info, cell: (participant) => participant.info || L.noInfo },
  {
    header: C.timestamp,
    sortColumn: 'timestamp',
    cell: (participant, timeZone) => (
      <>
        <time dateTime={participant.timestamp} className="whitespace-nowrap">
          {formatDateTime(participant.timestamp, timeZone)}
        </time>
        <EntryHistory participant={participant} timeZone={timeZone} />
      </>
    ),
  },
];

/** Under when an entry was made (issue 35): where it came out of the ballot, and who handed it on when. */
function EntryHistory({ participant, timeZone }: { participant: Participant; timeZone: string }) {
  const { ballot, transferredFrom } = participant;
  if (ballot === null && transferredFrom.length === 0) return null;
  return (
    <ul className="text-base-content/75 mt-1 min-w-48 space-y-0.5 text-xs">
      {ballot && <li>{L.ballotPosition(ballot.position)}</li>}
      {transferredFrom.map(({ name, email, at }) => (
        <li key={`${email}-${at}`}>{L.transferredFrom(name, email, formatDateTime(at, timeZone))}</li>
      ))}
    </ul>
  );
}

const orNone = (value: string | null) => value ?? L.noAnswer;

/** The entry form's columns (issue 31), after the others: only what the race collects. */
function entryFormColumns(race: DeskRace): Column[] {
  const shown = deskFieldsOf(race);
  return [
    ...(shown.gender
      ? [{ header: C.gender, cell: (p: Participant) => (p.gender ? genderLabel(p.gender) : L.noAnswer) }]
      : []),
    ...(shown.ageGroup
      ? [
          {
            header: C.ageGroup,
            cell: (p: Participant) => <span className="whitespace-nowrap">{orNone(p.ageGroup)}</span>,
          },
        ]
      : []),
    ...(shown.tShirtSize ? [{ header: C.tShirtSize, cell: (p: Participant) => orNone(p.tShirtSize) }] : []),
  ];
}

/**
 * The payment's columns (issue 32): its state and way, the amount the entry pays (paid once the state says so:
 * a fee is paid whole) with what was given back, and the receipt. Amounts are in the entry's currency (the
 * race's for a free one).
 */
function paymentColumns(raceCurrency: string): Column[] {
  const currencyOf = (participant: Participant) => participant.currency ?? raceCurrency;
  return [
    {
      header: C.payment,
      cell: (participant) => (
        <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
          <span className={`badge badge-sm ${PAYMENT_BADGE[participant.paymentStatus]}`}>
            {PARTICIPANTS_MESSAGES.paymentStatuses[participant.paymentStatus]}
          </span>
          {participant.paymentMethod && participant.paymentStatus !== 'free' && (
            <span className="text-base-content/75 text-xs">
              {PARTICIPANTS_MESSAGES.paymentMethods[participant.paymentMethod]}
            </span>
          )}
        </span>
      ),
    },
    {
      header: C.amount,
      cell: (participant) => (
        <span className="whitespace-nowrap">
          {deskAmount(participant.amountDue, currencyOf(participant))}
          {participant.amountRefunded > 0 && (
            <span className="text-base-content/75 block text-xs">
              {L.refunded(deskAmount(participant.amountRefunded, currencyOf(participant)))}
            </span>
          )}
        </span>
      ),
    },
    {
      header: C.receipt,
      cell: (participant) =>
        participant.receiptNumber === null
          ? L.none
          : PARTICIPANTS_MESSAGES.receipt(participant.receiptNumber),
    },
  ];
}

/**
 * The race-day check-in's column (issue 33), on the Registered tab (no one else can be checked in), last as in
 * the CSV: when the runner was checked in, as the race's clocks read it, or "Not yet".
 */
function checkinColumn(race: CheckinRace): Column {
  return {
    header: C.checkedIn,
    cell: (participant) =>
      participant.checkedInAt === null ? (
        <span className="text-base-content/75">{checkinText(participant, race)}</span>
      ) : (
        <time dateTime={participant.checkedInAt} className="whitespace-nowrap">
          {checkinText(participant, race)}
        </time>
      ),
  };
}

/** Money owed either way stands out; settled money is plain. */
const PAYMENT_BADGE: Record<Participant['paymentStatus'], string> = {
  free: 'badge-ghost',
  pending: 'badge-info',
  paid: 'badge-success',
  due: 'badge-warning',
  refunded: 'badge-ghost',
  partially_refunded: 'badge-ghost',
  refund_due: 'badge-warning',
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

type ParticipantsTableProps = {
  status: RegistrationStatus;
  /**
   * The race: its time zone (when each runner registered is shown as the clocks there read it) and its entry
   * form, whose answers the table shows; its start, whose day check-in times are shown without a date.
   */
  race: DeskRace & CheckinRace;
  participants: readonly Participant[];
  /** The race's currency when the table shows each entry's payment (issue 32); null for a free race. */
  paymentsCurrency: string | null;
  sorted: { column: SortColumn; order: SortOrder };
  onSort: (column: SortColumn) => void;
  onCancel: (participant: Participant) => void;
  /** Marks a fee due paid, or a refund due paid back. */
  onRecordPayment: (participant: Participant, status: 'paid' | 'refunded') => void;
};

/**
 * One page of a race's participants: bib (place in line on the waitlist, hold's end for a held place), names,
 * e-mail, contact, info, when they registered (race-local time), the gender, age group and T-shirt size the race
 * asks for, a paid race's payment, and on the Registered tab when each runner was checked in. The headers
 * of Bib, Last Name and Registered sort the list (`aria-sort` says how it is sorted); a row's other answers are
 * in its details; a live entry can be cancelled, a fee due on site marked paid and a refund due marked refunded.
 * A table from the md breakpoint up, cards on a phone.
 */
export function ParticipantsTable({
  status,
  race,
  participants,
  paymentsCurrency,
  sorted,
  onSort,
  onCancel,
  onRecordPayment,
}: ParticipantsTableProps) {
  const { timeZone } = race;
  const number = NUMBER[status];
  const columns: Array<TableColumn<Participant>> = [
    ...(number ? [number] : []),
    ...DETAILS,
    ...entryFormColumns(race),
    ...(paymentsCurrency === null ? [] : paymentColumns(paymentsCurrency)),
    ...(status === 'registered' ? [checkinColumn(race)] : []),
  ].map((column) => {
    const isSorted = column.sortColumn === sorted.column;
    return {
      header: column.header,
      isRowHeader: column.isRowHeader,
      cell: (participant) => column.cell(participant, timeZone),
      ariaSort: isSorted ? ARIA_SORT[sorted.order] : undefined,
      headerCell: column.sortColumn && (
        <button
          type="button"
          className="inline-flex cursor-pointer items-center gap-1"
          onClick={() => onSort(column.sortColumn!)}
        >
          {column.header}
          <SortIcon direction={isSorted ? sorted.order : null} />
        </button>
      ),
    };
  });
  return (
    <ResponsiveTable
      caption={L.caption(L.tabs[status])}
      rows={participants}
      rowKey={(participant) => participant._id}
      columns={columns}
      rowDetails={
        deskFieldsOf(race).details
          ? {
              buttonLabel: (participant) => (
                <span className="sr-only">{PARTICIPANTS_MESSAGES.details.of(fullName(participant))}</span>
              ),
              render: (participant) => <ParticipantDetails participant={participant} race={race} />,
            }
          : undefined
      }
      actions={(participant) => (
        <RowActions participant={participant} onCancel={onCancel} onRecordPayment={onRecordPayment} />
      )}
    />
  );
}

const PAYMENT_ACTION = {
  paid: PARTICIPANTS_MESSAGES.markPaid,
  refunded: PARTICIPANTS_MESSAGES.markRefunded,
} as const;

/** A row's buttons: the payment to record, if any, then cancelling a live entry. */
function RowActions({
  participant,
  onCancel,
  onRecordPayment,
}: Pick<ParticipantsTableProps, 'onCancel' | 'onRecordPayment'> & { participant: Participant }) {
  const action = paymentActionOf(participant);
  const name = fullName(participant);
  return (
    <div className="flex flex-wrap gap-2">
      {action && (
        <button
          type="button"
          className="btn btn-success btn-sm whitespace-nowrap"
          onClick={() => onRecordPayment(participant, action)}
        >
          {PAYMENT_ACTION[action].button}
          <span className="sr-only">{PAYMENT_ACTION[action].of(name)}</span>
        </button>
      )}
      {isCancellable(participant) && (
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm whitespace-nowrap"
          onClick={() => onCancel(participant)}
        >
          {PARTICIPANTS_MESSAGES.cancel.button}
          <span className="sr-only">{PARTICIPANTS_MESSAGES.cancel.of(name)}</span>
        </button>
      )}
    </div>
  );
}

/** A runner's answers to the entry form, beside one another as space allows. */
function ParticipantDetails({ participant, race }: { participant: Participant; race: DeskRace }) {
  return (
    <div role="group" aria-label={PARTICIPANTS_MESSAGES.details.label(fullName(participant))}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))]">
        {participantDetails(participant, race).map((item, index) => (
          <div key={index} className="min-w-0">
            <dt className="text-base-content/75 font-medium break-words">{item.term}</dt>
            <dd className="break-words whitespace-pre-wrap">{item.description}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Up and down arrows; the one of the current order stands out. */
function SortIcon({ direction }: { direction: SortOrder | null }) {
  return (
    <svg {...base} width={14} height={14}>
      <path d="m7 9 5-5 5 5" opacity={direction === 'desc' ? 0.3 : 1} />
      <path d="m7 15 5 5 5-5" opacity={direction === 'asc' ? 0.3 : 1} />
    </svg>
  );
}
