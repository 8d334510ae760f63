import type { CreateRegistrationInput, Registration, UpdateRegistrationInput } from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

export async function getMyRegistrations(email: string, signal?: AbortSignal): Promise<Registration[]> {
  return (
    await apiRequest<Registration[]>(`/api/registrations/by-email/${encodeURIComponent(email)}`, { signal })
  ).data;
}

export async function createRegistration(input: CreateRegistrationInput): Promise<Registration> {
  return (await apiRequest<Registration>('/api/registrations', { method: 'POST', body: input })).data;
}

export async function updateRegistration(id: string, changes: UpdateRegistrationInput) {
  return (
    await apiRequest<{ success: boolean; message: string; registration: Registration }>(
      `/api/registrations/${id}`,
      {
        method: 'PATCH',
        body: changes,
      },
    )
  ).data;
}

export async function deleteRegistration(id: string) {
  return (
    await apiRequest<{ success: boolean; message: string; deletedCount: number }>(
      `/api/registrations/${id}`,
      {
        method: 'DELETE',
      },
    )
  ).data;
}
