import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateMarathonInput, CreateRegistrationInput, Marathon, Registration } from '@stride/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export type RaceWindow = 'open' | 'not-yet-open' | 'closed' | 'started';

/** Registration dates and race start for each state a details page can show. */
export function raceDates(window: RaceWindow = 'open') {
  switch (window) {
    case 'open':
      return {
        startRegDate: fromNow(-DAY_MS),
        endRegDate: fromNow(10 * DAY_MS),
        startDate: fromNow(20 * DAY_MS),
      };
    case 'not-yet-open':
      return {
        startRegDate: fromNow(5 * DAY_MS),
        endRegDate: fromNow(10 * DAY_MS),
        startDate: fromNow(20 * DAY_MS),
      };
    case 'closed':
      return {
        startRegDate: fromNow(-10 * DAY_MS),
        endRegDate: fromNow(-DAY_MS),
        startDate: fromNow(5 * DAY_MS),
      };
    case 'started':
      return {
        startRegDate: fromNow(-20 * DAY_MS),
        endRegDate: fromNow(-10 * DAY_MS),
        startDate: fromNow(-DAY_MS),
      };
  }
}

/** A valid add-marathon body with a unique title; registration open unless `window` says otherwise. */
export function marathonInput(overrides: Partial<CreateMarathonInput> & { window?: RaceWindow } = {}) {
  const { window, ...rest } = overrides;
  return {
    title: `E2E Marathon ${Math.random().toString(36).slice(2, 8)}`,
    location: 'Testville',
    distance: '10k' as const,
    description: 'A race created by a browser test.',
    image: '/images/marathons/poster-1.svg',
    ...raceDates(window),
    ...rest,
  };
}

async function ensureOk<T>(
  response: Awaited<ReturnType<APIRequestContext['post']>>,
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Creates a marathon as the signed-in user of `request` (use `page.request` after signing up in the page, so
 * the session cookie is shared). `baseURL` is sent as Origin, as the browser would.
 */
export async function createMarathonViaApi(
  request: APIRequestContext,
  baseURL: string,
  overrides: Parameters<typeof marathonInput>[0] = {},
): Promise<Marathon> {
  const response = await request.post('/api/add-marathon', {
    data: marathonInput(overrides),
    headers: { Origin: baseURL },
  });
  return ensureOk<Marathon>(response, 'POST /api/add-marathon');
}

/** The organizer changes their race (signed in on `request`), as PATCH /api/marathons/:id does. */
export async function changeMarathonViaApi(
  request: APIRequestContext,
  baseURL: string,
  id: string,
  changes: Partial<CreateMarathonInput>,
): Promise<void> {
  const response = await request.patch(`/api/marathons/${id}`, {
    data: changes,
    headers: { Origin: baseURL },
  });
  await ensureOk(response, 'PATCH /api/marathons/:id');
}

/** Creates a race per title, one after the other, so that each is newer than the one before it. */
export async function createMarathonsViaApi(
  request: APIRequestContext,
  baseURL: string,
  titles: readonly string[],
): Promise<Marathon[]> {
  const created: Marathon[] = [];
  for (const title of titles) created.push(await createMarathonViaApi(request, baseURL, { title }));
  return created;
}

/** `count` titles that share `prefix` and differ by a two-digit number: 'Race 01', 'Race 02', … */
export function numberedTitles(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
}

/**
 * Registers the signed-in user of `request` for a marathon (`waitlist: true`: into a full race's waitlist), with
 * any answers to its entry form.
 */
export async function registerViaApi(
  request: APIRequestContext,
  baseURL: string,
  marathonId: string,
  overrides: Partial<Omit<CreateRegistrationInput, 'marathonId'>> = {},
): Promise<Registration> {
  const response = await request.post('/api/registrations', {
    data: {
      marathonId,
      firstName: 'Eve',
      lastName: 'Runner',
      contact: '+1 555 0100',
      info: '',
      ...overrides,
    },
    headers: { Origin: baseURL },
  });
  return ensureOk<Registration>(response, 'POST /api/registrations');
}

/** The URLs of the POSTs the page sends to `pathname` from now on: a form refused in the browser sends none. */
export function recordPosts(page: Page, pathname: string): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === pathname)
      posts.push(request.url());
  });
  return posts;
}
