import type { Distance } from './constants.js';

/**
 * Results (issue 34): race times as the timer's file writes them and as every screen shows them, paces, places.
 */

/** A result's status: finished, did not finish, did not start, disqualified. */
export const RESULT_STATUSES = ['FIN', 'DNF', 'DNS', 'DQ'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Which time ranks the finishers (`rankBy` on the race); one without it is ranked by the other. */
export const RANK_BY = ['chip', 'gun'] as const;
export type RankBy = (typeof RANK_BY)[number];
export const DEFAULT_RANK_BY: RankBy = 'chip';

/** The longest time a file may hold: 99:59:59.9. */
export const MAX_RACE_TIME_MS = (99 * 3600 + 59 * 60 + 59) * 1000 + 900;

const RACE_TIME = /^(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.(\d))?$/;

/**
 * A time as the timer writes it — `H:MM:SS`, `HH:MM:SS` or `HH:MM:SS.s`, up to 99:59:59.9 — in milliseconds;
 * null for anything else.
 */
export function parseRaceTime(text: string): number | null {
  const match = RACE_TIME.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, tenths] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(tenths ?? 0) * 100;
}

/** `H:MM:SS` (the tenths left out, as results are read; a time is never rounded up to the next second). */
export function formatRaceTime(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Each distance in kilometres for paces: as named (the half's 21.1k is 21.1 km), the marathon's 42.2k 42.195 km. */
export const DISTANCE_KM: Readonly<Record<Distance, number>> = {
  '3k': 3,
  '5k': 5,
  '10k': 10,
  '15k': 15,
  '21.1k': 21.1,
  '25k': 25,
  '30k': 30,
  '42.2k': 42.195,
  '50k': 50,
  '100k': 100,
};

/** A pace per kilometre, `M:SS` (whole seconds, rounded), for a time over the race's distance. */
export function formatPace(ms: number, distance: Distance): string {
  const secondsPerKm = Math.round(ms / 1000 / DISTANCE_KM[distance]);
  return `${Math.floor(secondsPerKm / 60)}:${String(secondsPerKm % 60).padStart(2, '0')}`;
}

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th… 21st. */
export function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** A gender as a place line names it: F, M, X. */
export const GENDER_INITIALS: Readonly<Record<string, string>> = { female: 'F', male: 'M', nonbinary: 'X' };

/**
 * A finisher's places in words: "12th of 3,402 · 3rd F 40–49" (the division part only when the runner has one).
 */
export function placeLine(
  result: {
    place: number | null;
    ageGroupPlace: number | null;
    gender: string | null;
    ageGroup: string | null;
  },
  finishers: number,
): string | null {
  if (result.place === null) return null;
  const overall = `${ordinal(result.place)} of ${finishers.toLocaleString('en-US')}`;
  if (result.ageGroupPlace === null || result.gender === null || result.ageGroup === null) return overall;
  const initial = GENDER_INITIALS[result.gender] ?? result.gender;
  return `${overall} · ${ordinal(result.ageGroupPlace)} ${initial} ${result.ageGroup}`;
}
