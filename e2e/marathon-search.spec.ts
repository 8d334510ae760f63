import type { APIRequestContext, Page } from '@playwright/test';
import {
  type CreateMarathonInput,
  DISTANCE_LABELS,
  DISTANCES,
  type Distance,
  MARATHON_SEARCH_MESSAGES,
} from '@stride/shared';
import { MARATHON_LIST_MESSAGES } from '../apps/web/src/features/marathons/list-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi } from './api-helpers';
import { expect, scrollsSideways, test, THEMES } from './marathon-pages';

// ADR 019: the search box and filters of All Marathons. The database is shared by the whole run, so each test
// searches for a word of its own, made of random letters: another test's word is never close enough to be taken
// for a typo of it.

const S = MARATHON_LIST_MESSAGES.search;
const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
/** The calendar day `days` from now, as a date input holds it (YYYY-MM-DD). */
const dayFromNow = (days: number) => fromNow(days * DAY_MS).slice(0, 10);

function uniqueWord(length = 10): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

type RaceSpec = {
  title: string;
  distance?: Distance;
  /** Days from now to the race's start (registration closes 5 days before). */
  startsInDays?: number;
  /** Whether registration is open now, or opens in two days. */
  isOpen?: boolean;
  location?: string;
};

async function createRace(request: APIRequestContext, baseURL: string, race: RaceSpec) {
  const { title, distance = '10k', startsInDays = 30, isOpen = true, location } = race;
  const input: Partial<CreateMarathonInput> = {
    title,
    distance,
    ...(location && { location }),
    startRegDate: fromNow((isOpen ? -1 : 2) * DAY_MS),
    endRegDate: fromNow((startsInDays - 5) * DAY_MS),
    startDate: fromNow(startsInDays * DAY_MS),
  };
  return createMarathonViaApi(request, baseURL, input);
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: S.label });
const distanceChips = (page: Page) => page.getByRole('group', { name: S.distanceLegend }).getByRole('button');
const distanceChip = (page: Page, distance: Distance) =>
  page
    .getByRole('group', { name: S.distanceLegend })
    .getByRole('button', { name: DISTANCE_LABELS[distance], exact: true });
const fromField = (page: Page) => page.getByLabel(S.fromLabel, { exact: true });
const toField = (page: Page) => page.getByLabel(S.toLabel, { exact: true });
const openOnly = (page: Page) => page.getByRole('checkbox', { name: S.openLabel });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });
/** The visually hidden live region that tells a screen reader what a search found. */
const announcement = (page: Page) => page.getByRole('main').getByRole('status');
const raceHeading = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true });

/** The titles of the race cards on the page (waits for at least one). */
async function cardTitles(page: Page): Promise<string[]> {
  const titles = page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
  await expect(titles.first()).toBeVisible();
  return titles.allInnerTexts();
}

async function expectFound(page: Page, titles: string[]) {
  await expect(announcement(page)).toHaveText(S.found(titles.length));
  expect((await cardTitles(page)).toSorted()).toEqual(titles.toSorted());
}

test('a search with a typo finds the race as the user types, one request per pause', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const word = uniqueWord(12);
  const title = `Harbour ${word} Marathon`;
  await createRace(page.request, baseURL!, { title });
  const typo = word.slice(0, 5) + word.slice(6);

  await page.goto('/marathons');
  await expect(sortSelect(page).getByRole('option')).toHaveText(['Newest First', 'Oldest First']);
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/marathons' && url.searchParams.has('q'))
      searches.push(url.searchParams.get('q')!);
  });

  await searchBox(page).pressSequentially(typo, { delay: 20 });
  await expect(page).toHaveURL(`/marathons?q=${typo}`);
  await expect(raceHeading(page, title)).toBeVisible();
  await expectFound(page, [title]);
  await expect(announcement(page)).toHaveText('1 marathon found');
  // Typing did not ask the server once per key.
  expect(searches.length).toBeLessThan(typo.length);
  expect(searches.at(-1)).toBe(typo);

  // A search is ranked by relevance unless told otherwise.
  await expect(sortSelect(page)).toHaveValue('relevance');
  await expect(sortSelect(page).getByRole('option')).toHaveText([
    'Relevance',
    'Newest First',
    'Oldest First',
  ]);
  await sortSelect(page).selectOption({ label: 'Oldest First' });
  await expect(page).toHaveURL(`/marathons?q=${typo}&sort=oldest`);
  await expectFound(page, [title]);
});

