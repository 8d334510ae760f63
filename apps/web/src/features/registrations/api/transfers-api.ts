import type {
  AcceptTransferInput,
  CreateTransferInput,
  Registration,
  Transfer,
  TransferDetails,
} from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

const transferOfPath = (registrationId: string) =>
  `/api/registrations/${encodeURIComponent(registrationId)}/transfer`;
const transferPath = (token: string) => `/api/transfers/${encodeURIComponent(token)}`;

/** The runner offers their place to `email` (issue 35); the receiver is mailed a link. A 409 says why not. */
export async function createTransfer(registrationId: string, input: CreateTransferInput): Promise<Transfer> {
  return (await apiRequest<Transfer>(transferOfPath(registrationId), { method: 'POST', body: input })).data;
}

/** The runner withdraws their open offer. */
export async function withdrawTransfer(registrationId: string): Promise<{ message: string }> {
  return (await apiRequest<{ message: string }>(transferOfPath(registrationId), { method: 'DELETE' })).data;
}

/**
 * The offer the mailed link names, with who makes it and the race, for the signed-in receiver. Throws the API's
 * answer otherwise: a 404 (not theirs, or no such offer), a 410 (expired, taken or withdrawn).
 */
export async function getTransfer(token: string, signal?: AbortSignal): Promise<TransferDetails> {
  return (await apiRequest<TransferDetails>(transferPath(token), { signal })).data;
}

/** The receiver takes the place with their own details: the entry, now theirs. */
export async function acceptTransfer(token: string, input: AcceptTransferInput): Promise<Registration> {
  return (await apiRequest<Registration>(`${transferPath(token)}/accept`, { method: 'POST', body: input }))
    .data;
}
