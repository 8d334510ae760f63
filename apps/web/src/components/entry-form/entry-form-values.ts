import {
  ageOn,
  ENTRY_MESSAGES,
  type Answer,
  type EntryFieldError,
  type EntryFormRules,
  type FieldCollection,
  type Marathon,
  type Question,
  type QuestionType,
  type Registration,
  type RegistrationFields,
} from '@stride/shared';
import { formatDay } from '../../lib/dates';
import type { ParseResult } from '../../lib/use-submission';

/**
 * What of a race its entry form shows. A race from the API fits; so does the organizer's draft in the form
 * builder, whose new questions have no id yet and whose waiver no version.
 */
export type EntryFormLayout = {
  registrationFields: RegistrationFields;
  tShirtSizes: readonly string[];
  questions: ReadonlyArray<{
    id?: string | undefined;
    label: string;
    type: QuestionType;
    required: boolean;
    options: readonly string[];
  }>;
  waiver: { text: string; version?: number | undefined } | null;
  minimumAge: number | null;
  /** The race's start, an ISO 8601 instant ('' while unknown): with `timeZone`, the day ages are counted on. */
  startDate: string;
  timeZone: string;
};

/** A stored race's entry form: what the rules check and the request is built from. */
export type RaceEntryForm = Pick<
  Marathon,
  'registrationFields' | 'tShirtSizes' | 'questions' | 'waiver' | 'minimumAge' | 'startDate' | 'timeZone'
>;

/** What the runner has typed and chosen: '' for nothing, as the controls hold it. */
export type EntryFormValues = {
  dateOfBirth: string;
  gender: string;
  tShirtSize: string;
  emergencyContact: { name: string; phone: string };
  /** By question id: text for text and select questions, true or false for a checkbox. */
  answers: Record<string, string | boolean>;
  waiverAccepted: boolean;
};

export const EMPTY_ENTRY_FORM_VALUES: EntryFormValues = {
  dateOfBirth: '',
  gender: '',
  tShirtSize: '',
  emergencyContact: { name: '', phone: '' },
  answers: {},
  waiverAccepted: false,
};

/** The day of birth is asked whenever the race has a minimum age, and then needed. */
export function dateOfBirthCollection(race: Pick<EntryFormLayout, 'registrationFields' | 'minimumAge'>) {
  return race.minimumAge !== null ? 'required' : race.registrationFields.dateOfBirth;
}

/** The race's start day where it is run, YYYY-MM-DD; null while its start is unknown. */
export function raceDayOf(race: Pick<EntryFormLayout, 'startDate' | 'timeZone'>): string | null {
  return formatDay(race.startDate, race.timeZone) || null;
}

