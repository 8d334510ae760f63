import { DEFAULT_DISTANCE, DISTANCES, type Distance } from '@stride/shared/constants';
import type { CreateMarathonInput, Marathon } from '@stride/shared';

/** What the add/update form holds: the date pickers work with Date objects (null while empty). */
export type MarathonFormValues = {
  title: string;
  startRegDate: Date | null;
  endRegDate: Date | null;
  startDate: Date | null;
  location: string;
  distance: Distance;
  description: string;
  image: string;
  /** The Participant Limit as typed; empty for no limit. */
  capacity: string;
};

export type MarathonDateField = 'startRegDate' | 'endRegDate' | 'startDate';
export const MARATHON_DATE_FIELDS: readonly MarathonDateField[] = ['startRegDate', 'endRegDate', 'startDate'];

/** SPEC.md §9: the update form falls back to 25k when a stored distance is not one of the options. */
const UPDATE_FALLBACK_DISTANCE: Distance = '25k';

/** The add form starts empty, with the default distance (10k). */
export const EMPTY_MARATHON_FORM: MarathonFormValues = {
  title: '',
  startRegDate: null,
  endRegDate: null,
  startDate: null,
  location: '',
  distance: DEFAULT_DISTANCE,
  description: '',
  image: '',
  capacity: '',
};

const isDistance = (value: string): value is Distance => (DISTANCES as readonly string[]).includes(value);

function toDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The update form, prefilled from a stored marathon. */
export function marathonToFormValues(marathon: Marathon): MarathonFormValues {
  return {
    title: marathon.title,
    startRegDate: toDate(marathon.startRegDate),
    endRegDate: toDate(marathon.endRegDate),
    startDate: toDate(marathon.startDate),
    location: marathon.location,
    distance: isDistance(marathon.distance) ? marathon.distance : UPDATE_FALLBACK_DISTANCE,
    description: marathon.description,
    image: marathon.image,
    capacity: marathon.capacity === null ? '' : String(marathon.capacity),
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
 * The request body (SPEC.md §7): dates as ISO strings, an empty date as '' so the schema says it is required;
 * the Participant Limit as a number, or null for none.
 */
export function formValuesToInput(values: MarathonFormValues): CreateMarathonInput {
  return {
    ...values,
    startRegDate: values.startRegDate?.toISOString() ?? '',
    endRegDate: values.endRegDate?.toISOString() ?? '',
    startDate: values.startDate?.toISOString() ?? '',
    capacity: capacityToInput(values.capacity),
  };
}
