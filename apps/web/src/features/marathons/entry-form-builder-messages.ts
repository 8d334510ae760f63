import {
  ENTRY_FIELD_LABELS,
  ENTRY_FORM_LIMITS,
  type FieldCollection,
  type QuestionType,
} from '@stride/shared';
import type { ConfirmMessages } from '../../lib/record-messages';

/**
 * User-facing texts of the add/update form's Registration form section (issue 31), shared by the screen and its
 * tests. What runners see of the form is the entry form's own texts (ENTRY_FIELD_LABELS in @stride/shared).
 */
export const ENTRY_FORM_BUILDER_MESSAGES = {
  heading: 'Registration form',
  intro: 'What runners are asked when they enter, besides their name and phone number.',
  standardFieldsLegend: 'Standard fields',
  standardFields: {
    dateOfBirth: ENTRY_FIELD_LABELS.dateOfBirth,
    gender: ENTRY_FIELD_LABELS.gender,
    tShirtSize: ENTRY_FIELD_LABELS.tShirtSize,
    emergencyContact: 'Emergency Contact',
  },
  collection: { off: 'Off', optional: 'Optional', required: 'Required' } satisfies Record<
    FieldCollection,
    string
  >,
  /** Below Date of Birth while a minimum age is set: the server asks for it whatever the choice. */
  dateOfBirthByMinimumAge: 'Always asked while there is a minimum age.',

  sizesLegend: 'T-shirt sizes',
  sizeLabel: (position: number) => `Size ${position}`,
  addSize: 'Add a size',
  removeSize: (size: string) => `Remove size ${size}`,
  sizesHint: `1–${ENTRY_FORM_LIMITS.sizes} sizes of up to ${ENTRY_FORM_LIMITS.sizeLabel} characters.`,

  questionsLegend: 'Questions',
  noQuestions: 'No questions of your own yet.',
  questionLegend: (position: number) => `Question ${position}`,
  questionLabel: 'Question',
  typeLabel: 'Answer type',
  types: { text: 'Text', select: 'Choice', checkbox: 'Checkbox' } satisfies Record<QuestionType, string>,
  requiredAnswer: 'Required',
  optionsLegend: 'Options',
  optionLabel: (position: number) => `Option ${position}`,
  addOption: 'Add an option',
  removeOption: (position: number) => `Remove option ${position}`,
  addQuestion: 'Add a question',
  questionsFull: `A race asks at most ${ENTRY_FORM_LIMITS.questions} questions.`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  /** After the visible words of a question's buttons, for screen readers: 'Move up' + ' question 2'. */
  ofQuestion: (position: number) => ` question ${position}`,
  removeConfirm: (label: string): ConfirmMessages => ({
    title: 'Remove this question?',
    text: label.trim() ? `“${label.trim()}” will no longer be asked.` : 'It will no longer be asked.',
    detail: 'The answers runners have already given are kept, and still exported.',
    confirmButton: 'Yes, remove it',
    keepButton: 'Keep it',
  }),
  retiredLegend: 'No longer asked',
  askAgain: 'Ask again',
  askAgainOf: (label: string) => ` ${label}`,

  waiverLabel: 'Waiver text',
  waiverHint: 'Runners must accept it to enter. Leave empty for no waiver.',
  minimumAgeLabel: 'Minimum age',
  minimumAgeHint: 'On race day, in the race’s time zone. Leave empty for none.',
  ageGroupsLabel: 'Age groups',
  ageGroupsHint: 'The youngest age of each group, comma-separated. Leave empty for none.',
  presetsLegend: 'Presets',
  presets: { tenYear: '10-year', fiveYear: '5-year' },
  groups: (labels: string[]) => `Groups: ${labels.join(', ')}`,

  /** Opens the preview of the runner's form. */
  preview: 'Preview',
  previewIntro: 'The entry form as runners will see it, besides their name and phone number.',
} as const;
