import { ordinal, type Result } from '@stride/shared';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

/**
 * A published result as My Apply List says it beside the race: 'Finished in 3:25:12 · 12th' (the chip time, else
 * the gun time), or a non-finisher's status: 'DNF', 'DNS', 'DQ'.
 */
export function getResultText(
  result: Pick<Result, 'status' | 'place' | 'chipTimeText' | 'gunTimeText'>,
): string {
  const time = result.chipTimeText ?? result.gunTimeText;
  if (result.status !== 'FIN' || time === null) return result.status;
  return APPLY_LIST_MESSAGES.result.finished(time, result.place === null ? null : ordinal(result.place));
}
