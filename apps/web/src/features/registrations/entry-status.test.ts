import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRM, DELETE_MESSAGES } from '../../lib/record-messages';
import { formatDateTime } from '../../lib/dates';
import { getEntryStatusText, getRemovalLabel, getRemovalMessages } from './entry-status';

describe('getEntryStatusText', () => {
  it('says when a ballot entry is drawn, as the race’s clocks read it', () => {
    expect(
      getEntryStatusText({
        status: 'ballot',
        bib: null,
        waitlistPosition: null,
        ballot: null,
        ballotDrawAt: '2027-03-14T09:00:00.000Z',
        marathonTimeZone: 'Europe/Lisbon',
      }),
    ).toBe(`In the ballot · draw on ${formatDateTime('2027-03-14T09:00:00.000Z', 'Europe/Lisbon')}`);
  });

  it("gives a registered runner's bib", () => {
    expect(getEntryStatusText({ status: 'registered', bib: 123, waitlistPosition: null, ballot: null })).toBe(
      'Registered · bib 123',
    );
  });

  it("gives a waitlisted runner's place in line", () => {
    expect(getEntryStatusText({ status: 'waitlisted', bib: null, waitlistPosition: 4, ballot: null })).toBe(
      'Waitlisted · #4',
    );
  });

  it('says a place is held while its runner pays, and names an entry kept without a place', () => {
    expect(
      getEntryStatusText({ status: 'pending_payment', bib: null, waitlistPosition: null, ballot: null }),
    ).toBe('Place held');
    expect(getEntryStatusText({ status: 'cancelled', bib: null, waitlistPosition: null, ballot: null })).toBe(
      'Cancelled',
    );
    expect(getEntryStatusText({ status: 'expired', bib: null, waitlistPosition: null, ballot: null })).toBe(
      'Place released',
    );
  });

  it('says an entry is in the ballot until the draw, and gives a drawn entry its position in the draw', () => {
    expect(getEntryStatusText({ status: 'ballot', bib: null, waitlistPosition: null, ballot: null })).toBe(
      'In the ballot',
    );
    const drawn = (outcome: 'won' | 'waitlisted', position: number) => ({ outcome, position });
    expect(
      getEntryStatusText({ status: 'registered', bib: 12, waitlistPosition: null, ballot: drawn('won', 3) }),
    ).toBe('Registered · bib 12 · Ballot position 3');
    expect(
      getEntryStatusText({
        status: 'waitlisted',
        bib: null,
        waitlistPosition: 4,
        ballot: drawn('waitlisted', 1204),
      }),
    ).toBe('Waitlisted · #4 · Ballot position 1,204');
    expect(
      getEntryStatusText({
        status: 'pending_payment',
        bib: null,
        waitlistPosition: null,
        ballot: drawn('won', 7),
      }),
    ).toBe('Place held · Ballot position 7');
  });

  it('gives only the status while its number is not known', () => {
    expect(
      getEntryStatusText({ status: 'registered', bib: null, waitlistPosition: null, ballot: null }),
    ).toBe('Registered');
    expect(
      getEntryStatusText({ status: 'waitlisted', bib: null, waitlistPosition: null, ballot: null }),
    ).toBe('Waitlisted');
  });
});

describe('getRemovalMessages', () => {
  it('asks before a registration is deleted, in the words of docs/SPEC.md §8, saying below what happens', () => {
    const messages = getRemovalMessages({ status: 'registered', marathonTitle: 'City Run' });
    expect(messages.confirm).toEqual({
      ...DELETE_CONFIRM,
      detail: 'Your entry in City Run will be withdrawn.',
    });
    expect(messages.outcome).toBe(DELETE_MESSAGES);
  });

  it('talks about leaving the waitlist for a waitlisted runner, naming the race', () => {
    const messages = getRemovalMessages({ status: 'waitlisted', marathonTitle: 'City Run' });
    expect(messages.confirm).toEqual({
      title: 'Leave the waitlist?',
      text: 'You will give up your place in line for City Run.',
      confirmButton: 'Yes, leave it!',
    });
    expect(messages.outcome.doneTitle).toBe('Left the waitlist');
  });
});

describe('getRemovalLabel', () => {
  it('names leaving the waitlist and leaving the ballot; any other entry is a plain delete', () => {
    expect(getRemovalLabel({ status: 'waitlisted' })).toBe('Leave waitlist');
    expect(getRemovalLabel({ status: 'ballot' })).toBe('Leave ballot');
    expect(getRemovalLabel({ status: 'registered' })).toBeUndefined();
  });
});

describe('getRemovalMessages of a ballot entry', () => {
  it('talks about leaving the ballot, naming the race', () => {
    const messages = getRemovalMessages({ status: 'ballot', marathonTitle: 'City Run' });
    expect(messages.confirm).toEqual({
      title: 'Leave the ballot?',
      text: 'You will give up your entry in the ballot for City Run.',
      confirmButton: 'Yes, leave it!',
    });
    expect(messages.outcome.doneTitle).toBe('Left the ballot');
  });
});
