import { type InferColumnsDataTypes, type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type Gender,
  type Participant,
  type PaymentStatus,
  type Question,
  type RegistrationFields,
  type RegistrationStatus,
  UNANSWERED,
} from '@stride/shared';
import { checkins, marathons, registrations, users } from '../../db/schema/index.js';
import { ballotOutcomeOf } from '../../db/ballot-shape.js';
import { isoInstant } from '../../db/json-text.js';
import { preparedStatement } from '../../db/prepared.js';
import type { Executor } from '../../db/transaction.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { AnswerCount, MoneyTotals } from './race-stats.js';

/**
 * Which entries the organizer asked for: one status (without one, the live entries: {@link LIVE_STATUSES}), a
 * search, a gender, days of birth (an age group as the range of days its runners were born on: `bornBy` at the
 * latest, after `bornAfter`), and a payment status.
 */
export type ParticipantFilters = {
  status?: RegistrationStatus | undefined;
  q?: string | undefined;
  gender?: Gender | typeof UNANSWERED | undefined;
  born?: BornFilter | undefined;
  paymentStatus?: PaymentStatus | undefined;
  /** Checked in on race day (true) or not (false). */
  checkedIn?: boolean | undefined;
};

/**
 * The entries the desk shows unless a status is asked for, in the `line` order's status order: held while their
 * runner pays, holding a place, in line. Those kept without a place (cancelled with money on them, holds released
 * unpaid) are shown by their status alone.
 */
const LIVE_STATUSES = [
  'pending_payment',
  'registered',
  'waitlisted',
] as const satisfies readonly RegistrationStatus[];

/**
 * {@link LIVE_STATUSES} as a condition: they are exactly the statuses sorting from 'pending_payment' on
 * ('cancelled' < 'expired' < 'pending_payment' < 'registered' < 'waitlisted'), so the condition is one range of
 * registrations_line_idx after the race, which its scan keeps in order; `in (…)` would be three ranges, merged by
 * a sort, and `not in (…)` a filter over the kept entries too.
 */
const isLive = sql`${registrations.status} >= 'pending_payment'`;

/** An age group's runners by their days of birth, or those in no group (none given, or too young for the first). */
export type BornFilter =
  { kind: 'range'; bornBy: string; bornAfter: string | null } | { kind: 'unanswered'; bornAfter: string };

/** The participant list's orders: `line` is registered by bib, then the waitlist in line order. */
export type ParticipantOrder = { sort: 'line' | 'lastName' | 'timestamp'; descending: boolean };

/** What happened to an entry before it stood as it does (issue 35): its ballot draw, and its earlier holders. */
export type EntryHistory = Pick<Participant, 'ballot' | 'transferredFrom'>;

/** An entry with no ballot draw and no earlier holders. */
export const NO_HISTORY: EntryHistory = { ballot: null, transferredFrom: [] };

/** An entry with its place in line (null unless waitlisted). */
export type PlacedParticipantRow = ParticipantRow & { position: number | null };

/** What the desk needs of the race itself: its organizer, title, limit, counters and window. */
export type Race = {
  creatorId: string;
  title: string;
  /** The race's IANA time zone: the CSV's times are written as its clocks read them. */
  timeZone: string;
  capacity: number | null;
  registered: number;
  waitlisted: number;
  /** Places held while their runners pay. */
  pending: number;
  startRegDate: Date;
  endRegDate: Date;
  /** The race's start day where it is run, YYYY-MM-DD: ages are counted on it. */
  raceDay: string;
  registrationFields: RegistrationFields;
  tShirtSizes: string[];
  questions: Question[];
  retiredQuestions: Question[];
  ageGroups: number[] | null;
};

/**
 * A row of the page statement: the race's columns, then an entry's as the driver gives them (all null when the
 * page is empty), its place in line and, counted, the number of matches.
 */
type PageRow = PageRaceColumns & {
  [Key in keyof ParticipantRow]: unknown;
} & { position: number | null; matched: number | null };

type PageRaceColumns = {
  creator_id: string;
  title: string;
  capacity: number | null;
  registered: number;
  waitlisted: number;
  pending: number;
  start_reg_date: Date | string;
  end_reg_date: Date | string;
  time_zone: string;
  race_day: string;
  registration_fields: RegistrationFields;
  t_shirt_sizes: string[];
  questions: Question[];
  retired_questions: Question[];
  age_groups: number[] | null;
};

