import { DEFAULT_DISTANCE, DISTANCES, type Distance } from '@stride/shared/constants';
import {
  DEFAULT_TIME_ZONE,
  fromZonedDateTimeValue,
  isTimeZone,
  listTimeZones,
  timeZoneShortName,
  toZonedDateTimeValue,
  createMarathonSchema,
  type CreateMarathonInput,
  type EntryMode,
  type Marathon,
  type PaymentOptions,
} from '@stride/shared';
import type { ParseResult } from '../../lib/use-submission';
import { MARATHON_DASHBOARD_MESSAGES } from './dashboard-messages';
import {
  entryFormFieldOf,
  entryFormToDraft,
  draftToEntryFormInput,
  newEntryFormDraft,
  type EntryFormDraft,
} from './entry-form-draft';
import {
  draftToPriceInput,
  newPriceDraft,
  priceIssueMessage,
  pricesToDraft,
  type PriceDraft,
} from './price-draft';

/**
 * What the add/update form holds. The dates are wall-clock times in the race's zone, YYYY-MM-DDTHH:mm ('' while
 * empty): they become instants only when sent, so changing the zone keeps 09:00 at 09:00 in the new one.
 */
export type MarathonFormValues = {
  title: string;
  startRegDate: string;
  endRegDate: string;
  startDate: string;
  /** The IANA name as typed or picked. */
  timeZone: string;
  location: string;
  distance: Distance;
  description: string;
  image: string;
  /** The Participant Limit as typed; empty for no limit. */
  capacity: string;
  /** The Registration form section: what runners are asked when they enter (issue 31). */
  entryForm: EntryFormDraft;
  /** The Entry fee section: the fee, its tiers, the ways to pay and the refund policy (issue 32). */
  prices: PriceDraft;
  /** How places are given (issue 35): first come, or by ballot. */
  entryMode: EntryMode;
  /** When the ballot is drawn, a wall-clock time as the race's dates; '' while empty (and for first come). */
  ballotDrawAt: string;
  /** Until when runners may hand their places on (issue 35); '' for no transfers. */
  transfersUntil: string;
  /**
   * The update form's race as stored: a date left as it was is sent as the stored instant, to the millisecond,
   * not as its wall-clock minute. Null on the add form.
   */
  stored: Pick<Marathon, MarathonDateField | 'ballotDrawAt' | 'transfersUntil' | 'timeZone'> | null;
};

export type MarathonDateField = 'startRegDate' | 'endRegDate' | 'startDate';
export const MARATHON_DATE_FIELDS: readonly MarathonDateField[] = ['startRegDate', 'endRegDate', 'startDate'];

/** docs/SPEC.md §9: the update form falls back to 25k when a stored distance is not one of the options. */
const UPDATE_FALLBACK_DISTANCE: Distance = '25k';

/** The zone this browser runs in, when it is one the app knows; else UTC. */
export function getBrowserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

let zonesByLowerCase: Map<string, string> | undefined;

/** The zone a typed name means, forgiving case and surrounding spaces ("asia/tokyo " is Asia/Tokyo). */
export function findTimeZone(typed: string): string | undefined {
  zonesByLowerCase ??= new Map(listTimeZones().map((zone) => [zone.toLowerCase(), zone]));
  return zonesByLowerCase.get(typed.trim().toLowerCase());
}

/** The add form starts empty, with the default distance (10k), in the organizer's own zone. */
export function newMarathonFormValues(timeZone: string, paymentOptions?: PaymentOptions): MarathonFormValues {
  return {
    title: '',
    startRegDate: '',
    endRegDate: '',
    startDate: '',
    timeZone,
    location: '',
    distance: DEFAULT_DISTANCE,
    description: '',
    image: '',
    capacity: '',
    entryForm: newEntryFormDraft(),
    prices: newPriceDraft(paymentOptions),
    entryMode: 'first_come',
    ballotDrawAt: '',
    transfersUntil: '',
    stored: null,
  };
}

const isDistance = (value: string): value is Distance => (DISTANCES as readonly string[]).includes(value);

/** A stored instant as the zone's clocks read it; '' when it cannot be read (or there is none). */
const storedWallClock = (instant: string | null, timeZone: string) =>
  instant === null || Number.isNaN(Date.parse(instant)) ? '' : toZonedDateTimeValue(instant, timeZone);