test('the distance chips, the date range and "Open for registration" narrow the list', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const word = uniqueWord();
  const short = `Short ${word} Run`;
  const long = `Long ${word} Run`;
  const notOpenYet = `Later ${word} Run`;
  await createRace(page.request, baseURL!, { title: short, distance: '3k', startsInDays: 30 });
  await createRace(page.request, baseURL!, { title: long, distance: '25k', startsInDays: 60 });
  await createRace(page.request, baseURL!, {
    title: notOpenYet,
    distance: '25k',
    startsInDays: 60,
    isOpen: false,
  });

  await page.goto('/marathons');
  await searchBox(page).fill(word);
  await expectFound(page, [short, long, notOpenYet]);
  await expect(announcement(page)).toHaveText('3 marathons found');

  await expect(distanceChip(page, '25k')).toHaveAttribute('aria-pressed', 'false');
  await distanceChip(page, '25k').click();
  await expect(distanceChip(page, '25k')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=25k`);
  await expectFound(page, [long, notOpenYet]);

  await distanceChip(page, '3k').click();
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=3k&distance=25k`);
  await expectFound(page, [short, long, notOpenYet]);

  // The box shows the tick at once, while the server has not answered yet.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/marathons\?.*open=true/, async (route) => {
    await answered;
    await route.continue();
  });
  // On a slow phone too: React Router renders the navigation in a transition, which a slow CPU puts off.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 50 });
  await openOnly(page).check();
  await expect(openOnly(page)).toBeChecked();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  answer();
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=3k&distance=25k&open=true`);
  await expectFound(page, [short, long]);
  await page.unroute(/\/api\/marathons\?.*open=true/);

  await distanceChip(page, '3k').click();
  await expectFound(page, [long]);
  await openOnly(page).uncheck();
  await distanceChip(page, '25k').click();
  await expect(page).toHaveURL(`/marathons?q=${word}`);
  await expectFound(page, [short, long, notOpenYet]);

  // The races start 30 and 60 days from now: a day between them splits them.
  const between = dayFromNow(45);
  await fromField(page).fill(between);
  await expect(page).toHaveURL(`/marathons?q=${word}&from=${between}`);
  await expectFound(page, [long, notOpenYet]);
  // The range cannot be turned round in the picker.
  await expect(toField(page)).toHaveAttribute('min', between);

  await fromField(page).fill('');
  await toField(page).fill(between);
  await expect(page).toHaveURL(`/marathons?q=${word}&to=${between}`);
  await expectFound(page, [short]);
  await expect(fromField(page)).toHaveAttribute('max', between);
});

test('the marathon and the half marathon have chips of their own, among the distances by length', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const word = uniqueWord();
  const marathon = `Harbour ${word} Marathon`;
  const half = `Harbour ${word} Half`;
  await createRace(page.request, baseURL!, { title: marathon, distance: '42.2k' });
  await createRace(page.request, baseURL!, { title: half, distance: '21.1k' });
  await createRace(page.request, baseURL!, { title: `Harbour ${word} 10K`, distance: '10k' });

  await page.goto(`/marathons?q=${word}`);
  await expect(distanceChips(page)).toHaveText(DISTANCES.map((distance) => DISTANCE_LABELS[distance]));

  await page.getByRole('button', { name: 'Marathon (42.2 km)', exact: true }).click();
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=42.2k`);
  await expectFound(page, [marathon]);

  await page.getByRole('button', { name: 'Half marathon (21.1 km)', exact: true }).click();
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=21.1k&distance=42.2k`);
  await expectFound(page, [marathon, half]);
});

test('the URL holds the search: reload keeps it, Back steps through it', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const word = uniqueWord();
  const title = `Ridge ${word} Trail`;
  await createRace(page.request, baseURL!, { title, distance: '25k' });

  await page.goto('/marathons');
  await searchBox(page).fill(word.slice(0, 6));
  await expect(page).toHaveURL(`/marathons?q=${word.slice(0, 6)}`);
  // Typing on refines the same search: it replaces that history entry rather than adding one.
  await searchBox(page).fill(word);
  await expect(page).toHaveURL(`/marathons?q=${word}`);
  await expectFound(page, [title]);
  await distanceChip(page, '25k').click();
  await expect(page).toHaveURL(`/marathons?q=${word}&distance=25k`);
  await expectFound(page, [title]);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(word);
  await expect(distanceChip(page, '25k')).toHaveAttribute('aria-pressed', 'true');
  await expectFound(page, [title]);

  await page.goBack();
  await expect(page).toHaveURL(`/marathons?q=${word}`);
  await expect(distanceChip(page, '25k')).toHaveAttribute('aria-pressed', 'false');
  await expect(searchBox(page)).toHaveValue(word);
  await expectFound(page, [title]);

  await page.goBack();
  await expect(page).toHaveURL('/marathons');
  await expect(searchBox(page)).toHaveValue('');
  await expect(announcement(page)).toHaveText('');
  await expect(sortSelect(page)).toHaveValue('newest');

  await page.goForward();
  await expect(page).toHaveURL(`/marathons?q=${word}`);
  await expect(searchBox(page)).toHaveValue(word);
  await expectFound(page, [title]);
});

test('a search without a match says so, and "Clear filters" brings the list back, by keyboard alone', async ({
  page,
  runner: _runner,
}) => {
  const nothing = uniqueWord(14);
  await page.goto('/marathons?sort=oldest');
  const firstPage = await cardTitles(page);

  await searchBox(page).focus();
  await page.keyboard.type(nothing);
  // Enter searches at once.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/marathons?sort=oldest&q=${nothing}`);
  await expect(page.getByText(S.noMatch)).toBeVisible();
  await expect(announcement(page)).toHaveText('0 marathons found');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);

  // The chips are buttons: Tab reaches them (the shortest distance first) and Space presses them.
  await page.keyboard.press('Tab');
  await expect(distanceChip(page, '3k')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(`/marathons?sort=oldest&q=${nothing}&distance=3k`);
  await expect(distanceChip(page, '3k')).toHaveAttribute('aria-pressed', 'true');

  const clear = page.getByRole('button', { name: S.clearFilters });
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/marathons?sort=oldest');
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(distanceChip(page, '3k')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(S.noMatch)).toHaveCount(0);
  expect(await cardTitles(page)).toEqual(firstPage);
});

