import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultCard } from '@stride/shared';
import { paths } from '../../../config/paths';
import { sharedResultOf } from '../../../features/results/components/result-card-view';
import { aResult } from '../../../features/results/result-fixtures.test-helper';
import { json, renderHtml, stubFetch } from '../../../features/results/render-route.test-helper';
import * as cardRoute from './result-card';

const routes = [{ path: paths.results.card.path, ...cardRoute }];
const RACE = { _id: 'r1', title: 'Lisbon Marathon', rankBy: 'chip' };
const CARD: ResultCard = {
  result: aResult(),
  finishers: 3402,
  placeLine: '12th of 3,402 · 1st F 40–49',
};

function stubApi(card: unknown = CARD, race: unknown = RACE) {
  return stubFetch((path) => {
    if (path === '/api/marathons/r1') return json(race);
    if (path === '/api/marathons/r1/results/101') {
      return card ? json(card) : json({ message: 'Result not found' }, 404);
    }
    return json({ message: 'Not found' }, 404);
  });
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a result card', () => {
  it('shows the race, the runner, the time, the places, the pace and both times, Share and All results', async () => {
    stubApi();
    const html = await renderHtml(routes, '/results/r1/101');
    const page = text(html);

    expect(html).toMatch(/<h1[^>]*>.*Lisbon Marathon.*Ana Lima<\/h1>/);
    expect(page).toContain('Time: 3:25:12');
    expect(page).toContain('12th of 3,402 · 1st F 40–49');
    expect(page).toContain('Pace 4:52 /km');
    expect(page).toContain('Chip time 3:25:12');
    expect(page).toContain('Gun time 3:26:40');
    expect(page).toContain('Status Finished');
    expect(html).toMatch(/<button type="button"[^>]*>.*Share<\/button>/);
    expect(html).toContain(`href="${paths.results.href('r1')}"`);
    expect(page).toContain('All results');
  });

  it('shows the gun time big when the race ranks by it', async () => {
    stubApi(CARD, { ...RACE, rankBy: 'gun' });
    expect(text(await renderHtml(routes, '/results/r1/101'))).toContain('Time: 3:26:40');
  });

  it("shows a non-finisher's status instead of a time and places", async () => {
    const dnf = aResult({
      status: 'DNF',
      chipTimeText: null,
      gunTimeText: null,
      place: null,
      genderPlace: null,
      ageGroupPlace: null,
      pacePerKm: null,
    });
    stubApi({ result: dnf, finishers: 3402, placeLine: null });
    const page = text(await renderHtml(routes, '/results/r1/101'));

    expect(page).toContain('Status: DNF');
    expect(page).toContain('Status Did not finish');
    expect(page).not.toContain(' of 3,402');
  });

  it('says so when there is no such result to see (404), or the bib is no number', async () => {
    stubApi(null);
    const missing = text(await renderHtml(routes, '/results/r1/101'));
    expect(missing).toContain('Result not found.');
    expect(missing).toContain('All results');

    const stub = stubApi();
    expect(text(await renderHtml(routes, '/results/r1/abc'))).toContain('Result not found.');
    expect(stub).not.toHaveBeenCalledWith(expect.stringContaining('/results/abc'), expect.anything());
  });
});

describe('sharedResultOf', () => {
  const url = 'https://stride.example/results/r1/101';

  it('shares the time and places of a finisher', () => {
    expect(sharedResultOf(RACE, CARD, 'chip', url)).toEqual({
      title: 'Ana Lima · Lisbon Marathon',
      text: 'Ana Lima ran Lisbon Marathon in 3:25:12 · 12th of 3,402 · 1st F 40–49',
      url,
    });
  });

  it("shares a non-finisher's status", () => {
    const card = { ...CARD, result: aResult({ status: 'DNS', place: null }), placeLine: null };
    expect(sharedResultOf(RACE, card, 'chip', url).text).toBe('Ana Lima at Lisbon Marathon: Did not start');
  });
});