/**
 * An entry's fields the desk reads, each under its key: the page statement selects them under these names and
 * reads them back as the export's chunks do (one list: a field added here is on every row of both).
 */
const participantColumns = {
  id: registrations.id,
  status: registrations.status,
  bib: registrations.bib,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  email: users.email,
  contact: registrations.contact,
  info: registrations.info,
  createdAt: registrations.createdAt,
  dateOfBirth: registrations.dateOfBirth,
  gender: registrations.gender,
  tShirtSize: registrations.tShirtSize,
  emergencyContactName: registrations.emergencyContactName,
  emergencyContactPhone: registrations.emergencyContactPhone,
  answers: registrations.answers,
  waiverVersion: registrations.waiverVersion,
  waiverAcceptedAt: registrations.waiverAcceptedAt,
  paymentMethod: registrations.paymentMethod,
  paymentStatus: registrations.paymentStatus,
  amountDue: registrations.amountDue,
  amountPaid: registrations.amountPaid,
  amountRefunded: registrations.amountRefunded,
  currency: registrations.currency,
  discountCode: registrations.discountCode,
  receiptNumber: registrations.receiptNumber,
  holdExpiresAt: registrations.holdExpiresAt,
  checkedInAt: checkins.checkedInAt,
};

/** An entry with its runner's details, before its place in line is known. */
export type ParticipantRow = Omit<InferColumnsDataTypes<typeof participantColumns>, 'checkedInAt'> & {
  /** From a left join: null when the runner is not checked in. */
  checkedInAt: Date | null;
};