test('filters the server refuses show its reason, not a failure', async ({
  page,
  runner: _runner,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/marathons', 400);
  await page.goto('/marathons?from=2030-01-10&to=2030-01-01');
  const reason = MARATHON_SEARCH_MESSAGES.endBeforeStart;
  await expect(page.getByRole('paragraph').filter({ hasText: reason })).toBeVisible();
  await expect(announcement(page)).toHaveText(reason);
  await expect(page.getByText(MARATHON_LIST_MESSAGES.loadFailed)).toHaveCount(0);
  await expect(fromField(page)).toHaveValue('2030-01-10');
  await expect(toField(page)).toHaveValue('2030-01-01');

  await page.getByRole('button', { name: S.clearFilters }).click();
  await expect(page).toHaveURL('/marathons');
  expect((await cardTitles(page)).length).toBeGreaterThan(0);
});

for (const theme of THEMES) {
  test(`the search has no serious accessibility problem and fits a 360 px phone (${theme})`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    const word = uniqueWord();
    const title = `Coast ${word} Classic`;
    // The newest race, so on the first page: a place of one long word must wrap inside its card.
    await createRace(page.request, baseURL!, {
      title,
      distance: '10k',
      location: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
    });

    await page.goto('/marathons');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await cardTitles(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`/marathons?q=${word}&distance=10k&from=${dayFromNow(1)}&open=true`);
    await expectFound(page, [title]);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await searchBox(page).fill(uniqueWord(14));
    await expect(page.getByText(S.noMatch)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
}
