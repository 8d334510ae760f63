import type { CreateMarathonInput, Marathon, MarathonSort, UpdateMarathonInput } from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';

export type MarathonPage = { items: Marathon[]; total: number; page: number; limit: number };

const readPage = (
  result: { data: Marathon[]; headers: Headers },
  page: number,
  limit: number,
): MarathonPage => ({
  items: result.data,
  total: Number(result.headers.get('x-total-count') ?? result.data.length),
  page,
  limit,
});

export async function getFeaturedMarathons(signal?: AbortSignal): Promise<Marathon[]> {
  return (await apiRequest<Marathon[]>('/api/marathons/featured', { signal })).data;
}

export async function getMarathonPage(
  query: { sort: MarathonSort; page: number; limit: number },
  signal?: AbortSignal,
): Promise<MarathonPage> {
  const params = new URLSearchParams({
    sort: query.sort,
    page: String(query.page),
    limit: String(query.limit),
  });
  return readPage(
    await apiRequest<Marathon[]>(`/api/marathons?${params}`, { signal }),
    query.page,
    query.limit,
  );
}

export async function getUpcomingMarathons(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<MarathonPage> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  return readPage(
    await apiRequest<Marathon[]>(`/api/upcoming-marathons?${params}`, { signal }),
    query.page,
    query.limit,
  );
}

export async function getMarathon(id: string, signal?: AbortSignal): Promise<Marathon> {
  return (await apiRequest<Marathon>(`/api/marathons/${encodeURIComponent(id)}`, { signal })).data;
}

export async function getMyMarathons(email: string, signal?: AbortSignal): Promise<Marathon[]> {
  return (await apiRequest<Marathon[]>(`/api/my-marathons?email=${encodeURIComponent(email)}`, { signal }))
    .data;
}

export async function createMarathon(input: CreateMarathonInput): Promise<Marathon> {
  return (await apiRequest<Marathon>('/api/add-marathon', { method: 'POST', body: input })).data;
}

export async function updateMarathon(id: string, changes: UpdateMarathonInput) {
  return (
    await apiRequest<{ success: boolean; message: string; marathon: Marathon }>(`/api/marathons/${id}`, {
      method: 'PATCH',
      body: changes,
    })
  ).data;
}

export async function deleteMarathon(id: string) {
  return (
    await apiRequest<{ success: boolean; message: string; deletedCount: number }>(`/api/marathons/${id}`, {
      method: 'DELETE',
    })
  ).data;
}