/** An entry as the page statement selects it, under {@link participantColumns}' keys. */
const PARTICIPANT_SELECT = sql.join(
  Object.entries(participantColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** An entry of the page statement, its values mapped as drizzle maps a select's (both drivers give the same text). */
function participantRowOf(row: PageRow): ParticipantRow {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(participantColumns)) {
    const value = row[key as keyof ParticipantRow];
    values[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return values as ParticipantRow;
}

/**
 * Each order's columns, ending in a unique one; each has its index (registrations_line_idx, _name_idx,
 * _created_idx), scanned backwards for the descending order. `line` needs no CASE: 'pending_payment' sorts before
 * 'registered' and that before 'waitlisted', a registered entry's bib is unique in its race and a waitlisted
 * one's waitlist_seq everywhere; the other statuses have neither, so their entries follow their ids.
 */
const ORDER_COLUMNS: Record<ParticipantOrder['sort'], AnyPgColumn[]> = {
  line: [registrations.status, registrations.bib, registrations.waitlistSeq, registrations.id],
  lastName: [registrations.lastName, registrations.firstName, registrations.id],
  timestamp: [registrations.createdAt, registrations.id],
};

const orderBy = ({ sort, descending }: ParticipantOrder) =>
  ORDER_COLUMNS[sort].map((column) => (descending ? desc(column) : asc(column)));

/** A column of a keyset, with the SQL type its value is read back as (values travel as text). */
type KeyColumn = { column: AnyPgColumn; type: 'text' | 'uuid' | 'int' | 'bigint' | 'timestamptz' };

/**
 * A stretch of an order whose key columns are never null and unique together, so that the next rows are
 * "after this key": the export reads each one in keyset chunks. `line` is one per status, as the page orders them.
 */
export type ExportSegment = { status?: RegistrationStatus | undefined; keys: KeyColumn[] };

const ID_KEY: KeyColumn = { column: registrations.id, type: 'uuid' };
/** Each status's key in the `line` order: entries without a bib or a place in line follow their ids. */
const LINE_KEYS: Record<RegistrationStatus, KeyColumn[]> = {
  pending_payment: [ID_KEY],
  ballot: [ID_KEY],
  registered: [{ column: registrations.bib, type: 'int' }],
  waitlisted: [{ column: registrations.waitlistSeq, type: 'bigint' }],
  cancelled: [ID_KEY],
  expired: [ID_KEY],
};

/** The segments of `order` for the entries of `status` (or the live ones), in ascending order. */
export function exportSegments(sort: ParticipantOrder['sort'], status?: RegistrationStatus): ExportSegment[] {
  switch (sort) {
    case 'line':
      return (status ? [status] : LIVE_STATUSES).map((each) => ({
        status: each,
        keys: LINE_KEYS[each],
      }));
    case 'lastName':
      return [
        {
          status,
          keys: [
            { column: registrations.lastName, type: 'text' },
            { column: registrations.firstName, type: 'text' },
            ID_KEY,
          ],
        },
      ];
    case 'timestamp':
      return [{ status, keys: [{ column: registrations.createdAt, type: 'timestamptz' }, ID_KEY] }];
  }
}

const BIB = /^\d{1,9}$/;

/**
 * How a search finds its matches. pg_trgm can use the index only for a term with a trigram in it (three letters
 * or digits in a row); for a shorter one the index would be read whole, so such a term scans the race's entries.
 */
type SearchKind = 'trigram' | 'scan';

/**
 * What a search looks for: the whole text, and as a LIKE pattern its longest run of (ASCII) letters and digits,
 * which the index looks up (every trigram of a pasted address would cost more than the run's alone; a run is the
 * same with or without accents around it); and the bib the text names (null unless it is a number).
 */
type SearchTerm = { kind: SearchKind; text: unknown; runPattern: unknown; bib: unknown };

const ALPHANUMERIC_RUNS = /[a-z0-9]+/gi;

function searchOf(q: string): { kind: SearchKind; text: string; runPattern: string; bib: number | null } {
  const longestRun = (q.match(ALPHANUMERIC_RUNS) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  return {
    kind: longestRun.length >= 3 ? 'trigram' : 'scan',
    text: q,
    runPattern: containsPattern(longestRun),
    bib: BIB.test(q) ? Number(q) : null,
  };
}

/**
 * `text` as search_text holds it (without accents, then in lower case: migration 0011's registration_search_text)
 * anywhere, as a LIKE pattern whose own `%`, `_` and `\` match themselves: escaped after unaccent, which makes a
 * full-width ％ a %. Worked out once per statement (a subquery), not once per entry.
 */
const containsSearchText = (text: unknown) => sql`(select '%' || replace(replace(replace(
  lower(stride_unaccent(${text}::text)), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;

/**
 * `q` anywhere in the runner's full name ("Ada Lovelace" as well as either part) or e-mail address, ignoring
 * case and accents, or their bib: the race's entries found in registration_search, or by their bib. A `trigram`
 * search asks registration_search_idx for the race's entries holding the term's longest run (from its trigrams
 * or, when most of the race holds it, from the race's key), then checks the whole term; a `scan` search checks
 * every entry of the race, behind an expression the index cannot take.
 */
function searchFor(raceId: unknown, { kind, text, runPattern, bib }: SearchTerm): SQL {
  const unindexed = sql`(search.search_text || '') like ${containsSearchText(text)}`;
  const inText =
    kind === 'trigram' ? sql`search.search_text like lower(${runPattern}) and ${unindexed}` : unindexed;
  return sql`${registrations.id} = any(array(
    select search.registration_id from registration_search search where search.marathon_id = ${raceId} and ${inText}
    union all
    select numbered.id from registrations numbered where numbered.marathon_id = ${raceId} and numbered.bib = ${bib}))`;
}

/**
 * The entry's values the desk narrows by (its answers, its payment), or the placeholders of a prepared statement
 * that stand for them.
 */
type Narrowing = {
  gender: { kind: 'value'; value: unknown } | { kind: 'unanswered' } | undefined;
  born:
    | { kind: 'range'; bornBy: unknown; bornAfter: unknown }
    | { kind: 'unanswered'; bornAfter: unknown }
    | undefined;
  paymentStatus: unknown;
  /** Not a placeholder: each value is a statement of its own ({@link narrowingShape}). */
  checkedIn: boolean | undefined;
};

const NOT_NARROWED: Narrowing = {
  gender: undefined,
  born: undefined,
  paymentStatus: undefined,
  checkedIn: undefined,
};

/** The entry's check-in, if it has one (issue 33). */
const checkedInEntry = sql`select from ${checkins} where ${checkins.registrationId} = ${registrations.id}`;

function narrowingMatch({ gender, born, paymentStatus, checkedIn }: Narrowing): SQL | undefined {
  const { dateOfBirth } = registrations;
  return and(
    gender === undefined
      ? undefined
      : gender.kind === 'unanswered'
        ? sql`${registrations.gender} is null`
        : sql`${registrations.gender} = ${gender.value}`,
    born === undefined
      ? undefined
      : born.kind === 'unanswered'
        ? sql`(${dateOfBirth} is null or ${dateOfBirth} > ${born.bornAfter}::date)`
        : and(
            sql`${dateOfBirth} <= ${born.bornBy}::date`,
            born.bornAfter === null ? undefined : sql`${dateOfBirth} > ${born.bornAfter}::date`,
          ),
    paymentStatus === undefined ? undefined : sql`${registrations.paymentStatus} = ${paymentStatus}`,
    checkedIn === undefined
      ? undefined
      : checkedIn
        ? sql`exists (${checkedInEntry})`
        : sql`not exists (${checkedInEntry})`,
  );
}

/** The race's entries of the status (or the live ones) that match the search and the narrowing asked for, if any. */
function matching(
  raceId: unknown,
  status: RegistrationStatus | undefined,
  search: SearchTerm | undefined,
  narrowing: Narrowing = NOT_NARROWED,
): SQL {
  return and(
    sql`${registrations.marathonId} = ${raceId}`,
    status ? eq(registrations.status, status) : isLive,
    search ? searchFor(raceId, search) : undefined,
    narrowingMatch(narrowing),
  )!;
}

/** The filters' narrowing with its values. */
const narrowingOf = ({ gender, born, paymentStatus, checkedIn }: ParticipantFilters): Narrowing => ({
  gender:
    gender === undefined
      ? undefined
      : gender === UNANSWERED
        ? { kind: 'unanswered' }
        : { kind: 'value', value: gender },
  born,
  paymentStatus,
  checkedIn,
});

const matchingFilters = (raceId: string, filters: ParticipantFilters) =>
  matching(
    raceId,
    filters.status,
    filters.q === undefined ? undefined : searchOf(filters.q),
    narrowingOf(filters),
  );

const isNarrowed = ({ gender, born, paymentStatus, checkedIn }: ParticipantFilters) =>
  gender !== undefined || born !== undefined || paymentStatus !== undefined || checkedIn !== undefined;

/** The shape of a filters' narrowing (which are asked for, and how), as a prepared statement is planned for it. */
const narrowingShape = ({ gender, born, paymentStatus, checkedIn }: ParticipantFilters) =>
  `${gender === undefined ? '' : gender === UNANSWERED ? 'g0' : 'g'}:${born === undefined ? '' : born.kind === 'unanswered' ? 'b0' : born.bornAfter === null ? 'b1' : 'b2'}:${paymentStatus === undefined ? '' : 'p'}:${checkedIn === undefined ? '' : checkedIn ? 'c1' : 'c0'}`;

/** The placeholders of the filters' narrowing, as {@link narrowingShape} says which there are. */
function narrowingPlaceholders({ gender, born, paymentStatus, checkedIn }: ParticipantFilters): Narrowing {
  return {
    gender:
      gender === undefined
        ? undefined
        : gender === UNANSWERED
          ? { kind: 'unanswered' }
          : { kind: 'value', value: placeholder('gender') },
    born:
      born === undefined
        ? undefined
        : born.kind === 'unanswered'
          ? { kind: 'unanswered', bornAfter: placeholder('bornAfter') }
          : {
              kind: 'range',
              bornBy: placeholder('bornBy'),
              bornAfter: born.bornAfter === null ? null : placeholder('bornAfter'),
            },
    paymentStatus: paymentStatus === undefined ? undefined : placeholder('paymentStatus'),
    checkedIn,
  };
}

/** The values of the filters' narrowing's placeholders. */
const narrowingValues = ({ gender, born, paymentStatus }: ParticipantFilters) => ({
  ...(gender !== undefined && gender !== UNANSWERED && { gender }),
  ...(born?.kind === 'range' && { bornBy: born.bornBy }),
  ...(born?.bornAfter != null && { bornAfter: born.bornAfter }),
  ...(paymentStatus !== undefined && { paymentStatus }),
});

/** The race's counters whose sum is the number of its entries of a status (or its live ones). */
type Counter = 'registered' | 'waitlisted' | 'pending';

/** The counters of `status`' entries; null for the kept ones (cancelled, expired), which have none. */
function countersOf(status: RegistrationStatus | undefined): Counter[] | null {
  switch (status) {
    case undefined:
      return ['registered', 'waitlisted', 'pending'];
    case 'registered':
      return ['registered'];
    case 'waitlisted':
      return ['waitlisted'];
    case 'pending_payment':
      return ['pending'];
    case 'ballot':
    case 'cancelled':
    case 'expired':
      return null;
  }
}

/**
 * The filters' counters when the race's counters are their total; null when the matches must be counted (a
 * search, a narrowing, a status without a counter).
 */
const totalCounters = (filters: ParticipantFilters): Counter[] | null =>
  filters.q !== undefined || isNarrowed(filters) ? null : countersOf(filters.status);

type Rows<T> = { rows: T[] };

/**
 * The race's waitlist up to `lastSeq` (id, position): one index-only range scan of registrations_line_idx, its
 * rank being the place in line (a count per entry would read the line up to each one). `bib is null` (true of
 * every waitlisted entry) lets the seq bound be a range of that index.
 */
const lineUpTo = (raceId: unknown, lastSeq: SQL) => sql`
  select ${registrations.id} as id,
    (row_number() over (order by ${sql.join(ORDER_COLUMNS.line, sql`, `)}))::int as position
  from ${registrations}
  where ${registrations.marathonId} = ${raceId} and ${registrations.status} = 'waitlisted'
    and ${registrations.bib} is null and ${registrations.waitlistSeq} <= ${lastSeq}`;

const placeholder = (name: string) => sql.placeholder(name);

const LIMIT = placeholder('limit');
const OFFSET = placeholder('offset');

/** A search's page: the scan also counts the matches (`count(*) over ()`), which the total needs anyway. */
const searchedPage = (matchingOwn: SQL, order: ParticipantOrder) => sql`
  page_ids as (
    select id, matched, row_number() over () as ordinal from (
      select ${registrations.id} as id, (count(*) over ())::int as matched from ${registrations}
      where ${matchingOwn} order by ${sql.join(orderBy(order), sql`, `)} limit ${LIMIT} offset ${OFFSET}
    ) as page
  )`;

/**
 * A narrowed page (a gender, an age group, a payment status): the matches are gathered first (through the race's
 * gender and birth-day index for the answers), then ordered and counted. Left to itself the planner walks the
 * order's index through every entry of the race, filtering, as it does not see that the count needs every match
 * anyway.
 */
const narrowedPage = (matchingOwn: SQL, { sort, descending }: ParticipantOrder) => {
  // The CTE's columns are the order's, under their own names.
  const order = sql.raw(
    ORDER_COLUMNS[sort].map((column) => `${column.name} ${descending ? 'desc' : 'asc'}`).join(', '),
  );
  return sql`
  matched as materialized (
    select ${sql.raw(
      [
        ...new Set(
          Object.values(ORDER_COLUMNS)
            .flat()
            .map((column) => column.name),
        ),
      ].join(', '),
    )}
    from ${registrations} where ${matchingOwn}
  ), page_ids as (
    select id, matched, row_number() over () as ordinal from (
      select id, (count(*) over ())::int as matched from matched
      order by ${order} limit ${LIMIT} offset ${OFFSET}
    ) as page
  )`;
};

/**
 * A page whose total the race's counters give in the same snapshot: a page in the second half is read from the
 * far end in the opposite order, so no page skips more than half the entries.
 */
function nearerEndPage(matchingOwn: SQL, counters: Counter[], order: ParticipantOrder) {
  const reversed = { ...order, descending: !order.descending };
  return sql`
    span as (
      select total, ${OFFSET} * 2 > total as from_end
      from (select ${sql.raw(counters.join(' + '))} as total from race) as counted
    ),
    page_ids as (
      select id, null::int as matched, row_number() over () as ordinal from (
        select ${registrations.id} as id from ${registrations}
        where ${matchingOwn} and not (select from_end from span)
        order by ${sql.join(orderBy(order), sql`, `)} limit ${LIMIT} offset ${OFFSET}
      ) as forward
      union all
      select id, null::int, -row_number() over () from (
        select ${registrations.id} as id from ${registrations}
        where ${matchingOwn} and (select from_end from span)
        order by ${sql.join(orderBy(reversed), sql`, `)}
        limit greatest(least(${LIMIT}, (select total from span) - ${OFFSET}), 0)
        offset greatest((select total from span) - ${OFFSET} - ${LIMIT}, 0)
      ) as backward
    )`;
}

/** The entry form's columns of a marathons row, as {@link raceOf} reads them. */
const RACE_FORM_COLUMNS = sql`to_char(${marathons}.start_day, 'YYYY-MM-DD') as race_day,
  ${marathons.registrationFields} as registration_fields, ${marathons.tShirtSizes} as t_shirt_sizes,
  ${marathons.questions} as questions, ${marathons.retiredQuestions} as retired_questions,
  ${marathons.ageGroups} as age_groups`;

/** The race as the desk reads it (its organizer, counters, window and entry form): {@link PageRaceColumns}. */
const selectRace = (raceId: unknown) => sql`
  select ${marathons.creatorId} as creator_id, ${marathons.title} as title, ${marathons.capacity} as capacity,
    ${marathons.totalRegistrationCount} as registered, ${marathons.waitlistCount} as waitlisted,
    ${marathons.pendingCount} as pending, ${marathons.startRegDate} as start_reg_date,
    ${marathons.endRegDate} as end_reg_date, ${marathons.timeZone} as time_zone, ${RACE_FORM_COLUMNS}
  from ${marathons} where ${marathons.id} = ${raceId}`;

/**
 * The page statement of one status filter, kind of search (or none), narrowing and order (see
 * findOrganizerPage): planned once, as planning it costs as much as running it. Values: raceId, organizerId,
 * limit, offset, with a search text, runPattern and bib, and the narrowing's ({@link narrowingValues}).
 */
function pageStatementSql(
  status: RegistrationStatus | undefined,
  search: SearchKind | undefined,
  order: ParticipantOrder,
  filters: ParticipantFilters,
) {
  const narrowing = narrowingPlaceholders(filters);
  const counters = totalCounters(filters);
  const raceId = placeholder('raceId');
  const searchTerm = search && {
    kind: search,
    text: placeholder('text'),
    runPattern: placeholder('runPattern'),
    bib: placeholder('bib'),
  };
  const matchingOwn = sql`${matching(raceId, status, searchTerm, narrowing)} and (select creator_id from race) = ${placeholder('organizerId')}`;
  return sql`
    with race as (${selectRace(raceId)}), ${
      isNarrowed(filters)
        ? narrowedPage(matchingOwn, order)
        : counters === null
          ? searchedPage(matchingOwn, order)
          : nearerEndPage(matchingOwn, counters, order)
    }, line as (
      ${lineUpTo(raceId, sql`(select max(${registrations.waitlistSeq}) from page_ids join ${registrations} on ${registrations.id} = page_ids.id)`)}
    )
    select race.*, entry.* from race left join lateral (
      select ${PARTICIPANT_SELECT}, line.position, page_ids.matched, page_ids.ordinal
      from page_ids
        join ${registrations} on ${registrations.id} = page_ids.id
        join ${users} on ${users.id} = ${registrations.userId}
        left join ${checkins} on ${checkins.registrationId} = page_ids.id
        left join line on line.id = page_ids.id
    ) as entry on true
    order by entry.ordinal`;
}

/** The race's part of a row (the page statement's, or {@link findRace}'s). */
const raceOf = (row: PageRaceColumns): Race => ({
  creatorId: row.creator_id,
  title: row.title,
  capacity: row.capacity,
  registered: row.registered,
  waitlisted: row.waitlisted,
  pending: row.pending,
  startRegDate: new Date(row.start_reg_date),
  endRegDate: new Date(row.end_reg_date),
  timeZone: row.time_zone,
  raceDay: row.race_day,
  registrationFields: row.registration_fields,
  tShirtSizes: row.t_shirt_sizes,
  questions: row.questions,
  retiredQuestions: row.retired_questions,
  ageGroups: row.age_groups,
});

/** The race as the desk reads it, prepared: read per request. */
const raceById = preparedStatement<PageRaceColumns>(selectRace(sql.placeholder('raceId')));

const pageStatements = new Map<string, ReturnType<typeof preparedStatement<PageRow>>>();

function pageStatement(
  status: RegistrationStatus | undefined,
  search: SearchKind | undefined,
  order: ParticipantOrder,
  filters: ParticipantFilters,
) {
  const key = `${status}:${search}:${order.sort}:${order.descending}:${narrowingShape(filters)}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    statement = preparedStatement<PageRow>(pageStatementSql(status, search, order, filters));
    pageStatements.set(key, statement);
  }
  return statement;
}

/** The organizer's reads of one race's entries: pages, the export's chunks, counts per day. */
export function createParticipantsRepository(db: Executor) {
  return {
    async findRace(raceId: string): Promise<Race | null> {
      const [row] = await raceById(db, { raceId });
      return row ? raceOf(row) : null;
    },

    /**
     * The race and, when `organizerId` organizes it, a page of its entries with each waitlisted one's place in
     * line: one statement, so a page costs one round trip and reads the counters and the entries in one snapshot.
     * The page's ids come from an index-only scan of the order's index (skipping `offset` entries); the rows and
     * runners are then read for just those. `total` is the race's counters' when they count the filters' entries,
     * else the matches the same scan counted: null when the page is empty then (past the last match, or none).
     * `race` is null when there is no such race.
     */
    async findOrganizerPage(
      raceId: string,
      organizerId: string,
      filters: ParticipantFilters,
      order: ParticipantOrder,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ race: Race | null; rows: PlacedParticipantRow[]; total: number | null }> {
      const { status, q } = filters;
      const { kind, ...search } = q === undefined ? { kind: undefined } : searchOf(q);
      const found = await pageStatement(
        status,
        kind,
        order,
        filters,
      )(db, { raceId, organizerId, limit, offset, ...search, ...narrowingValues(filters) });
      const first = found[0];
      if (!first) return { race: null, rows: [], total: null };
      const race = raceOf(first);
      const rows = found
        .filter((row) => row.id !== null)
        .map((row) => ({ ...participantRowOf(row), position: row.position }));
      const counters = totalCounters(filters);
      const total =
        counters === null
          ? (first.matched ?? null)
          : counters.reduce((sum, counter) => sum + race[counter], 0);
      return { race, rows, total };
    },

    async countMatching(raceId: string, filters: ParticipantFilters): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(registrations)
        .where(matchingFilters(raceId, filters));
      return row!.count;
    },

    /**
     * Up to `limit` entries of the segment after the key `after` (from its start when null), in its order, with
     * the last row's key to continue from. One index range scan per chunk, however far into the race.
     */
    async findChunk(
      raceId: string,
      filters: ParticipantFilters,
      segment: ExportSegment,
      { descending, after, limit }: { descending: boolean; after: string[] | null; limit: number },
    ): Promise<{ rows: ParticipantRow[]; last: string[] | null }> {
      const columns = segment.keys.map((key) => key.column);
      const from = after
        ? sql`(${sql.join(columns, sql`, `)}) ${sql.raw(descending ? '<' : '>')} (${sql.join(
            after.map((value, index) => sql`${value}::${sql.raw(segment.keys[index]!.type)}`),
            sql`, `,
          )})`
        : undefined;
      // The chunk's rows first (an index range scan of the race), then their runners: joined before the limit,
      // the planner may misjudge the range and hash every user.
      const chunk = db
        .select({
          id: registrations.id,
          key: sql<string[]>`array[${sql.join(
            columns.map((column) => sql`${column}::text`),
            sql`, `,
          )}]`.as('key'),
        })
        .from(registrations)
        .where(and(matchingFilters(raceId, { ...filters, status: segment.status }), from))
        .orderBy(...columns.map((column) => (descending ? desc(column) : asc(column))))
        .limit(limit)
        .as('chunk');
      const rows = await db
        .select({ ...participantColumns, key: chunk.key })
        .from(chunk)
        .innerJoin(registrations, eq(registrations.id, chunk.id))
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(checkins, eq(checkins.registrationId, chunk.id))
        .orderBy(...columns.map((column) => (descending ? desc(column) : asc(column))));
      // The rows keep their `key`: the export makes thousands, so they are not copied without it.
      return { rows, last: rows.length === limit ? rows.at(-1)!.key : null };
    },

    /**
     * The history of the given entries (issue 35): where each came out of its race's ballot, and who held it
     * before, oldest first. Entries with neither are left out.
     */
    async findHistories(ids: string[]): Promise<Map<string, EntryHistory>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute(sql`
        select entry.id, history.ballot, history.transferred_from as "transferredFrom"
        from unnest(${sql.param(ids)}::uuid[]) as entry (id), lateral (
          select (select ${ballotOutcomeOf(sql`drawn`)} from registrations drawn where drawn.id = entry.id) as ballot,
            (select json_agg(json_build_object('name', transfer.from_name, 'email', transfer.from_email,
                'at', ${isoInstant(sql`transfer.accepted_at`)}) order by transfer.accepted_at)
              from transfers transfer where transfer.registration_id = entry.id and transfer.status = 'accepted')
              as transferred_from
        ) as history
        where history.ballot is not null or history.transferred_from is not null`);
      const { rows } = result as unknown as Rows<{ id: string } & Partial<EntryHistory>>;
      return new Map(
        rows.map(({ id, ballot, transferredFrom }) => [
          id,
          { ballot: ballot ?? null, transferredFrom: transferredFrom ?? [] },
        ]),
      );
    },

    /** The places in line of the given waitlisted entries (the export's chunks). */
    async findLinePositions(raceId: string, ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const wanted = sql`${sql.param(ids)}::uuid[]`;
      const lastSeq = sql`(select max(${registrations.waitlistSeq}) from ${registrations} where ${registrations.id} = any(${wanted}))`;
      const result = await db.execute(
        sql`select line.id, line.position from (${lineUpTo(raceId, lastSeq)}) as line join unnest(${wanted}) as page (id) on page.id = line.id`,
      );
      const { rows } = result as unknown as Rows<{ id: string; position: number }>;
      return new Map(rows.map((row) => [row.id, row.position]));
    },

    /**
     * The race's registered runners per T-shirt size, gender and age group (on the race's day, with its groups):
     * one pass over its entries, grouped three ways.
     */
    async findAnswerCounts(raceId: string): Promise<AnswerCount[]> {
      const result = await db.execute(sql`
        select case when grouping(t_shirt_size) = 0 then 'tShirtSize'
            when grouping(gender) = 0 then 'gender' else 'ageGroup' end as kind,
          coalesce(t_shirt_size, gender, age_group) as value, count(*)::int as count
        from (
          select entry.t_shirt_size, entry.gender,
            stride_age_group(stride_age_on(entry.date_of_birth, race.start_day), race.age_groups) as age_group
          from ${registrations} entry join ${marathons} race on race.id = entry.marathon_id
          where entry.marathon_id = ${raceId} and entry.status = 'registered'
        ) as answers
        group by grouping sets ((t_shirt_size), (gender), (age_group))`);
      return (result as unknown as Rows<AnswerCount>).rows;
    },

    /**
     * The race's money: what every entry of it paid and got back (those cancelled with money on them included),
     * the on-site fees still due and the on-site refunds still owed, in its currency's minor units. Sums of
     * `bigint`: a race's may pass 2^31.
     */
    async findMoneyTotals(raceId: string): Promise<MoneyTotals> {
      const result = await db.execute(sql`
        select race.currency, coalesce(sum(entry.amount_paid), 0)::bigint as paid,
          coalesce(sum(entry.amount_refunded), 0)::bigint as refunded,
          coalesce(sum(entry.amount_due) filter (where entry.payment_status = 'due'), 0)::bigint as due,
          coalesce(sum(entry.refund_due), 0)::bigint as refunds_due
        from ${marathons} race left join ${registrations} entry on entry.marathon_id = race.id
        where race.id = ${raceId}
        group by race.currency`);
      const [row] = (
        result as unknown as Rows<{
          currency: string;
          paid: unknown;
          refunded: unknown;
          due: unknown;
          refunds_due: unknown;
        }>
      ).rows;
      // int8 comes back as text (node-postgres) or a number (PGlite).
      return {
        currency: row!.currency,
        paid: Number(row!.paid),
        refunded: Number(row!.refunded),
        due: Number(row!.due),
        refundsDue: Number(row!.refunds_due),
      };
    },

    /** The race's registered runners checked in on race day (issue 33). */
    async countCheckedIn(raceId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(checkins)
        .innerJoin(registrations, eq(registrations.id, checkins.registrationId))
        .where(and(eq(checkins.marathonId, raceId), eq(registrations.status, 'registered')));
      return row!.count;
    },

    /** Entries per day where the race is run (`timeZone`) and status. */
    async findDailyCounts(
      raceId: string,
      timeZone: string,
    ): Promise<Array<{ day: string; status: RegistrationStatus; count: number }>> {
      const result = await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, status, count::int as count from (
          select (${registrations.createdAt} at time zone ${timeZone})::date as day, ${registrations.status} as status,
            count(*) as count
          from ${registrations} where ${registrations.marathonId} = ${raceId}
          group by 1, 2
        ) as days`);
      return (result as unknown as Rows<{ day: string; status: RegistrationStatus; count: number }>).rows;
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
