import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, raceDates } from './api-helpers';
import { expect, test } from './fixtures';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const FRIENDLY_FAILURE = "We couldn't load the marathons right now. Please try again in a moment.";

/** A title no other test (or run) uses. */
const uniqueTitle = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Races that start `startsInMs` from now, registration closing just before. Created one after another. */
async function createRaces(
  request: APIRequestContext,
  baseURL: string,
  titles: string[],
  startsInMs = 20 * DAY_MS,
) {
  for (const title of titles) {
    await createMarathonViaApi(request, baseURL, {
      title,
      startRegDate: fromNow(-DAY_MS),
      endRegDate: fromNow(startsInMs - HOUR_MS / 2),
      startDate: fromNow(startsInMs),
    });
  }
}

/** The titles of the race cards on the page, in order (waits for the list to show first). */
async function cardTitles(page: Page): Promise<string[]> {
  const titles = page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
  await expect(titles.first()).toBeVisible();
  return titles.allInnerTexts();
}

const raceHeading = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });
const pager = (page: Page, heading: string) => page.getByRole('navigation', { name: `${heading} pages` });

test.describe('Upcoming Marathons', () => {
  test('lists races not started yet, soonest first', async ({ page, baseURL, uniqueUser, signUpViaApi }) => {
    await signUpViaApi(page.request, uniqueUser());
    const started = uniqueTitle('Started Race');
    const later = uniqueTitle('Later Race');
    const sooner = uniqueTitle('Sooner Race');
    await createMarathonViaApi(page.request, baseURL!, { title: started, ...raceDates('started') });
    // Created before the sooner race, so the order is by start date, not by creation.
    await createRaces(page.request, baseURL!, [later], 3 * HOUR_MS);
    await createRaces(page.request, baseURL!, [sooner], 2 * HOUR_MS);

    await page.goto('/upcoming-marathons');
    await expect(page).toHaveTitle('Marathons');
    await expect(page.getByRole('heading', { name: 'Upcoming Marathons', level: 1 })).toBeVisible();
    await expect(raceHeading(page, sooner)).toBeVisible();

    const titles = await cardTitles(page);
    expect(titles.indexOf(sooner)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(sooner)).toBeLessThan(titles.indexOf(later));
    // Had it been listed, the started race would come first of all.
    expect(titles).not.toContain(started);
  });

  test('pages through the list with the page in the URL', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await signUpViaApi(page.request, uniqueUser());
    // The demo data has 10 races to come; three more make a second page whatever else runs alongside.
    const soonest = uniqueTitle('Soonest Race');
    await createRaces(page.request, baseURL!, [soonest], HOUR_MS);
    await createRaces(
      page.request,
      baseURL!,
      [uniqueTitle('Far Race'), uniqueTitle('Far Race')],
      400 * DAY_MS,
    );

    await page.goto('/upcoming-marathons');
    const nav = pager(page, 'Upcoming Marathons');
    await expect(nav.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    expect(await cardTitles(page)).toContain(soonest);

    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/upcoming-marathons?page=2');
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(raceHeading(page, soonest)).toHaveCount(0);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);

    await page.reload();
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await nav.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL('/upcoming-marathons');
    await expect(raceHeading(page, soonest)).toBeVisible();
  });
});

