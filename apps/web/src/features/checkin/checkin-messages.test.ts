import type { ScanResult } from '@stride/shared';
import { describe, expect, it } from 'vitest';
import { CHECKIN_SCREEN_MESSAGES as M, clockTime, describeOutcome } from './checkin-messages';

const outcome = (more: Partial<ScanResult>): ScanResult => ({
  scanId: 's1',
  result: 'checked_in',
  registrationId: 'r1',
  bib: 1024,
  firstName: 'Eve',
  lastName: 'Runner',
  checkedInAt: '2027-03-14T07:42:30.000Z',
  checkedInBy: 'Sam',
  device: 'phone 2',
  ...more,
});

describe('the check-in screen messages', () => {
  it('counts with en-US grouping: "812 of 2,400 checked in"', () => {
    expect(M.counters(812, 2400)).toBe('812 of 2,400 checked in');
    expect(M.counters(0, 0)).toBe('0 of 0 checked in');
  });

  it('counts scans waiting to sync, one in the singular', () => {
    expect(M.waiting(14)).toBe('14 scans waiting to sync');
    expect(M.waiting(1)).toBe('1 scan waiting to sync');
  });

  it('reads a time as the race’s clocks show it', () => {
    expect(clockTime('2027-03-14T07:42:30.000Z', 'UTC')).toBe('07:42');
    expect(clockTime('2027-03-14T07:42:30.000Z', 'America/New_York')).toBe('03:42');
    expect(clockTime('2027-07-01T23:05:00.000Z', 'Europe/Lisbon')).toBe('00:05');
  });
});

describe('describeOutcome', () => {
  it('shows a check-in in green with the runner and bib', () => {
    expect(describeOutcome(outcome({}), 'UTC')).toEqual({
      tone: 'success',
      headline: 'Checked in',
      details: ['Eve Runner', 'Bib 1024'],
    });
  });

  it('shows a second check-in in amber: when (race time), by whom, on which phone', () => {
    expect(describeOutcome(outcome({ result: 'already' }), 'Europe/Lisbon')).toMatchObject({
      tone: 'warning',
      headline: 'Already checked in at 07:42 by Sam (phone 2)',
    });
    expect(
      describeOutcome(outcome({ result: 'already', checkedInBy: null, device: null }), 'UTC').headline,
    ).toBe('Already checked in at 07:42');
  });

  it('shows an unknown pass, another QR code and an entry without a place in red', () => {
    const unknown = outcome({
      result: 'unknown',
      registrationId: null,
      bib: null,
      firstName: null,
      lastName: null,
    });
    expect(describeOutcome(unknown, 'UTC')).toEqual({
      tone: 'error',
      headline: 'Not found',
      details: ['No runner of this race holds this pass.'],
    });
    expect(describeOutcome({ ...unknown, isNotAPass: true }, 'UTC').details).toEqual([
      'This QR code is not a Stride race pass.',
    ]);
    expect(describeOutcome(outcome({ result: 'not_registered', checkedInAt: null }), 'UTC')).toMatchObject({
      tone: 'error',
      headline: 'Not registered',
      details: ['Eve Runner', 'Bib 1024', M.result.noPlace],
    });
  });
});
