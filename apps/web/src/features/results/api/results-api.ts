import type { z } from 'zod';
import type {
  ErrorResponse,
  ResultCard,
  ResultsPage,
  ResultsReport,
  resultsPublishedSchema,
} from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readPage, type Page } from '../../../lib/paging';
import { getResultsApiPath, type ResultsView } from '../results-view';

const resultsPath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}/results`;

/** A page of results as the screen reads it: the rows and their count (`X-Total-Count`), and the rest of the answer. */
export type ResultsPageData = Omit<ResultsPage, 'results'> & { page: Page<ResultsPage['results'][number]> };

async function nullIfNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * One page of the race's results as `view` filters them; null when they are not there to see (the API's 404:
 * not published yet and the caller not on the race's team, or no such race).
 */
export async function getResultsOrNull(
  raceId: string,
  view: ResultsView,
  limit: number,
  signal?: AbortSignal,
): Promise<ResultsPageData | null> {
  return nullIfNotFound(
    (async () => {
      const answer = await apiRequest<ResultsPage>(getResultsApiPath(raceId, view, limit), { signal });
      const { results, ...rest } = answer.data;
      return { ...rest, page: readPage({ data: results, headers: answer.headers }, view.page, limit) };
    })(),
  );
}

/** One runner's result card; null when there is none to see (the API's 404). */
export async function getResultCardOrNull(
  raceId: string,
  bib: number,
  signal?: AbortSignal,
): Promise<ResultCard | null> {
  return nullIfNotFound(
    apiRequest<ResultCard>(`${resultsPath(raceId)}/${bib}`, { signal }).then((answer) => answer.data),
  );
}

/**
 * What an import came to: the report of a file that was stored (or, checked only, could be), or of one refused
 * with its problems (the API's 400, nothing stored).
 */
export type ImportOutcome =
  { kind: 'accepted'; report: ResultsReport } | { kind: 'rejected'; report: ResultsReport; message: string };

const isReport = (body: unknown): body is ResultsReport & { message?: string } =>
  typeof body === 'object' && body !== null && 'problems' in body && 'rows' in body;

/**
 * Sends the timer's file as it is (`Content-Type: text/csv`): `dryRun` only checks it. A refused file answers its
 * report; any other failure is thrown as an ApiError.
 */
export async function importResults(
  raceId: string,
  file: Blob | string,
  { dryRun }: { dryRun: boolean },
): Promise<ImportOutcome> {
  let response: Response;
  try {
    response = await fetch(`${resultsPath(raceId)}?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const body: unknown = response.headers.get('content-type')?.includes('application/json')
    ? await response.json()
    : null;
  if (response.ok && isReport(body)) return { kind: 'accepted', report: body };
  if (response.status === 400 && isReport(body)) {
    const { message = '', ...report } = body;
    return { kind: 'rejected', report, message };
  }
  const error = body as Partial<ErrorResponse> | null;
  throw new ApiError(
    response.status,
    error?.message ?? `Request failed (${response.status})`,
    error?.errors ?? [],
  );
}

/** The answer of POST …/results/publish. */
export type ResultsPublished = z.infer<typeof resultsPublishedSchema>;

/**
 * Publishes or unpublishes the race's results; the first publication mails each finisher. Nothing imported yet:
 * a 409 with the server's reason.
 */
export async function publishResults(raceId: string, published: boolean): Promise<ResultsPublished> {
  return (
    await apiRequest<ResultsPublished>(`${resultsPath(raceId)}/publish`, {
      method: 'POST',
      body: { published },
    })
  ).data;
}
