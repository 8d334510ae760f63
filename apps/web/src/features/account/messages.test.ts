import { describe, expect, it } from 'vitest';
import { deletionSummary } from './messages';

describe('deletionSummary', () => {
  it('says what goes, counting entries and races properly', () => {
    expect(deletionSummary(0, 0)).toBe('Your account, its sessions and your personal data will be deleted.');
    expect(deletionSummary(1, 0)).toBe(
      'Your account, its sessions and your personal data will be deleted; 1 entry withdrawn (each place goes to the first in line).',
    );
    expect(deletionSummary(2, 1)).toBe(
      'Your account, its sessions and your personal data will be deleted; 2 entries withdrawn (each place goes to the first in line); 1 race without runners deleted.',
    );
  });
});
