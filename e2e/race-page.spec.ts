import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { RACE_PAGE, formatIsoInZone, type Marathon } from '@stride/shared';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { RACE_PAGE_MESSAGES as M } from '../apps/web/src/features/marathons/race-page-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, raceDates, registerViaApi } from './api-helpers';
import { expect, test as base, type TestUser } from './fixtures';
import { scrollsSideways } from './marathon-pages';

// The public race page, /races/{id}: what a visitor who was sent a link sees without signing in, and the tags the
// server puts in its HTML so that the link previews.

const HOUR_MS = 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

const test = base.extend<{
  /** A fresh account signed in in the `request` fixture's cookie jar, not the page's: the page stays signed out. */
  organizer: TestUser;
  /** Publishes a race in Lisbon as the organizer (a limit of 500 places, registration open); override any field. */
  publishRace: (overrides?: Parameters<typeof createMarathonViaApi>[2]) => Promise<Marathon>;
}>({
  organizer: async ({ request, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(request, user);
    await use(user);
  },
  publishRace: async ({ request, baseURL, organizer: _organizer }, use) => {
    await use((overrides = {}) =>
      createMarathonViaApi(request, baseURL!, {
        title: `Lisbon Riverside Marathon ${randomUUID().slice(0, 6)}`,
        location: 'Lisbon, Portugal',
        timeZone: 'Europe/Lisbon',
        description: 'Ten flat kilometres along the Tagus, from Belém to the Praça do Comércio and back.',
        image: '/images/marathons/poster-2.svg',
        capacity: 500,
        ...overrides,
      }),
    );
  },
});

/** Registration open now, the race in two months at 08:00 UTC (08:00 or 09:00 in Lisbon): tidy for pictures. */
function roundDates() {
  const start = new Date(Date.now() + 60 * 24 * HOUR_MS);
  start.setUTCHours(8, 0, 0, 0);
  return { ...raceDates('open'), startDate: start.toISOString() };
}

const racePath = (race: Pick<Marathon, '_id'>) => `/races/${race._id}`;
const shareButton = (page: Page) => page.getByRole('button', { name: M.share, exact: true });

/** Makes the page's browser one without the Web Share API, as most desktop browsers are. */
const withoutWebShare = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });

test('a signed-out visitor sees the race: poster, time where it is run, place, distance and places left', async ({
  page,
  publishRace,
}) => {
  const race = await publishRace();
  await page.goto(racePath(race));

  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();
  await expect(page).toHaveTitle(RACE_PAGE.title(race.title));
  await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toBeVisible();
  // The race's own clocks: "Sun 14 Mar 2027, 08:00 WET".
  await expect(
    page.getByText(`${M.starts}: ${formatDateTime(race.startDate, 'Europe/Lisbon')}`),
  ).toBeVisible();
  await expect(page.getByText(`${D.location}: Lisbon, Portugal`)).toBeVisible();
  await expect(page.getByText(`${D.distance}: 10k`)).toBeVisible();
  await expect(page.getByText(D.placesLeft(500), { exact: true })).toBeVisible();
  await expect(page.getByText(/along the Tagus/)).toBeVisible();
  await expect(page.getByRole('link', { name: D.registerNow })).toHaveAttribute(
    'href',
    `/registration/${race._id}`,
  );
  await expect(page.getByRole('link', { name: D.addToCalendar, exact: true })).toHaveAttribute(
    'href',
    `/api/marathons/${race._id}/calendar.ics`,
  );
  await expect(shareButton(page)).toBeVisible();
  // Still signed out: nothing asked for a sign-in.
  await expect(page).toHaveURL(racePath(race));
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});

