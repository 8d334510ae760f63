import { describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from './waitlist-messages';

describe('WAITLIST_MESSAGES.onWaitlist', () => {
  it("names the runner's place in line", () => {
    expect(WAITLIST_MESSAGES.onWaitlist(1)).toBe("You're on the waitlist: number 1");
    expect(WAITLIST_MESSAGES.onWaitlist(12)).toBe("You're on the waitlist: number 12");
  });

  it('says only that the runner is in line when the place is not known', () => {
    expect(WAITLIST_MESSAGES.onWaitlist(null)).toBe("You're on the waitlist");
  });
});
