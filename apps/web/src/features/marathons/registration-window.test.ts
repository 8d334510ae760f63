import { describe, expect, it } from 'vitest';
import { formatBadgeDate } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';
import { getRegistrationState } from './registration-window';

const window = { startRegDate: '2030-03-01T08:00:00.000Z', endRegDate: '2030-03-10T20:00:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('getRegistrationState', () => {
  it('is open from the start of registration to its end, both inclusive', () => {
    for (const now of [window.startRegDate, '2030-03-05T12:00:00.000Z', window.endRegDate]) {
      expect(getRegistrationState(window, at(now), false)).toEqual({ kind: 'open' });
    }
  });

  it('is closed before and after, naming the dates it is open between', () => {
    const notice = `Registration is only available between ${formatBadgeDate(window.startRegDate)} and ${formatBadgeDate(window.endRegDate)}`;
    for (const now of ['2030-03-01T07:59:59.999Z', '2030-03-10T20:00:00.001Z']) {
      expect(getRegistrationState(window, at(now), false)).toEqual({ kind: 'closed', notice });
    }
  });

  it('is closed when a date cannot be read', () => {
    const state = getRegistrationState(
      { ...window, endRegDate: 'soon' },
      at('2030-03-05T12:00:00.000Z'),
      false,
    );
    expect(state).toEqual({
      kind: 'closed',
      notice: DETAILS_MESSAGES.onlyBetween(formatBadgeDate(window.startRegDate), 'Invalid date'),
    });
  });

  it('tells a runner who has registered so, open or not', () => {
    expect(getRegistrationState(window, at('2030-03-05T12:00:00.000Z'), true)).toEqual({
      kind: 'registered',
    });
    expect(getRegistrationState(window, at('2031-01-01T00:00:00.000Z'), true)).toEqual({
      kind: 'registered',
    });
  });

  it('waits while it is not yet known whether the runner has registered', () => {
    expect(getRegistrationState(window, at('2030-03-05T12:00:00.000Z'), undefined)).toEqual({
      kind: 'checking',
    });
  });
});
