import { useState } from 'react';
import { CountdownCircleTimer } from 'react-countdown-circle-timer';
import { getCountdownRings, type RingLabel } from '../countdown';
import { DETAILS_MESSAGES } from '../details-messages';
import { useSecondsUntil } from '../use-seconds-until';

/** docs/SPEC.md §9: rings 100 px wide with an 8 px stroke. */
const RING_SIZE = 100;
const RING_STROKE = 8;

/**
 * The library draws its arcs with `stroke` attributes; these classes (CSS wins over attributes) paint them in
 * the theme's colours instead, so the rings follow light and dark.
 */
const RING_COLOURS: Record<RingLabel, string> = {
  Days: '[&_path:last-of-type]:stroke-primary',
  Hours: '[&_path:last-of-type]:stroke-secondary',
  Minutes: '[&_path:last-of-type]:stroke-accent',
  Seconds: '[&_path:last-of-type]:stroke-info',
};

/**
 * 'Time left to start Marathon' (docs/SPEC.md §2): four rings counting down to the start, or 'Marathon Started or
 * Date Invalid'. The numbers come from the page's clock each second; the library only animates the arcs.
 * Mount it with a `key` per race: the days ring spans the time left when it first appears.
 */
export function CountdownRings({ startDate }: { startDate: string }) {
  const remaining = useSecondsUntil(startDate);
  const [total] = useState(remaining);

  if (remaining <= 0) return <p className="text-lg font-semibold">{DETAILS_MESSAGES.started}</p>;

  return (
    <ul className="grid grid-cols-2 justify-items-center gap-4 sm:grid-cols-4">
      {getCountdownRings(remaining, total).map((ring) => (
        <li key={ring.label} className={`[&_path:first-of-type]:stroke-base-300 ${RING_COLOURS[ring.label]}`}>
          <CountdownCircleTimer
            // A new turn remounts the ring at the clock's value, so the arc never drifts from the number.
            key={ring.turn}
            isPlaying
            size={RING_SIZE}
            strokeWidth={RING_STROKE}
            duration={ring.duration}
            initialRemainingTime={ring.remainingTime}
            colors="#000000"
          >
            {() => (
              <div role="timer" aria-label={ring.accessibleText} className="flex flex-col items-center">
                <span className="text-2xl font-bold tabular-nums" aria-hidden>
                  {ring.value}
                </span>
                <span className="text-xs uppercase tracking-wide" aria-hidden>
                  {ring.label}
                </span>
              </div>
            )}
          </CountdownCircleTimer>
        </li>
      ))}
    </ul>
  );
}
