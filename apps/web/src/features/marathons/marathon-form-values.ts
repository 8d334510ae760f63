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
  };
}

/** The request body (SPEC.md §7): dates as ISO strings, an empty date as '' so the schema says it is required. */
export function formValuesToInput(values: MarathonFormValues): CreateMarathonInput {
  return {
    ...values,
    startRegDate: values.startRegDate?.toISOString() ?? '',
    endRegDate: values.endRegDate?.toISOString() ?? '',
    startDate: values.startDate?.toISOString() ?? '',
  };
}