test('a full race says Sold out, and a race that has started offers no calendar file', async ({
  page,
  request,
  baseURL,
  publishRace,
}) => {
  const full = await publishRace({ capacity: 1 });
  await registerViaApi(request, baseURL!, full._id);
  const started = await publishRace({ ...raceDates('started') });

  await page.goto(racePath(full));
  await expect(page.getByText(D.soldOut(0), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: D.joinWaitlist })).toBeVisible();

  await page.goto(racePath(started));
  await expect(page.getByRole('heading', { level: 1, name: started.title })).toBeVisible();
  await expect(page.getByRole('button', { name: D.registrationClosed })).toBeVisible();
  await expect(page.getByRole('link', { name: D.addToCalendar })).toHaveCount(0);
  await expect(shareButton(page)).toBeVisible();
});

test('Share copies the link where the browser cannot share', async ({
  page,
  context,
  baseURL,
  publishRace,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withoutWebShare(page);
  const race = await publishRace();
  await page.goto(racePath(race));

  await shareButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: M.linkCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${racePath(race)}`);
});

test("Share hands the link to the device's share sheet where there is one", async ({
  page,
  baseURL,
  publishRace,
}) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: ShareData) => void shared.push(data),
      configurable: true,
    });
  });
  const race = await publishRace();
  await page.goto(racePath(race));

  await shareButton(page).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
    .toEqual([{ title: race.title, url: `${baseURL}${racePath(race)}` }]);
  await expect(page.getByText(M.linkCopied)).toHaveCount(0);
});

test('Register leads through login, which says why, to the registration form', async ({
  page,
  organizer,
  publishRace,
  logIn,
}) => {
  const race = await publishRace();
  await page.goto(racePath(race));

  await page.getByRole('link', { name: D.registerNow }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText(AUTH_MESSAGES.raceLoginPrompt, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to Stride' })).toBeVisible();

  await logIn(page, organizer);
  await expect(page).toHaveURL(`/registration/${race._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Register for ${race.title}` })).toBeVisible();
});

test('the login page says nothing of a race when the visitor asked for another page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Stride' })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.raceLoginPrompt)).toHaveCount(0);
});

test("a signed-out visitor's home card leads to the race's public page", async ({ page, publishRace }) => {
  // Starts within the hour: among the first upcoming races.
  const race = await publishRace({
    startRegDate: fromNow(-24 * HOUR_MS),
    endRegDate: fromNow(HOUR_MS / 2),
    startDate: fromNow(HOUR_MS),
  });
  await page.goto('/');
  const upcoming = page.getByRole('region', { name: 'Get Ready for Upcoming Marathons', exact: true });
  const card = upcoming
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: race.title, exact: true }) });
  const details = card.getByRole('link', { name: 'See Details' });
  await expect(details).toHaveAttribute('href', racePath(race));

  await details.click();
  await expect(page).toHaveURL(racePath(race));
  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();
});

test('an unknown race shows the not-found screen', async ({ page, errorGuard }) => {
  const id = randomUUID();
  errorGuard.allowFailedResponse(`/races/${id}`, 404);
  errorGuard.allowFailedResponse(`/api/marathons/${id}`, 404);
  const response = await page.goto(`/races/${id}`);

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: D.notFound })).toBeVisible();
  await expect(page).toHaveTitle(D.notFound);
});

test('the HTML the server sends previews the race: Open Graph, Twitter and schema.org, without JavaScript', async ({
  page,
  browser,
  baseURL,
  publishRace,
}, testInfo) => {
  const race = await publishRace({
    // Markup, an ampersand and quotes: text in the tags, the same text in the preview.
    title: `Lisbon <Riverside> Marathon & "Fun Run" ${randomUUID().slice(0, 4)}`,
    ...roundDates(),
  });
  const pageUrl = `${baseURL}${racePath(race)}`;

  // A crawler's view: the page as sent, no script run.
  const crawler = await browser.newContext({ javaScriptEnabled: false });
  const sent = await crawler.newPage();
  const response = await sent.goto(racePath(race));
  expect(response?.status()).toBe(200);
  await writeFile(testInfo.outputPath('race-page.html'), await response!.text());
  await expect(sent).toHaveTitle(RACE_PAGE.title(race.title));
  const tags = await sent.evaluate(() =>
    Object.fromEntries(
      [...document.head.querySelectorAll('meta[property], meta[name]')].map((meta) => [
        meta.getAttribute('property') ?? meta.getAttribute('name'),
        meta.getAttribute('content'),
      ]),
    ),
  );
  const jsonLd = JSON.parse((await sent.locator('script[type="application/ld+json"]').textContent())!);
  await crawler.close();

  expect(tags).toMatchObject({
    'og:type': 'website',
    'og:site_name': 'Stride',
    'og:title': race.title,
    'og:url': pageUrl,
    'og:image': `${baseURL}/images/marathons/poster-2.svg`,
    'twitter:card': 'summary_large_image',
    'twitter:title': race.title,
    'twitter:image': `${baseURL}/images/marathons/poster-2.svg`,
  });
  expect(tags['og:description']).toContain('Lisbon, Portugal · 10k. Ten flat kilometres');
  expect(jsonLd).toMatchObject({
    '@type': 'SportsEvent',
    name: race.title,
    startDate: formatIsoInZone(race.startDate, 'Europe/Lisbon'),
    location: { '@type': 'Place', name: 'Lisbon, Portugal' },
    offers: { availability: 'https://schema.org/InStock', url: pageUrl },
  });

  // The same page in a browser that runs it, under the site's CSP: no complaint (the error guard).
  await page.goto(racePath(race));
  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();

  // What a chat app or a social network shows for the link, drawn from those tags alone.
  await page.setViewportSize({ width: 640, height: 480 });
  await page.setContent(`<!doctype html><html><body style="margin:0;padding:24px;background:#e9edf2;font-family:sans-serif">
    <article id="card" style="width:520px;border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 1px 4px #0003">
      <img id="image" style="display:block;width:520px;height:273px;object-fit:cover" alt="">
      <div style="padding:12px 16px">
        <div id="site" style="font-size:12px;color:#5f6b7a;text-transform:uppercase"></div>
        <div id="title" style="font-size:17px;font-weight:600;color:#0f1419;margin:4px 0"></div>
        <div id="description" style="font-size:14px;color:#364250;line-height:1.35"></div>
      </div>
    </article></body></html>`);
  await page.evaluate((og) => {
    const byId = (id: string) => document.getElementById(id)!;
    (byId('image') as HTMLImageElement).src = og['og:image']!;
    byId('site').textContent = `${new URL(og['og:url']!).host} · ${og['og:site_name']}`;
    byId('title').textContent = og['og:title']!;
    byId('description').textContent = og['og:description']!;
  }, tags);
  await expect(page.locator('#image')).toHaveJSProperty('complete', true);
  await page.locator('#card').screenshot({ path: testInfo.outputPath('race-page-preview.png') });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the race page has no serious accessibility problems (${theme} theme)`, async ({
    page,
    context,
    request,
    baseURL,
    publishRace,
  }) => {
    await useTheme(page, theme);
    await withoutWebShare(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const full = await publishRace({ capacity: 1 });
    await registerViaApi(request, baseURL!, full._id);
    for (const [race, ready] of [
      [await publishRace(), page.getByRole('link', { name: D.registerNow })],
      [full, page.getByRole('link', { name: D.joinWaitlist })],
      [
        await publishRace({ ...raceDates('closed') }),
        page.getByRole('button', { name: D.registrationClosed }),
      ],
    ] as const) {
      await page.goto(racePath(race));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(ready).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    // The notice after sharing too.
    await shareButton(page).click();
    await expect(page.getByText(M.linkCopied)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the race page fits ${viewport.width} px, light and dark`, async ({ page, publishRace }, testInfo) => {
    await page.setViewportSize(viewport);
    const race = await publishRace({ title: 'Lisbon Riverside Marathon', ...roundDates() });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(racePath(race));
      await page.evaluate((value) => window.localStorage.setItem('stride-theme', value), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toHaveJSProperty(
        'complete',
        true,
      );
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({
        path: testInfo.outputPath(`race-page-${viewport.width}-${theme}.png`),
        fullPage: true,
      });
    }
  });
}
