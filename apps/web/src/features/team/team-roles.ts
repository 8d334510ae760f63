import type { StaffRole } from '@stride/shared';

/** The role a member's "Make …" button gives: the one they do not have (a team has two roles). */
export const otherRole = (role: StaffRole): StaffRole => (role === 'coorganizer' ? 'checkin' : 'coorganizer');

/**
 * Whether the signed-in user organizes the race (its e-mail is theirs), rather than helping with it: the Team
 * tab lets only the organizer invite, change and remove. E-mail addresses compare in any case.
 */
export const isOrganizerOf = (race: { email: string }, user: { email: string }) =>
  race.email.toLowerCase() === user.email.toLowerCase();

/** What a co-organizer may do on a race the check-in volunteer may not: its desk and editing it. */
export const canOrganize = (role: StaffRole) => role === 'coorganizer';

/** The mail's token from `?token=` (blank when missing). */
export const invitationTokenOf = (search: URLSearchParams) => search.get('token')?.trim() ?? '';
