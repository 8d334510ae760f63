import { describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES } from '@stride/shared';
import { racePassOf } from './race-pass';
import { RACE_PASS_MESSAGES } from './race-pass-messages';

describe('racePassOf', () => {
  it('gives a registered entry its QR code of stride:checkin:{code}, and the code', () => {
    expect(racePassOf({ status: 'registered', checkinCode: 'K7Q2M9XW4RTB8NCD' })).toEqual({
      kind: 'pass',
      qrText: 'stride:checkin:K7Q2M9XW4RTB8NCD',
      code: 'K7Q2M9XW4RTB8NCD',
    });
  });

  it.each(['waitlisted', 'pending_payment', 'cancelled', 'expired'] as const)(
    'gives a %s entry no pass, saying why',
    (status) => {
      expect(racePassOf({ status, checkinCode: null })).toEqual({
        kind: 'none',
        reason: CHECKIN_MESSAGES.noPass[status],
      });
    },
  );

  it('gives an entry in a ballot not drawn yet no pass, saying it comes with a place won', () => {
    expect(racePassOf({ status: 'ballot', checkinCode: null })).toEqual({
      kind: 'none',
      reason: RACE_PASS_MESSAGES.noPass.ballot,
    });
  });

  it('shows no code an entry that is no longer registered still carries', () => {
    expect(racePassOf({ status: 'cancelled', checkinCode: 'K7Q2M9XW4RTB8NCD' }).kind).toBe('none');
  });

  it('says the pass is not ready for a registered entry without its code', () => {
    expect(racePassOf({ status: 'registered', checkinCode: null })).toEqual({
      kind: 'none',
      reason: RACE_PASS_MESSAGES.notReady,
    });
  });
});
