import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { aResult, aResultsPage } from '../../../features/results/result-fixtures.test-helper';
import { json, renderHtml, renderRoute, stubFetch } from '../../../features/results/render-route.test-helper';
import { refetchSession } from '../../../lib/auth-client';
import * as resultsRoute from './results';

const routes = [{ path: paths.results.path, ...resultsRoute }];
const RACE = { _id: 'r1', title: 'Lisbon Marathon' };

/** The API as a signed-out visitor (or, with `myRegistrationId`, a signed-in runner) meets it. */
async function stubApi({
  results = aResultsPage(),
  total = 120,
  resultsStatus = 200,
  myRegistrationId,
}: {
  results?: unknown;
  total?: number;
  resultsStatus?: number;
  myRegistrationId?: string;
} = {}) {
  const stub = stubFetch((path) => {
    if (path === '/api/auth/get-session') {
      return json(myRegistrationId ? { user: { id: 'u1', name: 'Ana Lima' }, session: {} } : null);
    }
    if (path === '/api/marathons/r1') return json(RACE);
    if (path === '/api/marathons/r1?include=myRegistration') {
      return json({ ...RACE, myRegistration: { _id: myRegistrationId } });
    }
    if (path.startsWith('/api/marathons/r1/results?')) {
      return resultsStatus === 200
        ? json(results, 200, { 'x-total-count': String(total) })
        : json({ message: 'Results not found' }, resultsStatus);
    }
    return json({ message: 'Not found' }, 404);
  });
  // The session is read once and kept: ask again, as a sign-in or sign-out would.
  await refetchSession();
  return stub;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public results page', () => {
  it('shows the heading, each gender’s podium and the summary', async () => {
    await stubApi();
    const html = await renderHtml(routes, '/results/r1');

    expect(html).toMatch(/<h1[^>]*>.*Results.*Lisbon Marathon<\/h1>/);
    expect(html.match(/<h1/g)).toHaveLength(1);
    const page = text(html);
    expect(page).toContain('Women 1st Joana Reis 2:31:04 2nd Ana Lima 3:25:12');
    expect(page).toContain('Men 1st Rui Costa 2:20:45');
    // A gender nobody of which finished has no card.
    expect(page).not.toContain('Non-binary 1st');
    expect(page).toContain('1,204 finishers · 12 DNF · 3 DNS · 1 DQ · median time 4:12:33');
    expect(html).toContain(`href="${paths.results.card.href('r1', 7)}"`);
  });

  it('shows the table, a non-finisher with their status, each name a link to the card', async () => {
    await stubApi();
    const html = await renderHtml(routes, '/results/r1');

    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual([
      'Place',
      'Bib',
      'Name',
      'Gender',
      'Age group',
      'Gender place',
      'Age group place',
      'Time',
      'Pace',
    ]);
    const page = text(html);
    expect(page).toContain('12 101 Ana Lima Female 40–49 3 1 3:25:12 4:52 /km');
    expect(page).toContain('DNF 55 Tiago Mota Male - - - - -');
    expect(page).toContain('Showing 1–50 of 120 results');
    expect(html).toContain('<caption class="sr-only">Results of Lisbon Marathon</caption>');
    expect(html).toContain(`href="/results/r1/101"`);
    expect(html).not.toContain('>You<');
  });

  it('ranks by gun time when the race does', async () => {
    await stubApi({ results: aResultsPage({ rankBy: 'gun' }) });
    expect(text(await renderHtml(routes, '/results/r1'))).toContain(
      '12 101 Ana Lima Female 40–49 3 1 3:26:40',
    );
  });

  it('reads the filters and the page from the URL, asks the API for them and keeps them in the pager', async () => {
    const stub = await stubApi({ total: 400 });
    const html = await renderHtml(routes, '/results/r1?q=lima&gender=female&ageGroup=40%E2%80%9349&page=2');

    expect(stub).toHaveBeenCalledWith(
      '/api/marathons/r1/results?q=lima&gender=female&ageGroup=40%E2%80%9349&page=2&limit=50',
      expect.anything(),
    );
    expect(html).toMatch(/<input[^>]*aria-label="Search by name or bib"[^>]*value="lima"/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Gender<\/label><select id="\1"/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Age group<\/label><select id="\1"/);
    expect(html).toContain('<option value="female" selected="">Female</option>');
    expect(html).toContain('<option value="40–49" selected="">40–49</option>');
    expect(html).toContain('<option value="18–29">18–29</option>');
    expect(html).toContain('aria-label="Results pages"');
    expect(html).toContain(
      'href="/results/r1?q=lima&amp;gender=female&amp;ageGroup=40%E2%80%9349&amp;page=3"',
    );
    expect(html).toContain('href="/results/r1?q=lima&amp;gender=female&amp;ageGroup=40%E2%80%9349"');
  });

  it('marks the signed-in runner’s own row', async () => {
    await stubApi({ myRegistrationId: 'reg-1' });
    const html = await renderHtml(routes, '/results/r1');

    const ownRow = html.match(/<tr class="bg-primary\/10">.*?<\/tr>/)?.[0] ?? '';
    expect(text(ownRow)).toContain('Ana Lima You');
    expect(html.match(/>You</g)).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    await stubApi({ results: aResultsPage({ results: [] }), total: 0 });
    const html = await renderHtml(routes, '/results/r1?q=nobody');

    expect(text(html)).toContain('No results match.');
    expect(html).not.toContain('<table');
  });

  it('says the results are not published yet (the API’s 404), linking to the race', async () => {
    await stubApi({ resultsStatus: 404 });
    const html = await renderHtml(routes, '/results/r1');

    expect(html).toContain('<h1 class="text-3xl font-bold">Results</h1>');
    expect(text(html)).toContain('Results are not published yet.');
    expect(html).toContain(`href="${paths.race.href('r1')}"`);
    expect(html).not.toContain('<table');
  });

  it('tells the race’s team what they see is not published yet', async () => {
    await stubApi({ results: aResultsPage({ published: false }) });
    expect(text(await renderHtml(routes, '/results/r1'))).toContain(
      'Not published: only the race’s team sees these results.',
    );
  });

  it('goes to the last page from a page past it', async () => {
    await stubApi({ total: 60 });
    const answer = await renderRoute(routes, '/results/r1?gender=male&page=9');

    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe('/results/r1?gender=male&page=2');
  });

  it('shows a runner without an age group or a pace with dashes', async () => {
    await stubApi({ results: aResultsPage({ results: [aResult({ ageGroup: null, ageGroupPlace: null })] }) });
    expect(text(await renderHtml(routes, '/results/r1'))).toContain('12 101 Ana Lima Female - 3 - 3:25:12');
  });
});