/** The update form, prefilled from a stored marathon: its dates as the clocks read them where it is run. */
export function marathonToFormValues(marathon: Marathon): MarathonFormValues {
  const { startRegDate, endRegDate, startDate, ballotDrawAt, transfersUntil, timeZone } = marathon;
  return {
    title: marathon.title,
    startRegDate: storedWallClock(startRegDate, timeZone),
    endRegDate: storedWallClock(endRegDate, timeZone),
    startDate: storedWallClock(startDate, timeZone),
    timeZone,
    location: marathon.location,
    distance: isDistance(marathon.distance) ? marathon.distance : UPDATE_FALLBACK_DISTANCE,
    description: marathon.description,
    image: marathon.image,
    capacity: marathon.capacity === null ? '' : String(marathon.capacity),
    entryForm: entryFormToDraft(marathon),
    prices: pricesToDraft(marathon, (instant) => storedWallClock(instant, timeZone)),
    entryMode: marathon.entryMode,
    ballotDrawAt: storedWallClock(ballotDrawAt, timeZone),
    transfersUntil: storedWallClock(transfersUntil, timeZone),
    stored: { startRegDate, endRegDate, startDate, ballotDrawAt, transfersUntil, timeZone },
  };
}

/**
 * The Participant Limit as the API takes it: null (no limit) for an empty field, otherwise the number typed,
 * which the schema checks (NaN for anything that is not a number, which it refuses).
 */
export function capacityToInput(capacity: string): number | null {
  const typed = capacity.trim();
  return typed === '' ? null : Number(typed);
}

/**
 * The request body (docs/SPEC.md §7): each date (the race's three, a price tier's end, the refund deadline, the
 * ballot's draw, the transfer deadline) the instant its wall-clock time is in the race's zone, as an ISO string,
 * an empty date as '' so the schema says it is required; a date left as stored is sent as stored, to the
 * millisecond. The draw date of a first-come race, and an empty transfer deadline (no transfers), as null. The
 * Participant Limit as a number, or null for none. A zone that is no known name is sent as typed, for the schema to refuse; the dates are then
 * read as UTC, only so that their own checks still run.
 */
export function formValuesToInput({
  stored,
  entryForm,
  prices,
  entryMode,
  ballotDrawAt,
  transfersUntil,
  ...values
}: MarathonFormValues): CreateMarathonInput {
  const timeZone = findTimeZone(values.timeZone);
  const toInstant = (wallClock: string, storedInstant: string | null) => {
    const isAsStored =
      stored !== null &&
      storedInstant !== null &&
      stored.timeZone === timeZone &&
      wallClock !== '' &&
      wallClock === storedWallClock(storedInstant, stored.timeZone);
    if (isAsStored) return storedInstant;
    return fromZonedDateTimeValue(wallClock, timeZone ?? DEFAULT_TIME_ZONE)?.toISOString() ?? '';
  };
  const instant = (field: MarathonDateField) => toInstant(values[field], stored?.[field] ?? null);
  return {
    ...values,
    startRegDate: instant('startRegDate'),
    endRegDate: instant('endRegDate'),
    startDate: instant('startDate'),
    timeZone: timeZone ?? values.timeZone,
    capacity: capacityToInput(values.capacity),
    ...draftToEntryFormInput(entryForm),
    ...draftToPriceInput(prices, toInstant),
    entryMode,
    ballotDrawAt: entryMode === 'ballot' ? toInstant(ballotDrawAt, stored?.ballotDrawAt ?? null) : null,
    transfersUntil: transfersUntil === '' ? null : toInstant(transfersUntil, stored?.transfersUntil ?? null),
  };
}

/**
 * The body checked by the shared schema, each issue named by the field the form shows it beside
 * (`questions.2.label`, `ageGroups`, `priceTiers.0.until`), a refused fee asked for as an amount.
 */
export function checkMarathonInput(input: CreateMarathonInput): ParseResult<CreateMarathonInput> {
  const result = createMarathonSchema.safeParse(input);
  if (result.success) return { success: true, data: input };
  const issues = result.error.issues.map(({ path, message }) => ({
    path: entryFormFieldOf(path),
    message: priceIssueMessage(path, message, input.currency),
  }));
  return { success: false, error: { issues } };
}

/** The race's start as the entry form's preview counts ages from: '' (and UTC) until it can be read. */
export function getRaceStart(values: Pick<MarathonFormValues, 'timeZone' | 'startDate'>): {
  startDate: string;
  timeZone: string;
} {
  const timeZone = findTimeZone(values.timeZone);
  if (!timeZone) return { startDate: '', timeZone: DEFAULT_TIME_ZONE };
  return { startDate: fromZonedDateTimeValue(values.startDate, timeZone)?.toISOString() ?? '', timeZone };
}

/**
 * The hint under the Time Zone field, naming the zone the pickers' times are in with its short name at the race
 * start (or now, before one is picked: summer time changes it); none while the field names no zone.
 */
export function getTimeZoneHint(
  values: Pick<MarathonFormValues, 'timeZone' | 'startDate'>,
): string | undefined {
  const timeZone = findTimeZone(values.timeZone);
  if (!timeZone) return undefined;
  const at = fromZonedDateTimeValue(values.startDate, timeZone) ?? new Date();
  return MARATHON_DASHBOARD_MESSAGES.timeZoneHint(timeZone, timeZoneShortName(at, timeZone));
}
