import type { Marathon } from '@stride/shared';
import { DAY_MS } from './marathon-fixtures.js';

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic, no zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same month and day `years` earlier; throws for a 29 February that year has not. */
export function yearsBefore(day: string, years: number): string {
  const shifted = `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4)}`;
  if (new Date(`${shifted}T00:00:00Z`).toISOString().slice(0, 10) !== shifted) {
    throw new Error(`${shifted} is not a day`);
  }
  return shifted;
}

/** Today (UTC), YYYY-MM-DD. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A day of birth that makes the runner `age` on `raceDay`, far from any birthday (15 January or 15 December),
 * so that a day more or less in the counting changes nothing.
 */
export function bornAged(age: number, raceDay: string): string {
  const year = Number(raceDay.slice(0, 4));
  const month = Number(raceDay.slice(5, 7));
  return month >= 7 ? `${year - age}-01-15` : `${year - age - 1}-12-15`;
}

/** Registration open now (since yesterday, until tomorrow), the race at `startDate`. */
export function openWindowUntilRace(startDate: string, now = Date.now()) {
  return {
    startRegDate: new Date(now - DAY_MS).toISOString(),
    endRegDate: new Date(now + DAY_MS).toISOString(),
    startDate,
  };
}

/** The race's question of this label (asked or retired); throws when it has none. */
export function questionOf(race: Pick<Marathon, 'questions' | 'retiredQuestions'>, label: string) {
  const question = [...race.questions, ...race.retiredQuestions].find((each) => each.label === label);
  if (!question) throw new Error(`No question “${label}” in ${JSON.stringify(race.questions)}`);
  return question;
}

/** Question ids are keys of `answers` and parts of field names (`answers.{id}`): short and URL-safe. */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

/** The entry form's part of a registration whose race collects nothing (every field off, no waiver). */
export const NO_ENTRY_DETAILS = {
  dateOfBirth: null,
  gender: null,
  tShirtSize: null,
  emergencyContact: null,
  answers: {},
  ageOnRaceDay: null,
  ageGroup: null,
  waiverVersion: null,
  waiverAcceptedAt: null,
} as const;
