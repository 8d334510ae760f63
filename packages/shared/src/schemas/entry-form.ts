import { z } from 'zod';
import type { GENDERS } from '../entry-rules.js';
import { ifValidSoFar, plainText } from './fields.js';

/**
 * The entry form a race asks its runners to fill in (issue 31): the four standard fields, each off, optional or
 * required; the T-shirt sizes; the organizer's own questions; a waiver; a minimum age and age groups.
 */
export const FIELD_COLLECTION = ['off', 'optional', 'required'] as const;
export type FieldCollection = (typeof FIELD_COLLECTION)[number];

export const STANDARD_FIELDS = ['dateOfBirth', 'gender', 'tShirtSize', 'emergencyContact'] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];

export type Gender = (typeof GENDERS)[number];

export const QUESTION_TYPES = ['text', 'select', 'checkbox'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const DEFAULT_T_SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export const ENTRY_FORM_LIMITS = {
  sizes: 12,
  sizeLabel: 10,
  questions: 20,
  questionLabel: 200,
  options: { min: 2, max: 50 },
  optionLabel: 100,
  waiver: 20_000,
  minimumAge: { min: 1, max: 100 },
  ageGroups: 20,
  ageGroupBound: 99,
  answerText: 1000,
  emergencyContactName: 80,
  /** The oldest a runner may be born: this many years before today. */
  maxAgeYears: 120,
} as const;

/** Every standard field off: what a race collects until its organizer says otherwise. */
export const NO_REGISTRATION_FIELDS: Record<StandardField, FieldCollection> = {
  dateOfBirth: 'off',
  gender: 'off',
  tShirtSize: 'off',
  emergencyContact: 'off',
};

/** The age-group presets the form offers in one click. */
export const AGE_GROUP_PRESETS = {
  tenYear: [0, 20, 30, 40, 50, 60, 70],
  fiveYear: [0, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75],
} as const;

const F = ENTRY_FORM_LIMITS;

const collection = (name: string) =>
  z.enum(FIELD_COLLECTION, { error: `${name} must be off, optional or required` });

/** Partial on update (only the keys sent change); the keys left out on add are off. */
const registrationFieldsInput = z.object(
  Object.fromEntries(STANDARD_FIELDS.map((field) => [field, collection(field).optional()])) as Record<
    StandardField,
    z.ZodOptional<ReturnType<typeof collection>>
  >,
  { error: 'registrationFields must be an object of dateOfBirth, gender, tShirtSize, emergencyContact' },
);

/** A list of distinct labels, each trimmed: the second of two equal ones is named. */
function distinctLabels(name: string, each: z.ZodType<string, string>, min: number, max: number) {
  return z
    .array(each, { error: `${name} must be a list` })
    .min(min, `${name} must have at least ${min}`)
    .max(max, `${name} must have at most ${max}`)
    .superRefine((labels, ctx) => {
      const seen = new Set<string>();
      labels.forEach((label, index) => {
        const key = label.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `${name} must be distinct: “${label}” is twice`,
          });
        }
        seen.add(key);
      });
    });
}

const label = (name: string, max: number) =>
  plainText(name, { error: `${name} is required` })
    .trim()
    .min(1, { message: `${name} is required`, ...ifValidSoFar })
    .max(max, { message: `${name} must be at most ${max} characters`, ...ifValidSoFar });

const tShirtSizesInput = distinctLabels('T-shirt sizes', label('A T-shirt size', F.sizeLabel), 1, F.sizes);

const questionInput = z
  .object(
    {
      id: z.string({ error: 'A question id is text' }).trim().min(1).max(40).optional(),
      label: label('The question', F.questionLabel),
      type: z.enum(QUESTION_TYPES, { error: 'A question’s type must be text, select or checkbox' }),
      required: z.boolean({ error: 'required must be true or false' }).default(false),
      // At least two for a select question (below); none for the others, which the API returns as [].
      options: distinctLabels('Options', label('An option', F.optionLabel), 0, F.options.max).optional(),
    },
    { error: 'A question must be an object of label, type, required and options' },
  )
  .superRefine((question, ctx) => {
    if (question.type === 'select' && question.options === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `A select question needs ${F.options.min}–${F.options.max} options`,
      });
    } else if (question.type === 'select' && question.options!.length < F.options.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `Options must have at least ${F.options.min}`,
      });
    }
    if (question.type !== 'select' && question.options !== undefined && question.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a select question has options' });
    }
  })
  .transform((question) => ({
    ...question,
    options: question.type === 'select' ? (question.options ?? []) : [],
  }));
