import type { Marathon } from '@stride/shared';
import { feeAt, formatMoney, nextFeeChange } from '@stride/shared/money';
import { formatDateTime } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';

/** A race's entry fee as its pages say it: the fee now ('€45.00', 'Free') and, before a price rise, the next one. */
export type PriceText = { fee: string; next: string | null };

/**
 * The fee a runner entering at `now` pays, and the next tier's fee from its date ('€55.00 from Sun 14 Mar 2027,
 * 08:00 WET', race-local like the page's other dates), or null when the fee does not change again. Worked out
 * from the race's tiers at `now` rather than read from its `currentFee`, so a page left open across a price rise
 * says the price that applies.
 */
export function getPriceText(
  race: Pick<Marathon, 'entryFee' | 'priceTiers' | 'currency' | 'timeZone'>,
  now: Date,
): PriceText {
  const fee = feeAt(race, now);
  const next = nextFeeChange(race, now);
  return {
    fee: fee === 0 ? DETAILS_MESSAGES.free : formatMoney(fee, race.currency),
    next:
      next &&
      DETAILS_MESSAGES.feeFrom(
        next.entryFee === 0 ? DETAILS_MESSAGES.free : formatMoney(next.entryFee, race.currency),
        formatDateTime(next.at, race.timeZone),
      ),
  };
}
