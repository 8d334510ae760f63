import {
  ageGroupLabels,
  ENTRY_FIELD_LABELS,
  GENDERS,
  UNANSWERED,
  type Marathon,
  type Participant,
  type RaceStats,
} from '@stride/shared';
import { ENTRY_FORM_MESSAGES } from '../../components/entry-form/entry-form-messages';
import { dateOfBirthCollection } from '../../components/entry-form/entry-form-values';
import { formatDateTime } from '../../lib/dates';
import { PARTICIPANTS_MESSAGES } from './participants-messages';

/** What the desk reads of its race: the zone its times are shown in, and its entry form (issue 31). */
export type DeskRace = Pick<
  Marathon,
  | 'timeZone'
  | 'registrationFields'
  | 'tShirtSizes'
  | 'questions'
  | 'retiredQuestions'
  | 'waiver'
  | 'minimumAge'
  | 'ageGroups'
>;

const D = PARTICIPANTS_MESSAGES.details;
const T = PARTICIPANTS_MESSAGES.totals;

/** Which of the entry form's answers the desk shows: only what the race collects. */
export function deskFieldsOf(race: DeskRace) {
  const collectsDateOfBirth = dateOfBirthCollection(race) !== 'off';
  const fields = race.registrationFields;
  return {
    gender: fields.gender !== 'off',
    tShirtSize: fields.tShirtSize !== 'off',
    ageGroup: collectsDateOfBirth && race.ageGroups !== null,
    /** A row's details: anything beyond the table's columns. */
    details:
      collectsDateOfBirth ||
      fields.emergencyContact !== 'off' ||
      race.questions.length > 0 ||
      race.retiredQuestions.length > 0 ||
      race.waiver !== null,
  };
}

/** The race's age groups as labelled, e.g. ["0–19", "20–29", …, "70+"]. */
export const ageGroupsOf = (race: DeskRace): string[] =>
  race.ageGroups === null ? [] : ageGroupLabels(race.ageGroups);

/** A gender (or the filters' and totals' `unanswered`) as people read it. */
export function genderLabel(value: string): string {
  if (value === UNANSWERED) return T.unanswered;
  return ENTRY_FORM_MESSAGES.genders[value as keyof typeof ENTRY_FORM_MESSAGES.genders] ?? value;
}

export type TotalsRow = { value: string; label: string; count: number };

/**
 * A totals table's rows: the race's values in its order (0 where the stats have none), any other value the
 * stats count (one the race has since dropped), then the unanswered.
 */
export function totalsRows(
  counts: Readonly<Record<string, number>>,
  values: readonly string[],
  labelOf: (value: string) => string = (value) => value,
): TotalsRow[] {
  const others = Object.keys(counts).filter((value) => value !== UNANSWERED && !values.includes(value));
  return [...values, ...others, UNANSWERED].map((value) => ({
    value,
    label: value === UNANSWERED ? T.unanswered : labelOf(value),
    count: counts[value] ?? 0,
  }));
}

export type TotalsTable = {
  key: 'tShirtSizes' | 'genders' | 'ageGroups';
  caption: string;
  rows: TotalsRow[];
};

/** The Totals panel's tables: one per answer the race collects. */
export function totalsTablesOf(
  race: DeskRace,
  stats: Pick<RaceStats, 'tShirtSizes' | 'genders' | 'ageGroups'>,
) {
  const shown = deskFieldsOf(race);
  const tables: TotalsTable[] = [];
  if (shown.tShirtSize) {
    tables.push({
      key: 'tShirtSizes',
      caption: T.tShirtSizes,
      rows: totalsRows(stats.tShirtSizes, race.tShirtSizes),
    });
  }
  if (shown.gender) {
    tables.push({
      key: 'genders',
      caption: T.genders,
      rows: totalsRows(stats.genders, GENDERS, genderLabel),
    });
  }
  if (shown.ageGroup) {
    tables.push({
      key: 'ageGroups',
      caption: T.ageGroups,
      rows: totalsRows(stats.ageGroups, ageGroupsOf(race)),
    });
  }
  return tables;
}

/** An answer as the desk shows it: a checkbox's as Yes or No, an empty one as '-'. */
function answerText(answer: string | boolean | undefined): string {
  if (answer === true) return D.yes;
  if (answer === false) return D.no;
  return answer || PARTICIPANTS_MESSAGES.list.noAnswer;
}

export type DetailItem = { term: string; description: string };

/**
 * A runner's answers to the race's entry form, as a row's details list them: what the race collects (the table's
 * columns aside), each question's answer, answers to retired questions they gave, and the waiver they accepted.
 */
export function participantDetails(participant: Participant, race: DeskRace): DetailItem[] {
  const L = ENTRY_FIELD_LABELS;
  const none = PARTICIPANTS_MESSAGES.list.noAnswer;
  const items: DetailItem[] = [];
  if (dateOfBirthCollection(race) !== 'off') {
    items.push({ term: L.dateOfBirth, description: participant.dateOfBirth ?? none });
    items.push({ term: D.ageOnRaceDay, description: participant.ageOnRaceDay?.toString() ?? none });
  }
  if (race.registrationFields.emergencyContact !== 'off') {
    items.push({ term: L.emergencyContactName, description: participant.emergencyContact?.name || none });
    items.push({ term: L.emergencyContactPhone, description: participant.emergencyContact?.phone || none });
  }
  for (const question of race.questions) {
    items.push({ term: question.label, description: answerText(participant.answers[question.id]) });
  }
  for (const question of race.retiredQuestions) {
    if (question.id in participant.answers) {
      items.push({
        term: D.retired(question.label),
        description: answerText(participant.answers[question.id]),
      });
    }
  }
  if (race.waiver !== null) {
    items.push({ term: D.waiverVersion, description: participant.waiverVersion?.toString() ?? none });
    items.push({
      term: D.waiverAcceptedAt,
      description: participant.waiverAcceptedAt
        ? formatDateTime(participant.waiverAcceptedAt, race.timeZone)
        : none,
    });
  }
  return items;
}
