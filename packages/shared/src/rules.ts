/** Rules both sides apply, without zod, so the web app can import them cheaply (`@stride/shared/rules`). */

import type { Distance } from './constants.js';

type DateLike = Date | string;
const toTime = (value: DateLike) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Open from the start of registration to its end, both inclusive (docs/SPEC.md §4). */
export function isRegistrationOpen(
  window: { startRegDate: DateLike; endRegDate: DateLike },
  now: Date,
): boolean {
  const start = toTime(window.startRegDate);
  const end = toTime(window.endRegDate);
  const at = now.getTime();
  return start <= at && at <= end;
}

/** Whole seconds from `now` until `start`, floored at 0; 0 for an unparseable date (docs/SPEC.md §4 countdown). */
export function secondsUntil(start: DateLike | null | undefined, now: Date): number {
  if (start === null || start === undefined) return 0;
  const time = toTime(start);
  if (Number.isNaN(time)) return 0;
  return Math.max(0, Math.floor((time - now.getTime()) / 1000));
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * How long a distance usually takes, the field's back runners included (about a race's cut-off): races only have
 * a start, a calendar entry also needs an end.
 */
export const EXPECTED_DURATION_HOURS: Readonly<Record<Distance, number>> = {
  '3k': 1,
  '5k': 1,
  '10k': 2,
  '15k': 3,
  '21.1k': 3.5,
  '25k': 4,
  '30k': 5,
  '42.2k': 6,
  '50k': 8,
  '100k': 14,
};

/** When the race is expected to end: its calendar entry's end (the server's .ics, the web's Google link). */
export function getRaceEndDate(start: Date, distance: Distance): Date {
  return new Date(start.getTime() + EXPECTED_DURATION_HOURS[distance] * HOUR_MS);
}

/**
 * A limited race with no place left: new runners can only join its waitlist. Here, without zod, so the race
 * cards can ask it cheaply (`placesLeft` is null for a race without a limit).
 */
export const isSoldOut = (marathon: { placesLeft: number | null }) => marathon.placesLeft === 0;
