/**
 * The entry form's rules that depend on the race (issue 31), without zod: the server applies them to every entry
 * and change, the registration form to what the runner typed before sending it.
 */

/** A runner's gender as the API takes and returns it (here, zod-free, for the screens that read answers). */
export const GENDERS = ['female', 'male', 'nonbinary'] as const;

/** The desk's filter value and totals key for runners who gave no answer (no gender, size or age group). */
export const UNANSWERED = 'unanswered';

/** The labels the form shows and every message about a standard field uses. */
export const ENTRY_FIELD_LABELS = {
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  tShirtSize: 'T-shirt Size',
  emergencyContactName: 'Emergency Contact Name',
  emergencyContactPhone: 'Emergency Contact Phone',
} as const;

export const ENTRY_MESSAGES = {
  required: (label: string) => `${label} is required`,
  waiver: 'You must accept the waiver',
  unknownQuestion: 'Unknown question',
  tooYoung: (minimumAge: number, raceDay: string) =>
    `You must be at least ${minimumAge} on race day (${raceDay}) to enter this race`,
  closed: 'Registration details can no longer be changed',
  acceptWaiver: 'I have read and accept the waiver',
} as const;

type Collection = 'off' | 'optional' | 'required';
type FormQuestion = {
  id: string;
  label: string;
  type: 'text' | 'select' | 'checkbox';
  required: boolean;
  options: string[];
};

/** What of a race's entry form the rules read. */
export type EntryFormRules = {
  registrationFields: Record<'dateOfBirth' | 'gender' | 'tShirtSize' | 'emergencyContact', Collection>;
  tShirtSizes: string[];
  questions: FormQuestion[];
  waiver: { version: number } | null;
  minimumAge: number | null;
  /** The race's start day where it is run, YYYY-MM-DD: the day ages are counted on. */
  raceDay: string;
};

export type Answer = string | boolean;

/** A runner's answers as sent (format already checked): null or a blank text clears one on a change. */
export type EntryDetailsInput = {
  dateOfBirth?: string | null | undefined;
  gender?: string | null | undefined;
  tShirtSize?: string | null | undefined;
  emergencyContact?: { name: string; phone: string } | null | undefined;
  answers?: Record<string, Answer | null> | undefined;
  waiverAccepted?: boolean | undefined;
};

/** What is stored: a key present is written (null clears it); absent, it stays as it is. */
export type EntryDetailsChange = {
  dateOfBirth?: string | null;
  gender?: string | null;
  tShirtSize?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
  /** The answers to set (null: to clear); the stored others stay. */
  answers?: Record<string, Answer | null>;
  /** The waiver version accepted now. */
  waiverVersion?: number;
};

export type EntryFieldError = { field: string; message: string };

/** Whole years from a day of birth to a day, both YYYY-MM-DD: a 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const beforeBirthday = month < birthMonth || (month === birthMonth && dayOfMonth < birthDay);
  return year - birthYear - (beforeBirthday ? 1 : 0);
}

/** The day `years` years before `day` (YYYY-MM-DD): 29 February becomes 28 February in other years. */
export function yearsBefore(day: string, years: number): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const target = year - years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const clamped = month === 2 && dayOfMonth === 29 && !leap ? 28 : dayOfMonth;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}

/**
 * The days of birth of the runners whose age on `raceDay` is from `min` to `max` (none: no bound): born on or
 * before `bornBy`, after `bornAfter` (null: no bound).
 */
export function birthDaysForAges(raceDay: string, min: number, max: number | null) {
  return {
    bornBy: yearsBefore(raceDay, min),
    bornAfter: max === null ? null : yearsBefore(raceDay, max + 1),
  };
}

/** "20–29", or "70+" for the last bound (an en dash). */
export function ageGroupLabels(bounds: readonly number[]): string[] {
  return bounds.map((bound, index) => {
    const next = bounds[index + 1];
    return next === undefined ? `${bound}+` : `${bound}–${next - 1}`;
  });
}

/** The group of an age: the label of the last bound at or below it; null below the first. */
export function ageGroupOf(age: number | null, bounds: readonly number[] | null): string | null {
  if (age === null || bounds === null) return null;
  const labels = ageGroupLabels(bounds);
  let group: string | null = null;
  bounds.forEach((bound, index) => {
    if (age >= bound) group = labels[index]!;
  });
  return group;
}

/** The ages a group's label stands for (`max` null for the last), or null for a label the race has not. */
export function ageRangeOf(
  label: string,
  bounds: readonly number[] | null,
): { min: number; max: number | null } | null {
  if (bounds === null) return null;
  const index = ageGroupLabels(bounds).indexOf(label);
  if (index < 0) return null;
  const next = bounds[index + 1];
  return { min: bounds[index]!, max: next === undefined ? null : next - 1 };
}

