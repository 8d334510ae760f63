import { randomBytes } from 'node:crypto';
import {
  DEFAULT_T_SHIRT_SIZES,
  NO_REGISTRATION_FIELDS,
  type CreateMarathon,
  type Question,
  type QuestionInput,
  type RegistrationFields,
  type UpdateMarathon,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';

/** A race's entry form as stored (marathons' columns of issue 31). */
export type StoredEntryForm = {
  registrationFields: RegistrationFields;
  tShirtSizes: string[];
  questions: Question[];
  retiredQuestions: Question[];
  waiverText: string | null;
  waiverVersion: number;
  minimumAge: number | null;
  ageGroups: number[] | null;
};

/** What a question's change may cost the answers already given: checked against them before it is stored. */
export type AnswerCheck = {
  /** The question's place in the list sent (the 409 names `questions.{index}.…`). */
  index: number;
  questionId: string;
  /** Options the change removes: refused while a runner has chosen one. */
  removedOptions: string[];
  /** The type changes: refused while anyone has answered. */
  typeChanged: boolean;
};

export const ENTRY_FORM_MESSAGES = {
  unknownQuestion: 'No such question in this race: leave id out for a new question',
  optionInUse: (option: string, count: number) =>
    `The option “${option}” cannot be removed: ${count} ${count === 1 ? 'runner has' : 'runners have'} chosen it`,
  typeInUse: (count: number) =>
    `The question’s type cannot change once answered (${count} ${count === 1 ? 'answer' : 'answers'}): add a new question instead`,
} as const;

const FORM_KEYS = [
  'registrationFields',
  'tShirtSizes',
  'questions',
  'waiver',
  'minimumAge',
  'ageGroups',
] as const satisfies ReadonlyArray<keyof UpdateMarathon>;

/** True when the body sends any of the entry form's fields. */
export const changesEntryForm = (changes: UpdateMarathon) =>
  FORM_KEYS.some((key) => changes[key] !== undefined);

/** A short id, unique within the race (`taken`): "q" and 6 letters or digits. */
function newQuestionId(taken: Set<string>): string {
  for (;;) {
    const id = `q${randomBytes(6).toString('base64url').replace(/[-_]/g, '').slice(0, 6).toLowerCase()}`;
    if (id.length === 7 && !taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

const asQuestion = (id: string, { label, type, required, options }: QuestionInput): Question => ({
  id,
  label,
  type,
  required,
  options,
});

/** The form of a race being added: what the body left out is the default (every field off, no questions…). */
export function newEntryForm(input: CreateMarathon): StoredEntryForm {
  const taken = new Set<string>();
  return {
    registrationFields: { ...NO_REGISTRATION_FIELDS, ...definedOnly(input.registrationFields ?? {}) },
    tShirtSizes: input.tShirtSizes ?? DEFAULT_T_SHIRT_SIZES,
    questions: (input.questions ?? []).map((question) => asQuestion(newQuestionId(taken), question)),
    retiredQuestions: [],
    waiverText: input.waiver?.text ?? null,
    waiverVersion: input.waiver ? 1 : 0,
    minimumAge: input.minimumAge ?? null,
    ageGroups: input.ageGroups ?? null,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as Partial<T>;
}

/**
 * The stored form after an update: only the fields sent change. The questions sent are the whole list: a known id
 * keeps its question (label, options and required may change), a retired one's comes back, an item without id
 * is new, and a stored question left out is retired. Returns the checks the answers given must pass.
 */
export function changedEntryForm(
  current: StoredEntryForm,
  changes: UpdateMarathon,
): { form: StoredEntryForm; answerChecks: AnswerCheck[] } {
  const form: StoredEntryForm = {
    registrationFields: current.registrationFields,
    tShirtSizes: current.tShirtSizes,
    questions: current.questions,
    retiredQuestions: current.retiredQuestions,
    waiverText: current.waiverText,
    waiverVersion: current.waiverVersion,
    minimumAge: current.minimumAge,
    ageGroups: current.ageGroups,
  };
  const answerChecks: AnswerCheck[] = [];
  if (changes.registrationFields) {
    form.registrationFields = { ...current.registrationFields, ...definedOnly(changes.registrationFields) };
  }
  if (changes.tShirtSizes) form.tShirtSizes = changes.tShirtSizes;
  if (changes.minimumAge !== undefined) form.minimumAge = changes.minimumAge;
  if (changes.ageGroups !== undefined) form.ageGroups = changes.ageGroups;
  if (changes.waiver !== undefined) {
    const text = changes.waiver?.text ?? null;
    if (text !== null && text !== current.waiverText) form.waiverVersion = current.waiverVersion + 1;
    form.waiverText = text;
  }
  if (changes.questions) {
    const known = new Map([...current.questions, ...current.retiredQuestions].map((q) => [q.id, q]));
    const taken = new Set(known.keys());
    const problems: Array<{ field: string; message: string }> = [];
    const questions = changes.questions.map((question, index) => {
      if (question.id === undefined) return asQuestion(newQuestionId(taken), question);
      const stored = known.get(question.id);
      if (!stored) {
        problems.push({ field: `questions.${index}.id`, message: ENTRY_FORM_MESSAGES.unknownQuestion });
        return asQuestion(question.id, question);
      }
      const removedOptions = stored.options.filter((option) => !question.options.includes(option));
      const typeChanged = stored.type !== question.type;
      if (removedOptions.length > 0 || typeChanged) {
        answerChecks.push({ index, questionId: stored.id, removedOptions, typeChanged });
      }
      return asQuestion(stored.id, question);
    });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
    const asked = new Set(questions.map((question) => question.id));
    form.questions = questions;
    form.retiredQuestions = [...current.questions, ...current.retiredQuestions].filter(
      (question) => !asked.has(question.id),
    );
  }
  return { form, answerChecks };
}