export type QuestionInput = z.output<typeof questionInput>;

const questionsInput = z
  .array(questionInput, { error: 'questions must be a list' })
  .max(F.questions, `A race asks at most ${F.questions} questions`)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (question.id === undefined) return;
      if (seen.has(question.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'A question is in the list twice' });
      }
      seen.add(question.id);
    });
  });

/** The version is the server's: a client may send the race's waiver back as it got it. */
const waiverInput = z
  .object(
    {
      text: plainText('The waiver', { error: 'The waiver’s text is required' })
        .trim()
        .min(1, { message: 'The waiver’s text is required', ...ifValidSoFar })
        .max(F.waiver, { message: `The waiver must be at most ${F.waiver} characters`, ...ifValidSoFar }),
    },
    { error: 'waiver must be null or an object with its text' },
  )
  .nullable();

const MINIMUM_AGE_MESSAGE = `The minimum age must be a whole number from ${F.minimumAge.min} to ${F.minimumAge.max}, or empty for none`;
const minimumAgeInput = z
  .number({ error: MINIMUM_AGE_MESSAGE })
  .int(MINIMUM_AGE_MESSAGE)
  .min(F.minimumAge.min, MINIMUM_AGE_MESSAGE)
  .max(F.minimumAge.max, MINIMUM_AGE_MESSAGE)
  .nullable();

const AGE_GROUPS_MESSAGE = `Age groups must be 1–${F.ageGroups} ascending whole numbers from 0 to ${F.ageGroupBound}, e.g. 0, 20, 30, 40`;
const ageGroupsInput = z
  .array(z.number({ error: AGE_GROUPS_MESSAGE }), { error: AGE_GROUPS_MESSAGE })
  .nullable()
  .refine(
    (bounds) =>
      bounds === null ||
      (bounds.length >= 1 &&
        bounds.length <= F.ageGroups &&
        bounds.every(
          (bound, index) =>
            Number.isInteger(bound) &&
            bound >= 0 &&
            bound <= F.ageGroupBound &&
            (index === 0 || bound > bounds[index - 1]!),
        )),
    { message: AGE_GROUPS_MESSAGE, ...ifValidSoFar },
  );

/** The entry form's fields of the add/update body: left out, a field keeps its value (its default on add). */
export const entryFormInputFields = {
  registrationFields: registrationFieldsInput.optional(),
  tShirtSizes: tShirtSizesInput.optional(),
  questions: questionsInput.optional(),
  waiver: waiverInput.optional(),
  minimumAge: minimumAgeInput.optional(),
  ageGroups: ageGroupsInput.optional(),
};

export const questionSchema = z.object({
  /** Short and stable: the key of the question's answers. */
  id: z.string(),
  label: z.string(),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean(),
  /** A select question's choices, in order; empty for the others. */
  options: z.array(z.string()),
});
export type Question = z.infer<typeof questionSchema>;

export const registrationFieldsSchema = z.object(
  Object.fromEntries(STANDARD_FIELDS.map((field) => [field, z.enum(FIELD_COLLECTION)])) as Record<
    StandardField,
    z.ZodEnum<{ [K in FieldCollection]: K }>
  >,
);
export type RegistrationFields = z.infer<typeof registrationFieldsSchema>;

/** The entry form as every race the API returns carries it. */
export const entryFormFields = {
  registrationFields: registrationFieldsSchema,
  tShirtSizes: z.array(z.string()),
  /** The questions asked, in form order. */
  questions: z.array(questionSchema),
  /** Questions no longer asked: their answers are kept and exported; sending an id back revives one. */
  retiredQuestions: z.array(questionSchema),
  /** The text runners accept; `version` is raised by one whenever the text changes. */
  waiver: z.object({ text: z.string(), version: z.number().int() }).nullable(),
  /** The youngest a runner may be on race day, in the race's time zone. */
  minimumAge: z.number().int().nullable(),
  /** The age groups' lower bounds, ascending. */
  ageGroups: z.array(z.number().int()).nullable(),
};
export type EntryForm = { [K in keyof typeof entryFormFields]: z.infer<(typeof entryFormFields)[K]> };
