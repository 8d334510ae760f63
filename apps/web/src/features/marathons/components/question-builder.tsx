import { useEffect, useId, useRef } from 'react';
import { ENTRY_FORM_LIMITS, QUESTION_TYPES, type Question, type QuestionType } from '@stride/shared';
import { FormField } from '../../../components/ui/form-field';
import { LabelledControl } from '../../../components/ui/labelled-control';
import { confirmDelete } from '../../../lib/alerts';
import type { FieldErrors } from '../../../lib/form-errors';
import { ENTRY_FORM_BUILDER_MESSAGES as M } from '../entry-form-builder-messages';
import { newQuestion, reviveQuestion, withType, type QuestionDraft } from '../entry-form-draft';
import { TextListField } from './text-list-field';

type QuestionBuilderProps = {
  questions: QuestionDraft[];
  retiredQuestions: Question[];
  errors: FieldErrors;
  /** The new lists; `changed` names the fields edited (their errors go), or 'all' when questions moved. */
  onChange: (
    lists: { questions: QuestionDraft[]; retiredQuestions?: Question[] },
    changed: readonly string[] | 'all',
  ) => void;
};

/** Where focus goes once React has drawn a change: a question's control by its key, or the add button. */
type FocusTarget = { key: string; control: 'label' | 'up' | 'down' } | 'add';

/**
 * The organizer's own questions: add, edit, reorder (Move up / Move down), remove after a confirmation that
 * says the answers are kept. A stored question keeps its id, so the server keeps it and its answers; one
 * removed from a stored race is listed under 'No longer asked' and can be asked again.
 */