/** The message of a day of birth too young for the race, as soon as one is typed; null when it is fine. */
export function tooYoungMessage(
  race: Pick<EntryFormLayout, 'minimumAge' | 'startDate' | 'timeZone'>,
  dateOfBirth: string,
): string | null {
  const raceDay = raceDayOf(race);
  // A date input's value is a whole, real day or nothing (the shared isCalendarDay would bring zod to the desk).
  if (race.minimumAge === null || raceDay === null || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  return ageOn(dateOfBirth, raceDay) < race.minimumAge
    ? ENTRY_MESSAGES.tooYoung(race.minimumAge, raceDay)
    : null;
}

/** The fields a server's 400 may name for this race's form, in the form's order. */
export function entryFieldNames(
  race: Pick<RaceEntryForm, 'registrationFields' | 'questions' | 'waiver' | 'minimumAge'>,
): string[] {
  const fields = race.registrationFields;
  const collects = (collection: FieldCollection) => collection !== 'off';
  return [
    ...(collects(dateOfBirthCollection(race)) ? ['dateOfBirth'] : []),
    ...(collects(fields.gender) ? ['gender'] : []),
    ...(collects(fields.tShirtSize) ? ['tShirtSize'] : []),
    ...(collects(fields.emergencyContact) ? ['emergencyContact.name', 'emergencyContact.phone'] : []),
    ...race.questions.map((question) => `answers.${question.id}`),
    ...(race.waiver ? ['waiverAccepted'] : []),
  ];
}

/** A stored registration's answers as the form holds them. */
export function entryFormValuesOf(
  registration: Pick<Registration, 'dateOfBirth' | 'gender' | 'tShirtSize' | 'emergencyContact' | 'answers'>,
): EntryFormValues {
  return {
    dateOfBirth: registration.dateOfBirth ?? '',
    gender: registration.gender ?? '',
    tShirtSize: registration.tShirtSize ?? '',
    emergencyContact: {
      name: registration.emergencyContact?.name ?? '',
      phone: registration.emergencyContact?.phone ?? '',
    },
    answers: { ...registration.answers },
    waiverAccepted: false,
  };
}

const orNull = (text: string) => text.trim() || null;

function answerOf(question: Question, value: string | boolean | undefined): Answer | null {
  if (question.type === 'checkbox') return value === true;
  return typeof value === 'string' ? orNull(value) : null;
}

/** The part of the request body that is the entry form, each as the API takes it: what the race collects, blanks as null. */
export type EntryDetailsBody = {
  dateOfBirth?: string | null;
  gender?: string | null;
  tShirtSize?: string | null;
  emergencyContact?: { name: string; phone: string } | null;
  answers?: Record<string, Answer | null>;
  waiverAccepted?: boolean;
};

/**
 * The entry form's part of POST /api/registrations: every field the race collects (the ones it does not, left
 * out), a blank one as null, every question's answer (an unticked checkbox: false), and the waiver's box.
 */
export function toEntryDetails(race: RaceEntryForm, values: EntryFormValues): EntryDetailsBody {
  const fields = race.registrationFields;
  const body: EntryDetailsBody = {};
  if (dateOfBirthCollection(race) !== 'off') body.dateOfBirth = orNull(values.dateOfBirth);
  if (fields.gender !== 'off') body.gender = orNull(values.gender);
  if (fields.tShirtSize !== 'off') body.tShirtSize = orNull(values.tShirtSize);
  if (fields.emergencyContact !== 'off') {
    const name = values.emergencyContact.name.trim();
    const phone = values.emergencyContact.phone.trim();
    body.emergencyContact = name || phone ? { name, phone } : null;
  }
  if (race.questions.length > 0) {
    body.answers = Object.fromEntries(
      race.questions.map((question) => [question.id, answerOf(question, values.answers[question.id])]),
    );
  }
  if (race.waiver) body.waiverAccepted = values.waiverAccepted;
  return body;
}

/** A stored waiver older than the race's (or none): the runner has to accept the current one. */
export function needsWaiverAcceptance(
  race: Pick<RaceEntryForm, 'waiver'>,
  registration: Pick<Registration, 'waiverVersion'>,
): boolean {
  return race.waiver !== null && registration.waiverVersion !== race.waiver.version;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The entry form's part of PATCH /api/registrations/{id}: only what differs from the stored registration (so a
 * change of name alone touches none of it), each answer that changed, and the waiver's box when a newer version
 * is to be accepted.
 */
export function changedEntryDetails(
  race: RaceEntryForm,
  values: EntryFormValues,
  registration: Pick<
    Registration,
    'dateOfBirth' | 'gender' | 'tShirtSize' | 'emergencyContact' | 'answers' | 'waiverVersion'
  >,
): EntryDetailsBody {
  const next = toEntryDetails(race, values);
  const stored = toEntryDetails(race, entryFormValuesOf(registration));
  const changes: EntryDetailsBody = {};
  for (const key of ['dateOfBirth', 'gender', 'tShirtSize', 'emergencyContact'] as const) {
    if (key in next && !sameJson(next[key], stored[key])) Object.assign(changes, { [key]: next[key] });
  }
  const answers = Object.fromEntries(
    Object.entries(next.answers ?? {}).filter(([id, answer]) => !sameJson(answer, stored.answers?.[id])),
  );
  if (Object.keys(answers).length > 0) changes.answers = answers;
  if (needsWaiverAcceptance(race, registration)) changes.waiverAccepted = values.waiverAccepted;
  return changes;
}

/** The rules of the race's form as the shared check reads them. */
export function entryRulesOf(race: RaceEntryForm): EntryFormRules {
  return { ...race, raceDay: raceDayOf(race) ?? '' };
}

/**
 * A parse of the form's other fields, with the problems the race's form rules find (checkEntryDetails) added:
 * every problem is shown at once, each beside its field.
 */
export function withEntryErrors<T>(
  parsed: ParseResult<T>,
  errors: readonly EntryFieldError[],
): ParseResult<T> {
  if (errors.length === 0) return parsed;
  const issues = errors.map(({ field, message }) => ({ path: [field], message }));
  return {
    success: false,
    error: { issues: parsed.success ? issues : [...parsed.error.issues, ...issues] },
  };
}
