import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Marathon, Registration } from '@stride/shared';
import { createMarathon, errorFields, register, useTestApp } from './testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from './testing/test-app.js';

// ADR 020: the lists docs/SPEC.md gives whole (My Marathons, a runner's registrations) also come a page at a time.

const main = useTestApp();

let organizer: SignedIn;
let runner: SignedIn;

beforeAll(async () => {
  organizer = await signUp(main.current.app);
  runner = await signUp(main.current.app);
  const rival = await signUp(main.current.app);
  for (let n = 1; n <= 25; n++) {
    // Race 3 is full, with the runner in line: the lists carry places left and a place in line as well.
    const race = await createMarathon(main.current.app, organizer, {
      title: `Paged Race ${n}`,
      ...(n === 3 && { capacity: 1 }),
    });
    if (n === 3) await register(main.current.app, rival, race._id);
    if (n <= 15) await register(main.current.app, runner, race._id, n === 3 ? { waitlist: true } : {});
  }
});

const get = (url: string, actor: SignedIn) =>
  main.current.app.inject({ url, headers: bearerHeaders(actor.token) });

const myMarathons = (query: string) => get(`/api/my-marathons${query}`, organizer);
const myRegistrations = (query: string) =>
  get(`/api/registrations/by-email/${encodeURIComponent(runner.user.email)}${query}`, runner);

function bodyOf<T>(response: LightMyRequestResponse): T[] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T[]>();
}
const totalOf = (response: LightMyRequestResponse) => response.headers['x-total-count'];

describe.each([
  { list: 'GET /api/my-marathons', fetch: myMarathons, size: 25, id: (row: Marathon) => row._id },
  {
    list: 'GET /api/registrations/by-email/:email',
    fetch: myRegistrations,
    size: 15,
    id: (row: Registration) => row._id,
  },
] as const)('$list', ({ fetch, size, id }) => {
  it('without page or limit, is the whole list, as docs/SPEC.md has it', async () => {
    const whole = await fetch('');

    expect(bodyOf(whole)).toHaveLength(size);
    expect(totalOf(whole)).toBeUndefined();
  });

  it('pages through the same list in the same order, field for field, with the total in X-Total-Count', async () => {
    // The whole list is written by the database as JSON and streamed; a page goes through the response schema.
    const whole = bodyOf<Marathon & Registration>(await fetch(''));
    const pages = await Promise.all([1, 2, 3].map((page) => fetch(`?page=${page}&limit=10`)));

    expect(pages.flatMap((page) => bodyOf<Marathon & Registration>(page))).toEqual(whole);
    expect(new Set(whole.map(id)).size).toBe(size);
    expect(pages.map(totalOf)).toEqual([String(size), String(size), String(size)]);
  });

  it('takes page 1 for a limit alone and the default limit (12) for a page alone', async () => {
    const whole = bodyOf<Marathon & Registration>(await fetch('')).map(id);

    expect(bodyOf<Marathon & Registration>(await fetch('?limit=5')).map(id)).toEqual(whole.slice(0, 5));
    expect(bodyOf<Marathon & Registration>(await fetch('?page=2')).map(id)).toEqual(whole.slice(12, 24));
  });

  it('answers a page past the end with no rows and the total', async () => {
    const beyond = await fetch('?page=9&limit=10');

    expect(bodyOf(beyond)).toEqual([]);
    expect(totalOf(beyond)).toBe(String(size));
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=1.5', 'page'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=ten', 'limit'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await fetch(query);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });
});

it("a page of someone else's registrations is still refused", async () => {
  const response = await get(
    `/api/registrations/by-email/${encodeURIComponent(runner.user.email)}?page=1&limit=5`,
    organizer,
  );

  expect(response.statusCode).toBe(403);
});

describe('GET /api/registrations/by-email/:email?q= (the title search of My Apply List)', () => {
  const titles = (response: LightMyRequestResponse) =>
    bodyOf<Registration>(response).map((registration) => registration.marathonTitle);

  it('keeps the registrations whose race title holds q, any case, whole or a page with the matches counted', async () => {
    // Paged Race 1 and 10–15: seven of the runner's fifteen titles hold "race 1".
    const whole = await myRegistrations('?q=RACE%201');
    const firstPage = await myRegistrations('?q=race%201&page=1&limit=5');
    const secondPage = await myRegistrations('?q=race%201&page=2&limit=5');

    expect(titles(whole).sort()).toEqual(
      ['Paged Race 1', ...[10, 11, 12, 13, 14, 15].map((n) => `Paged Race ${n}`)].sort(),
    );
    expect([...titles(firstPage), ...titles(secondPage)]).toEqual(titles(whole));
    expect([totalOf(firstPage), totalOf(secondPage)]).toEqual(['7', '7']);
  });

  it('matches % and _ as themselves, and finds nothing that is not there', async () => {
    const percent = await myRegistrations('?q=%25&page=1&limit=5');

    expect(bodyOf(percent)).toEqual([]);
    expect(totalOf(percent)).toBe('0');
    expect(bodyOf(await myRegistrations('?q=Paged_Race'))).toEqual([]);
  });

  it('takes a blank q as no search', async () => {
    expect(bodyOf(await myRegistrations('?q=%20%20'))).toHaveLength(15);
  });

  it('refuses a q of more than 100 characters with a 400 naming q', async () => {
    const response = await myRegistrations(`?q=${'a'.repeat(101)}`);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['q']);
  });
});
