import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES as M } from './team-messages';
import { canOrganize, invitationTokenOf, isOrganizerOf, otherRole } from './team-roles';

describe('otherRole', () => {
  it('gives a co-organizer the check-in role and a volunteer the co-organizer role', () => {
    expect(otherRole('coorganizer')).toBe('checkin');
    expect(otherRole('checkin')).toBe('coorganizer');
  });

  it('names the button by the role it gives', () => {
    expect(M.changeRole.button(otherRole('coorganizer'))).toBe('Make check-in volunteer');
    expect(M.changeRole.button(otherRole('checkin'))).toBe('Make co-organizer');
  });
});

describe('isOrganizerOf', () => {
  it('is the race’s organizer when the e-mails match in any case', () => {
    expect(isOrganizerOf({ email: 'Ann@Example.org' }, { email: 'ann@example.org' })).toBe(true);
  });

  it('is not the organizer with another e-mail', () => {
    expect(isOrganizerOf({ email: 'ann@example.org' }, { email: 'bob@example.org' })).toBe(false);
  });
});

describe('canOrganize', () => {
  it('lets a co-organizer, not a check-in volunteer, reach the desk', () => {
    expect(canOrganize('coorganizer')).toBe(true);
    expect(canOrganize('checkin')).toBe(false);
  });
});

describe('invitationTokenOf', () => {
  it('reads the mailed token', () => {
    expect(invitationTokenOf(new URLSearchParams('token=abc123'))).toBe('abc123');
  });

  it('is blank without one', () => {
    expect(invitationTokenOf(new URLSearchParams(''))).toBe('');
    expect(invitationTokenOf(new URLSearchParams('token=%20'))).toBe('');
  });
});

describe('the invitation texts', () => {
  it('say who invites, to what role', () => {
    expect(M.invitations.invite('Ann Lee', 'checkin')).toBe(
      'Ann Lee invites you to help as a check-in volunteer.',
    );
    expect(M.invitations.accepted('Lisbon Marathon', 'coorganizer')).toBe(
      'You joined the team of Lisbon Marathon as a co-organizer.',
    );
  });

  it('say what removing a member does, invited or active', () => {
    expect(M.remove.messages('a@b.org', 'invited').confirm.text).toBe(
      'The invitation to a@b.org is withdrawn: its link stops working.',
    );
    expect(M.remove.messages('a@b.org', 'active').confirm.text).toBe(
      'a@b.org loses access to this race at once.',
    );
  });
});

describe('the outcome texts', () => {
  it('say a refused write with the server’s reason, else what failed', () => {
    expect(M.invite.outcome).toEqual({
      doneTitle: 'Invited!',
      refused: { title: 'Failed!', fallback: 'Sending the invitation failed.' },
      failed: { title: 'Error!', text: 'Sending the invitation failed.' },
    });
  });
});
