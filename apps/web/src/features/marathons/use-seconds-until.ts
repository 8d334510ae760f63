import { useEffect, useState } from 'react';
import { secondsUntil } from '@stride/shared/rules';
import { msUntilNextTick } from './countdown';

/** Whole seconds until `start` (docs/SPEC.md §4), updated each time that number drops by one. */
export function useSecondsUntil(start: string): number {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const delay = msUntilNextTick(start, now);
    if (delay === null) return;
    const timer = window.setTimeout(() => setNow(new Date()), delay);
    return () => window.clearTimeout(timer);
  }, [start, now]);
  return secondsUntil(start, now);
}