test.describe('All Marathons', () => {
  test('the sort dropdown flips the order', async ({ page, baseURL, uniqueUser, signUpViaApi }) => {
    await signUpViaApi(page.request, uniqueUser());
    const first = uniqueTitle('First Created');
    const second = uniqueTitle('Second Created');
    await createRaces(page.request, baseURL!, [first, second]);

    await page.goto('/marathons');
    await expect(page).toHaveTitle('Marathons');
    await expect(page.getByRole('heading', { name: 'All Marathons', level: 1 })).toBeVisible();
    await expect(sortSelect(page)).toHaveValue('newest');
    await expect(sortSelect(page).getByRole('option')).toHaveText(['Newest First', 'Oldest First']);

    await expect(raceHeading(page, second)).toBeVisible();
    const newest = await cardTitles(page);
    expect(newest.indexOf(second)).toBeGreaterThanOrEqual(0);
    expect(newest.indexOf(second)).toBeLessThan(newest.indexOf(first));

    await sortSelect(page).selectOption({ label: 'Oldest First' });
    await expect(page).toHaveURL('/marathons?sort=oldest');
    await expect(sortSelect(page)).toHaveValue('oldest');
    // Oldest first, the first page holds the races created before these two (the demo data has 12).
    await expect(raceHeading(page, second)).toHaveCount(0);
    const oldest = await cardTitles(page);
    expect(oldest).not.toContain(first);
    expect(oldest[0]).not.toBe(newest[0]);

    await sortSelect(page).selectOption({ label: 'Newest First' });
    await expect(page).toHaveURL('/marathons?sort=newest');
    await expect(raceHeading(page, second)).toBeVisible();
  });

  test('sort and page survive reload, back and forward', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await signUpViaApi(page.request, uniqueUser());
    // With the 12 demo races, one more makes a second page.
    await createRaces(page.request, baseURL!, [uniqueTitle('Paging Race')]);

    await page.goto('/marathons');
    await sortSelect(page).selectOption('oldest');
    await expect(page).toHaveURL('/marathons?sort=oldest');
    const nav = pager(page, 'All Marathons');
    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/marathons?sort=oldest&page=2');

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('oldest');
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goBack();
    await expect(page).toHaveURL('/marathons?sort=oldest');
    await expect(sortSelect(page)).toHaveValue('oldest');
    await expect(nav.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goBack();
    await expect(page).toHaveURL('/marathons');
    await expect(sortSelect(page)).toHaveValue('newest');

    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL('/marathons?sort=oldest&page=2');
    await expect(sortSelect(page)).toHaveValue('oldest');
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('more than 12 races spread over pages', async ({ page, baseURL, uniqueUser, signUpViaApi }) => {
    await signUpViaApi(page.request, uniqueUser());
    const titles = Array.from({ length: 13 }, (_, index) => uniqueTitle(`Bulk Race ${index + 1}`));
    await createRaces(page.request, baseURL!, titles);
    const [oldestOfMine, newestOfMine] = [titles[0]!, titles[12]!];

    await page.goto('/marathons?sort=newest');
    await expect(raceHeading(page, newestOfMine)).toBeVisible();
    expect(await cardTitles(page)).toHaveLength(12);
    await expect(raceHeading(page, oldestOfMine)).toHaveCount(0);

    const nav = pager(page, 'All Marathons');
    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/marathons?sort=newest&page=2');
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(raceHeading(page, oldestOfMine)).toBeVisible();
    await expect(raceHeading(page, newestOfMine)).toHaveCount(0);

    await nav.getByRole('link', { name: 'Page 1', exact: true }).click();
    await expect(page).toHaveURL('/marathons?sort=newest');
    await expect(raceHeading(page, newestOfMine)).toBeVisible();
  });
});

test('a list that fails to load says so, logs it and can be tried again', async ({ browser, baseURL }) => {
  // Its own context: the failure and its log are the point here, which the error guard would refuse.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await page.route('**/api/upcoming-marathons?*', (route) =>
      route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
    );
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().startsWith('Error fetching marathons:'),
    );

    await page.goto('/upcoming-marathons');
    await expect(page.getByRole('heading', { name: 'Upcoming Marathons', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(FRIENDLY_FAILURE);
    await logged;
    await expectNoSeriousA11yViolations(page);
    // The layout stays: the visitor can still go elsewhere.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await page.unroute('**/api/upcoming-marathons?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the lists have no serious accessibility problem (${theme})`, async ({
      page,
      baseURL,
      uniqueUser,
      signUpViaApi,
    }) => {
      await useTheme(page, theme);
      await page.goto('/upcoming-marathons');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await cardTitles(page);
      await expectNoSeriousA11yViolations(page);

      await signUpViaApi(page.request, uniqueUser());
      // One more race than the demo data's 12, so the pager shows too.
      await createRaces(page.request, baseURL!, [uniqueTitle('A11y Race')]);
      await page.goto('/marathons?sort=oldest');
      await cardTitles(page);
      await expect(pager(page, 'All Marathons')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