const isBlank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/**
 * Checks a runner's entry details against the race's form: `create` needs every required field and the
 * waiver; `update` checks only what is sent. Returns every problem with its field, and the change to store
 * (fields the race does not collect dropped; blanks as null).
 */
export function checkEntryDetails(
  form: EntryFormRules,
  input: EntryDetailsInput,
  mode: 'create' | 'update',
): { errors: EntryFieldError[]; change: EntryDetailsChange } {
  const errors: EntryFieldError[] = [];
  const change: EntryDetailsChange = {};
  const fields = form.registrationFields;
  const L = ENTRY_FIELD_LABELS;
  const sent = (key: keyof EntryDetailsInput) => mode === 'create' || input[key] !== undefined;
  const required = (field: string, label: string) =>
    errors.push({ field, message: ENTRY_MESSAGES.required(label) });

  // A minimum age needs the day of birth, whatever the form says of it.
  const dateOfBirthCollected = form.minimumAge !== null ? 'required' : fields.dateOfBirth;
  if (dateOfBirthCollected !== 'off' && sent('dateOfBirth')) {
    const value = isBlank(input.dateOfBirth) ? null : input.dateOfBirth!;
    if (value === null && dateOfBirthCollected === 'required') required('dateOfBirth', L.dateOfBirth);
    else if (value !== null && form.minimumAge !== null && ageOn(value, form.raceDay) < form.minimumAge)
      errors.push({ field: 'dateOfBirth', message: ENTRY_MESSAGES.tooYoung(form.minimumAge, form.raceDay) });
    else change.dateOfBirth = value;
  }

  if (fields.gender !== 'off' && sent('gender')) {
    const value = isBlank(input.gender) ? null : input.gender!;
    if (value === null && fields.gender === 'required') required('gender', L.gender);
    else change.gender = value;
  }

  if (fields.tShirtSize !== 'off' && sent('tShirtSize')) {
    const value = isBlank(input.tShirtSize) ? null : input.tShirtSize!.trim();
    if (value === null && fields.tShirtSize === 'required') required('tShirtSize', L.tShirtSize);
    else if (value !== null && !form.tShirtSizes.includes(value))
      errors.push({
        field: 'tShirtSize',
        message: `${L.tShirtSize} must be one of ${form.tShirtSizes.join(', ')}`,
      });
    else change.tShirtSize = value;
  }

  if (fields.emergencyContact !== 'off' && sent('emergencyContact')) {
    const name = input.emergencyContact?.name.trim() ?? '';
    const phone = input.emergencyContact?.phone.trim() ?? '';
    // Optional as a whole, but a contact given is a name and a phone.
    const wanted = fields.emergencyContact === 'required' || name !== '' || phone !== '';
    if (wanted && name === '') required('emergencyContact.name', L.emergencyContactName);
    if (wanted && phone === '') required('emergencyContact.phone', L.emergencyContactPhone);
    if (!wanted || (name !== '' && phone !== '')) {
      change.emergencyContactName = name || null;
      change.emergencyContactPhone = phone || null;
    }
  }

  const answers = input.answers ?? {};
  const asked = new Map(form.questions.map((question) => [question.id, question]));
  for (const id of Object.keys(answers)) {
    if (!asked.has(id)) errors.push({ field: `answers.${id}`, message: ENTRY_MESSAGES.unknownQuestion });
  }
  const answerChange: Record<string, Answer | null> = {};
  for (const question of form.questions) {
    const field = `answers.${question.id}`;
    if (mode === 'update' && !(question.id in answers)) continue;
    const raw = answers[question.id];
    const value =
      raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') ? null : raw;
    if (question.type === 'checkbox') {
      if (value !== null && typeof value !== 'boolean') {
        errors.push({ field, message: `${question.label} must be true or false` });
      } else if (question.required && value !== true) required(field, question.label);
      else answerChange[question.id] = value;
      continue;
    }
    if (value !== null && typeof value !== 'string') {
      errors.push({ field, message: `${question.label} must be text` });
    } else if (value === null && question.required) required(field, question.label);
    else if (value !== null && question.type === 'select' && !question.options.includes(value)) {
      errors.push({ field, message: `${question.label} must be one of ${question.options.join(', ')}` });
    } else answerChange[question.id] = value === null ? null : value.trim();
  }
  if (Object.keys(answerChange).length > 0) change.answers = answerChange;

  if (form.waiver !== null && sent('waiverAccepted')) {
    if (input.waiverAccepted !== true)
      errors.push({ field: 'waiverAccepted', message: ENTRY_MESSAGES.waiver });
    else change.waiverVersion = form.waiver.version;
  }

  return { errors, change };
}
