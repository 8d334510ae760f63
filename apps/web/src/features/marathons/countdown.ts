import { secondsUntil } from '@stride/shared/rules';
import { splitDuration } from '../../lib/dates';

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** The four rings of the countdown (docs/SPEC.md §2), with the word for one and for many of each. */
export const RING_UNITS = [
  { label: 'Days', one: 'Day' },
  { label: 'Hours', one: 'Hour' },
  { label: 'Minutes', one: 'Minute' },
  { label: 'Seconds', one: 'Second' },
] as const;
export type RingLabel = (typeof RING_UNITS)[number]['label'];

export type CountdownRing = {
  label: RingLabel;
  /** The number shown in the ring. */
  value: number;
  /** What a screen reader says, e.g. '12 Days' or '1 Hour'. */
  accessibleText: string;
  /** One full turn of the ring, in seconds (docs/SPEC.md §9: days = the whole countdown, then 86400, 3600, 60). */
  duration: number;
  /** The part of the turn still to go, in seconds. */
  remainingTime: number;
  /** Which turn this is: a new turn restarts the ring, so its arc stays in step with the clock. */
  turn: number;
};

/**
 * The rings for `remaining` seconds to the start, when the countdown began at `total` seconds. The values are
 * those of `splitDuration`; each ring's arc is the library's "days, hours, minutes, seconds" example.
 */
export function getCountdownRings(remaining: number, total: number): CountdownRing[] {
  const left = Math.max(0, Math.floor(remaining));
  const parts = splitDuration(left);
  const rings = [
    { value: parts.days, duration: Math.max(total, left), remainingTime: left, turn: 0 },
    { value: parts.hours, duration: DAY, remainingTime: left % DAY, turn: Math.floor(left / DAY) },
    { value: parts.minutes, duration: HOUR, remainingTime: left % HOUR, turn: Math.floor(left / HOUR) },
    { value: parts.seconds, duration: MINUTE, remainingTime: left % MINUTE, turn: Math.floor(left / MINUTE) },
  ];
  return rings.map((ring, index) => {
    const unit = RING_UNITS[index]!;
    return {
      ...ring,
      label: unit.label,
      accessibleText: `${ring.value} ${ring.value === 1 ? unit.one : unit.label}`,
    };
  });
}

/**
 * Milliseconds from `now` until `secondsUntil(start, now)` next drops by one, so the countdown ticks on the
 * second of the start time rather than of the page load; null when there is nothing left to count.
 */
export function msUntilNextTick(start: string, now: Date): number | null {
  if (secondsUntil(start, now) <= 0) return null;
  const left = Date.parse(start) - now.getTime();
  return (left % 1000) + 1;
}
