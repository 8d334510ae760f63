import type { z } from 'zod';
import type {
  PageQuery,
  StaffInvitation,
  StaffMember,
  StaffRace,
  StaffRole,
  staffInviteSchema,
} from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readPage, toPageParams, type Page } from '../../../lib/paging';

/** The body of POST /api/marathons/:id/staff, as the shared schema takes it. */
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

const staffPath = (raceId: string, staffId?: string) =>
  `/api/marathons/${encodeURIComponent(raceId)}/staff${staffId ? `/${encodeURIComponent(staffId)}` : ''}`;

/** The race's team, invited and active (its organizer and co-organizers); null when the caller may not see it. */
export async function findStaffOrNull(raceId: string, signal?: AbortSignal): Promise<StaffMember[] | null> {
  try {
    return (await apiRequest<StaffMember[]>(staffPath(raceId), { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/**
 * The organizer invites someone by e-mail. The e-mail already on the team (the API's 409) is said beside the
 * field, as the organizer's own e-mail (a 400 on `email`) is.
 */
export async function inviteStaff(raceId: string, input: StaffInviteInput): Promise<StaffMember> {
  try {
    return (await apiRequest<StaffMember>(staffPath(raceId), { method: 'POST', body: input })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.fieldErrors.length === 0) {
      throw new ApiError(409, error.message, [{ field: 'email', message: error.message }]);
    }
    throw error;
  }
}

export async function changeStaffRole(
  raceId: string,
  staffId: string,
  role: StaffRole,
): Promise<StaffMember> {
  return (await apiRequest<StaffMember>(staffPath(raceId, staffId), { method: 'PATCH', body: { role } }))
    .data;
}

export async function removeStaff(raceId: string, staffId: string): Promise<unknown> {
  return (await apiRequest<unknown>(staffPath(raceId, staffId), { method: 'DELETE' })).data;
}

/** A page of the races the signed-in user helps with, with their role on each. */
export async function getMyStaffRaces(query: PageQuery, signal?: AbortSignal): Promise<Page<StaffRace>> {
  return readPage(
    await apiRequest<StaffRace[]>(`/api/my-staff-races?${toPageParams(query)}`, { signal }),
    query.page,
    query.limit,
  );
}

/** The invitations waiting for the signed-in user's e-mail. */
export async function findMyInvitations(signal?: AbortSignal): Promise<StaffInvitation[]> {
  return (await apiRequest<StaffInvitation[]>('/api/my-staff-invitations', { signal })).data;
}

/** Accepts or declines an invitation with the mailed token; anyone else's, or a wrong token, is a 404. */
export async function answerInvitation(
  staffId: string,
  answer: 'accept' | 'decline',
  token: string,
): Promise<unknown> {
  return (
    await apiRequest<unknown>(`/api/staff/${encodeURIComponent(staffId)}/${answer}`, {
      method: 'POST',
      body: { token },
    })
  ).data;
}
