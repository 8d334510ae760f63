import { checkinQrText, type Registration } from '@stride/shared';
import { RACE_PASS_MESSAGES as M } from './race-pass-messages';

/** What the pass page shows for an entry: the QR code's text and the code, or why there is no pass. */
export type RacePass = { kind: 'pass'; qrText: string; code: string } | { kind: 'none'; reason: string };

/**
 * A registered entry's pass: its QR code holds `stride:checkin:{checkinCode}`. A waitlisted, pending-payment,
 * cancelled or expired entry has none, and the page says why.
 */
export function racePassOf(entry: Pick<Registration, 'status' | 'checkinCode'>): RacePass {
  if (entry.status !== 'registered') return { kind: 'none', reason: M.noPass[entry.status] };
  if (!entry.checkinCode) return { kind: 'none', reason: M.notReady };
  return { kind: 'pass', qrText: checkinQrText(entry.checkinCode), code: entry.checkinCode };
}
