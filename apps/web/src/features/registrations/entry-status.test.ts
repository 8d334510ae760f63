import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRM, DELETE_MESSAGES } from '../../lib/record-messages';
import { getEntryStatusText, getRemovalMessages } from './entry-status';

describe('getEntryStatusText', () => {
  it("gives a registered runner's bib", () => {
    expect(getEntryStatusText({ status: 'registered', bib: 123, waitlistPosition: null })).toBe(
      'Registered · bib 123',
    );
  });

  it("gives a waitlisted runner's place in line", () => {
    expect(getEntryStatusText({ status: 'waitlisted', bib: null, waitlistPosition: 4 })).toBe(
      'Waitlisted · #4',
    );
  });

  it('says a place is held while its runner pays, and names an entry kept without a place', () => {
    expect(getEntryStatusText({ status: 'pending_payment', bib: null, waitlistPosition: null })).toBe(
      'Place held',
    );
    expect(getEntryStatusText({ status: 'cancelled', bib: null, waitlistPosition: null })).toBe('Cancelled');
    expect(getEntryStatusText({ status: 'expired', bib: null, waitlistPosition: null })).toBe(
      'Place released',
    );
  });

  it('gives only the status while its number is not known', () => {
    expect(getEntryStatusText({ status: 'registered', bib: null, waitlistPosition: null })).toBe(
      'Registered',
    );
    expect(getEntryStatusText({ status: 'waitlisted', bib: null, waitlistPosition: null })).toBe(
      'Waitlisted',
    );
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
