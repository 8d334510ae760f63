import type { z } from 'zod';
import type { DiscountCode, createDiscountCodeSchema } from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

/** The body of POST …/discount-codes, as the shared schema takes it. */
export type CreateDiscountCodeInput = z.input<typeof createDiscountCodeSchema>;

const codesPath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}/discount-codes`;

/** The race's codes with their uses, removed ones that were used included (the race's organizer only). */
export async function findDiscountCodes(raceId: string, signal?: AbortSignal): Promise<DiscountCode[]> {
  return (await apiRequest<DiscountCode[]>(codesPath(raceId), { signal })).data;
}

export async function createDiscountCode(
  raceId: string,
  input: CreateDiscountCodeInput,
): Promise<DiscountCode> {
  return (await apiRequest<DiscountCode>(codesPath(raceId), { method: 'POST', body: input })).data;
}

/** Deletes an unused code; a used one stays listed, no longer active. */
export async function deleteDiscountCode(raceId: string, codeId: string): Promise<{ message: string }> {
  return (
    await apiRequest<{ message: string }>(`${codesPath(raceId)}/${encodeURIComponent(codeId)}`, {
      method: 'DELETE',
    })
  ).data;
}
