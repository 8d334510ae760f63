import type { AccountDeleted, AccountDeletionPreview, Dashboard, DeleteAccountInput } from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

/** The dashboard's home: the runner's next race, the organizer's upcoming races with their counts. */
export async function getMyDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return (await apiRequest<Dashboard>('/api/me/dashboard', { signal })).data;
}

/** What deleting the account would withdraw and delete, or which races stop it. */
export async function getDeletionPreview(signal?: AbortSignal): Promise<AccountDeletionPreview> {
  return (await apiRequest<AccountDeletionPreview>('/api/me/deletion-preview', { signal })).data;
}

/** Deletes the signed-in account (its password, or nothing for an account that signs in with Google only). */
export async function deleteMyAccount(input: DeleteAccountInput): Promise<AccountDeleted> {
  return (await apiRequest<AccountDeleted>('/api/me', { method: 'DELETE', body: input })).data;
}

/** The account's data as a JSON file: a link to it downloads it (the server names the file). */
export const MY_DATA_PATH = '/api/me/export';
