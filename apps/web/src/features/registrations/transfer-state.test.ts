import { describe, expect, it } from 'vitest';
import type { Transfer } from '@stride/shared';
import { getTransferState } from './transfer-state';

const now = new Date('2030-03-05T12:00:00.000Z');
const registered = {
  status: 'registered',
  transfersUntil: '2030-03-20T18:00:00.000Z',
  transfer: null,
  marathonTimeZone: 'Europe/Lisbon',
} as const;
const offer: Transfer = {
  _id: 't1',
  registrationId: 'r1',
  marathonId: 'm1',
  toEmail: 'bo@example.com',
  expiresAt: '2030-03-12T12:00:00.000Z',
  status: 'offered',
  createdAt: '2030-03-05T12:00:00.000Z',
};

describe('getTransferState', () => {
  it('lets a registered place be offered until the race’s deadline, named as the race’s clocks read it', () => {
    expect(getTransferState(registered, now)).toEqual({
      kind: 'available',
      text: 'Transfer by Wed 20 Mar 2030, 18:00 WET',
    });
    expect(getTransferState({ ...registered, marathonTimeZone: 'Asia/Tokyo' }, now)).toEqual({
      kind: 'available',
      text: 'Transfer by Thu 21 Mar 2030, 03:00 GMT+9',
    });
  });

  it('offers nothing once the deadline has passed, for a race without transfers, or for an entry without a place', () => {
    expect(getTransferState(registered, new Date(registered.transfersUntil))).toEqual({ kind: 'none' });
    expect(getTransferState({ ...registered, transfersUntil: null }, now)).toEqual({ kind: 'none' });
    for (const status of ['waitlisted', 'pending_payment', 'ballot', 'cancelled', 'expired'] as const) {
      expect(getTransferState({ ...registered, status }, now)).toEqual({ kind: 'none' });
    }
  });

  it('shows an open offer, to whom and until when, instead', () => {
    expect(getTransferState({ ...registered, transfer: offer }, now)).toEqual({
      kind: 'offered',
      text: 'Offered to bo@example.com until Tue 12 Mar 2030, 12:00 WET',
      toEmail: 'bo@example.com',
    });
  });
});
