import {
  AGE_GROUP_PRESETS,
  DEFAULT_T_SHIRT_SIZES,
  ENTRY_FORM_LIMITS,
  NO_REGISTRATION_FIELDS,
  ageGroupLabels,
  entryFormInputFields,
  type CreateMarathonInput,
  type EntryForm,
  type Question,
  type QuestionType,
  type RegistrationFields,
} from '@stride/shared';
import type { EntryFormLayout } from '../../components/entry-form/entry-form-values';

/** A question as the builder edits it. */
export type QuestionDraft = {
  /** React's key: the stored id, or one made up for a question not sent yet. */
  key: string;
  /** The stored question's id, sent back so the server keeps it (and its answers); none for a new one. */
  id: string | undefined;
  label: string;
  type: QuestionType;
  required: boolean;
  /** A select question's choices; kept while the type is switched, sent only for a select one. */
  options: string[];
};

/** The Registration form section of the add/update form (issue 31): numbers and lists as typed. */
export type EntryFormDraft = {
  registrationFields: RegistrationFields;
  tShirtSizes: string[];
  questions: QuestionDraft[];
  /** The questions the race no longer asks (update form): one can be asked again. */
  retiredQuestions: Question[];
  /** The waiver's text; empty for none. */
  waiver: string;
  /** Empty for none. */
  minimumAge: string;
  /** The groups' lower bounds, comma-separated; empty for none. */
  ageGroups: string;
};

type EntryFormInput = Pick<
  CreateMarathonInput,
  'registrationFields' | 'tShirtSizes' | 'questions' | 'waiver' | 'minimumAge' | 'ageGroups'
>;

/** A race nobody has set a form for: every field off, the default sizes, nothing else asked. */
export function newEntryFormDraft(): EntryFormDraft {
  return {
    registrationFields: { ...NO_REGISTRATION_FIELDS },
    tShirtSizes: [...DEFAULT_T_SHIRT_SIZES],
    questions: [],
    retiredQuestions: [],
    waiver: '',
    minimumAge: '',
    ageGroups: '',
  };
}

const questionToFormValues = (question: Question): QuestionDraft => ({
  key: question.id,
  id: question.id,
  label: question.label,
  type: question.type,
  required: question.required,
  options: [...question.options],
});

export function entryFormToDraft(form: EntryForm): EntryFormDraft {
  return {
    registrationFields: { ...form.registrationFields },
    tShirtSizes: [...form.tShirtSizes],
    questions: form.questions.map(questionToFormValues),
    retiredQuestions: form.retiredQuestions,
    waiver: form.waiver?.text ?? '',
    minimumAge: form.minimumAge === null ? '' : String(form.minimumAge),
    ageGroups: form.ageGroups?.join(', ') ?? '',
  };
}

let newQuestions = 0;

/** A question added in the builder: a text one, optional. */
export function newQuestion(): QuestionDraft {
  newQuestions += 1;
  return { key: `new-${newQuestions}`, id: undefined, label: '', type: 'text', required: false, options: [] };
}

/** A question given another type: a choice gets the two options it needs at least, empty, when it has fewer. */
export function withType(question: QuestionDraft, type: QuestionType): Partial<QuestionDraft> {
  const { options } = question;
  const missing = type === 'select' ? Math.max(0, ENTRY_FORM_LIMITS.options.min - options.length) : 0;
  return { type, options: [...options, ...Array<string>(missing).fill('')] };
}

/** A retired question put back in the list: sent with its id, it is asked again, with its answers. */
export const reviveQuestion = questionToFormValues;

