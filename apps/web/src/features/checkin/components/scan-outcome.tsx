import { useEffect, useRef } from 'react';
import { CHECKIN_SCREEN_MESSAGES, describeOutcome } from '../checkin-messages';
import type { Outcome } from '../roster';

const M = CHECKIN_SCREEN_MESSAGES.result;

const TONES = {
  success: 'bg-success text-success-content',
  warning: 'bg-warning text-warning-content',
  error: 'bg-error text-error-content',
} as const;

/**
 * A scan's result over the whole screen, in large type on a solid colour, readable in sunlight: green checked in,
 * amber already checked in, red not found or not registered. A tap anywhere (or the button) goes on to the next
 * scan. It fills the screen's live region, which announces it.
 */
export function ScanOutcome({
  outcome,
  timeZone,
  canUndo,
  onNext,
  onUndo,
}: {
  outcome: Outcome;
  timeZone: string;
  canUndo: boolean;
  onNext: () => void;
  onUndo: () => void;
}) {
  const { tone, headline, details } = describeOutcome(outcome, timeZone);
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => nextRef.current?.focus(), [outcome]);

  return (
    <div
      className={`flex min-h-full flex-col items-center justify-center gap-6 p-6 text-center ${TONES[tone]}`}
      onClick={onNext}
    >
      <p className="text-5xl leading-tight font-black break-words">{headline}</p>
      {details.map((line) => (
        <p key={line} className="text-3xl font-semibold break-words">
          {line}
        </p>
      ))}
      <div className="mt-4 flex w-full max-w-sm flex-col gap-3">
        <button ref={nextRef} type="button" className="btn btn-lg btn-neutral" onClick={onNext}>
          {M.next}
        </button>
        {canUndo && (
          <button
            type="button"
            className="btn btn-lg border-2 border-current bg-transparent text-inherit shadow-none"
            onClick={(event) => {
              event.stopPropagation();
              onUndo();
            }}
          >
            {M.undo}
          </button>
        )}
      </div>
    </div>
  );
}