export function QuestionBuilder({ questions, retiredQuestions, errors, onChange }: QuestionBuilderProps) {
  const items = useRef(new Map<string, HTMLFieldSetElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const retiredId = useId();

  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    if (target === 'add') return addButton.current?.focus();
    const item = items.current.get(target.key);
    const control = (name: string) =>
      item?.querySelector<HTMLElement>(`[data-control="${name}"]:not(:disabled)`);
    // A question moved to the top or the bottom: its other move button.
    const other = target.control === 'up' ? 'down' : target.control === 'down' ? 'up' : 'label';
    (control(target.control) ?? control(other))?.focus();
  });

  const update = (index: number, change: Partial<QuestionDraft>, ...fields: string[]) =>
    onChange(
      { questions: questions.map((question, at) => (at === index ? { ...question, ...change } : question)) },
      fields.map((field) => `questions.${index}.${field}`),
    );

  function move(index: number, by: -1 | 1) {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    focusTarget.current = { key: moved!.key, control: by < 0 ? 'up' : 'down' };
    onChange({ questions: next }, 'all');
  }

  async function remove(index: number) {
    const question = questions[index]!;
    if (!(await confirmDelete(M.removeConfirm(question.label)))) return;
    const rest = questions.filter((_, at) => at !== index);
    const nextInPlace = rest[Math.min(index, rest.length - 1)];
    focusTarget.current = nextInPlace ? { key: nextInPlace.key, control: 'label' } : 'add';
    const { id, label, type, required, options } = question;
    onChange(
      {
        questions: rest,
        // A stored one is retired when the race is saved: it can be asked again until then, and after.
        ...(id === undefined
          ? {}
          : { retiredQuestions: [...retiredQuestions, { id, label, type, required, options }] }),
      },
      'all',
    );
  }

  function add(question: QuestionDraft, retired = retiredQuestions) {
    focusTarget.current = { key: question.key, control: 'label' };
    onChange({ questions: [...questions, question], retiredQuestions: retired }, 'all');
  }

  const isFull = questions.length >= ENTRY_FORM_LIMITS.questions;

  return (
    <fieldset className="fieldset min-w-0 gap-3">
      <legend className="fieldset-legend text-base">{M.questionsLegend}</legend>
      {errors.questions && <p className="text-error text-sm">{errors.questions}</p>}
      {questions.length === 0 && <p className="text-base-content/75 text-sm">{M.noQuestions}</p>}
      <ol className="space-y-3">
        {questions.map((question, index) => {
          const position = index + 1;
          const error = (field: string) => errors[`questions.${index}.${field}`];
          return (
            <li key={question.key}>
              <fieldset
                ref={(element) => {
                  if (element) items.current.set(question.key, element);
                  else items.current.delete(question.key);
                }}
                className="fieldset border-base-300 rounded-box min-w-0 border p-3"
              >
                <legend className="fieldset-legend px-1">{M.questionLegend(position)}</legend>
                <FormField
                  label={M.questionLabel}
                  data-control="label"
                  required
                  maxLength={ENTRY_FORM_LIMITS.questionLabel}
                  value={question.label}
                  error={error('label') ?? error('id')}
                  onChange={(event) => update(index, { label: event.target.value }, 'label', 'id')}
                />
                <div className="flex flex-wrap items-end gap-x-4">
                  <div className="min-w-40 flex-1">
                    <LabelledControl label={M.typeLabel} error={error('type')}>
                      {(control) => (
                        <select
                          {...control}
                          className="select w-full"
                          value={question.type}
                          onChange={(event) =>
                            update(
                              index,
                              withType(question, event.target.value as QuestionType),
                              'type',
                              'options',
                            )
                          }
                        >
                          {QUESTION_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {M.types[type]}
                            </option>
                          ))}
                        </select>
                      )}
                    </LabelledControl>
                  </div>
                  <label className="flex min-h-10 cursor-pointer items-center gap-2 py-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="checkbox"
                      checked={question.required}
                      onChange={(event) => update(index, { required: event.target.checked }, 'required')}
                    />
                    {M.requiredAnswer}
                  </label>
                </div>
                {question.type === 'select' && (
                  <TextListField
                    legend={M.optionsLegend}
                    layout="stacked"
                    items={question.options}
                    itemLabel={M.optionLabel}
                    removeLabel={M.removeOption}
                    addLabel={M.addOption}
                    min={ENTRY_FORM_LIMITS.options.min}
                    max={ENTRY_FORM_LIMITS.options.max}
                    maxLength={ENTRY_FORM_LIMITS.optionLabel}
                    error={error('options')}
                    itemError={(option) => error(`options.${option}`)}
                    // An edit can answer any of the list's errors (two equal options, one in use).
                    onChange={(options) =>
                      update(
                        index,
                        { options },
                        'options',
                        ...question.options.map((_, at) => `options.${at}`),
                      )
                    }
                  />
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-control="up"
                    className="btn btn-sm btn-ghost"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    {M.moveUp}
                    <span className="sr-only">{M.ofQuestion(position)}</span>
                  </button>
                  <button
                    type="button"
                    data-control="down"
                    className="btn btn-sm btn-ghost"
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    {M.moveDown}
                    <span className="sr-only">{M.ofQuestion(position)}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost text-error"
                    onClick={() => void remove(index)}
                  >
                    {M.remove}
                    <span className="sr-only">{M.ofQuestion(position)}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <button
          ref={addButton}
          type="button"
          className="btn btn-sm btn-outline"
          disabled={isFull}
          onClick={() => add(newQuestion())}
        >
          {M.addQuestion}
        </button>
        {isFull && <p className="text-base-content/75 mt-1 text-sm">{M.questionsFull}</p>}
      </div>
      {retiredQuestions.length > 0 && (
        <div>
          <p id={retiredId} className="mb-1 text-sm font-medium">
            {M.retiredLegend}
          </p>
          <ul aria-labelledby={retiredId} className="space-y-1">
            {retiredQuestions.map((question) => (
              <li key={question.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="min-w-0 [overflow-wrap:anywhere]">{question.label}</span>
                <button
                  type="button"
                  className="btn btn-xs btn-outline"
                  disabled={isFull}
                  onClick={() =>
                    add(
                      reviveQuestion(question),
                      retiredQuestions.filter((other) => other.id !== question.id),
                    )
                  }
                >
                  {M.askAgain}
                  <span className="sr-only">{M.askAgainOf(question.label)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
