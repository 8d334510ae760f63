import type { z } from 'zod';
import type {
  CreateRegistrationInput,
  Registration,
  UpdateRegistrationInput,
  deletedSchema,
  registrationUpdatedSchema,
} from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

/** The answers of SPEC.md §7's update and delete calls, as the shared schemas declare them. */
export type RegistrationUpdated = z.infer<typeof registrationUpdatedSchema>;
export type RegistrationDeleted = z.infer<typeof deletedSchema>;

export async function getMyRegistrations(email: string, signal?: AbortSignal): Promise<Registration[]> {
  return (
    await apiRequest<Registration[]>(`/api/registrations/by-email/${encodeURIComponent(email)}`, { signal })
  ).data;
}

/**
 * The signed-in runner's registration as an iCalendar file, for a link to download (the session cookie goes
 * with it). Its event has the same UID as the confirmation mail's, so importing both adds one entry.
 */
export function getRegistrationCalendarPath(id: string): string {
  return `/api/my-registrations/${encodeURIComponent(id)}/calendar.ics`;
}

export async function createRegistration(input: CreateRegistrationInput): Promise<Registration> {
  return (await apiRequest<Registration>('/api/registrations', { method: 'POST', body: input })).data;
}

export async function updateRegistration(
  id: string,
  changes: UpdateRegistrationInput,
): Promise<RegistrationUpdated> {
  return (
    await apiRequest<RegistrationUpdated>(`/api/registrations/${id}`, { method: 'PATCH', body: changes })
  ).data;
}

export async function deleteRegistration(id: string): Promise<RegistrationDeleted> {
  return (await apiRequest<RegistrationDeleted>(`/api/registrations/${id}`, { method: 'DELETE' })).data;
}