/** A whole number as typed, null when empty; anything else NaN, for the schema to refuse. */
function wholeNumberOrNull(typed: string): number | null {
  const text = typed.trim();
  if (text === '') return null;
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** "0, 20, 30" → [0, 20, 30]; empty → null (no groups); a part that is no whole number → NaN. */
export function parseAgeGroups(typed: string): number[] | null {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  return parts.length === 0 ? null : (parts.map(wholeNumberOrNull) as number[]);
}

/** A preset as the Age groups field shows it. */
export const ageGroupPresetText = (preset: keyof typeof AGE_GROUP_PRESETS) =>
  AGE_GROUP_PRESETS[preset].join(', ');

/** The labels of the groups typed ("0–19", …, "70+"), or null while the field is empty or refused. */
export function getAgeGroupLabels(typed: string): string[] | null {
  const bounds = parseAgeGroups(typed);
  if (bounds === null || !entryFormInputFields.ageGroups.safeParse(bounds).success) return null;
  return ageGroupLabels(bounds);
}

/**
 * The section's part of the request body: the questions in their order, each with its id when stored (the
 * server keeps it) and options only when it is a select one; an empty waiver, minimum age or age groups as
 * null (none).
 */
export function draftToEntryFormInput(values: EntryFormDraft): EntryFormInput {
  const waiverText = values.waiver.trim();
  return {
    registrationFields: values.registrationFields,
    tShirtSizes: values.tShirtSizes,
    questions: values.questions.map(({ id, label, type, required, options }) => ({
      ...(id === undefined ? {} : { id }),
      label,
      type,
      required,
      ...(type === 'select' ? { options } : {}),
    })),
    waiver: waiverText === '' ? null : { text: values.waiver },
    minimumAge: wholeNumberOrNull(values.minimumAge),
    ageGroups: parseAgeGroups(values.ageGroups),
  };
}

/** The names of the section's fields errors can be about, nested ones included (`questions.2.label`). */
export function draftFieldNames(values: EntryFormDraft): string[] {
  return [
    ...Object.keys(values.registrationFields).map((field) => `registrationFields.${field}`),
    'tShirtSizes',
    ...values.tShirtSizes.map((_, index) => `tShirtSizes.${index}`),
    'questions',
    ...values.questions.flatMap((question, index) => [
      `questions.${index}`,
      // An id the race does not know (or sent twice) is shown under the question's label.
      `questions.${index}.id`,
      `questions.${index}.label`,
      `questions.${index}.type`,
      `questions.${index}.required`,
      `questions.${index}.options`,
      ...question.options.map((_, option) => `questions.${index}.options.${option}`),
    ]),
    'waiver',
    'waiver.text',
    'minimumAge',
    'ageGroups',
  ];
}

/** The field an issue is shown beside: the Age groups field is one text box, so a bad bound is its error. */
export function entryFormFieldOf(path: readonly PropertyKey[]): readonly PropertyKey[] {
  return path[0] === 'ageGroups' ? ['ageGroups'] : path;
}

/** Each text once, trimmed, the blank ones left out: what a preview can list. */
const shownLabels = (labels: readonly string[]) => [
  ...new Set(labels.map((label) => label.trim()).filter(Boolean)),
];

/**
 * The draft as the runner's form shows it, for the preview: what is not filled in yet drawn as it will be (a
 * question without a label named by its place, blank or repeated options and sizes left out), a minimum age
 * the schema would refuse not applied.
 */
export function draftToPreview(
  draft: EntryFormDraft,
  raceStart: Pick<EntryFormLayout, 'startDate' | 'timeZone'>,
  unnamedQuestion: (position: number) => string,
): EntryFormLayout {
  const minimumAge = wholeNumberOrNull(draft.minimumAge);
  const waiverText = draft.waiver.trim();
  return {
    registrationFields: draft.registrationFields,
    tShirtSizes: shownLabels(draft.tShirtSizes),
    questions: draft.questions.map((question, index) => ({
      id: question.key,
      label: question.label.trim() || unnamedQuestion(index + 1),
      type: question.type,
      required: question.required,
      options: question.type === 'select' ? shownLabels(question.options) : [],
    })),
    waiver: waiverText === '' ? null : { text: waiverText },
    minimumAge:
      minimumAge !== null && entryFormInputFields.minimumAge.safeParse(minimumAge).success
        ? minimumAge
        : null,
    ...raceStart,
  };
}
