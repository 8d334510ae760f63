import { randomUUID } from 'node:crypto';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { expect, ring, scrollsSideways, test, THEMES } from './marathon-pages';

// docs/SPEC.md §2 (Marathon details), §4 (registration window, countdown), §9 (rings).

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const UNITS = ['Day', 'Hour', 'Minute', 'Second'] as const;

test('an open race shows its poster, facts, dates, a running countdown and Register Now', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, {
    window: 'open',
    description: 'Flat and fast along the river.',
  });
  await page.goto(`/marathon-details/${race._id}`);

  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();
  await expect(page).toHaveTitle(race.title);
  await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toBeVisible();
  await expect(page.getByText('Flat and fast along the river.')).toBeVisible();
  await expect(page.getByText(`${D.location}: Testville`)).toBeVisible();
  await expect(page.getByText(`${D.distance}: 10k`)).toBeVisible();
  await expect(page.getByText(`${D.totalRegistrations}: 0`)).toBeVisible();
  for (const [label, date] of [
    [D.registrationStart, race.startRegDate],
    [D.registrationEnd, race.endRegDate],
    [D.marathonStart, race.startDate],
  ] as const) {
    await expect(page.getByText(`${label}: ${formatDateTime(date, race.timeZone)}`)).toBeVisible();
  }

  const countdown = page.getByRole('region', { name: D.countdownHeading });
  await expect(countdown.getByRole('heading', { name: D.countdownHeading })).toBeVisible();
  for (const unit of UNITS) await expect(ring(page, unit)).toBeVisible();
  await expect(ring(page, 'Day')).toHaveAccessibleName('19 Days'); // the race starts in 20 days
  // It runs: the seconds ring moves on by itself.
  const seconds = ring(page, 'Second');
  const before = await seconds.getAttribute('aria-label');
  await expect(seconds).not.toHaveAccessibleName(before!);

  await expect(page.getByRole('button', { name: D.registrationClosed })).toHaveCount(0);
  const register = page.getByRole('link', { name: D.registerNow });
  await expect(register).toHaveAttribute('href', `/registration/${race._id}`);
  await register.press('Enter');
  await expect(page).toHaveURL(`/registration/${race._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Register for ${race.title}` })).toBeVisible();
});

for (const window of ['closed', 'not-yet-open'] as const) {
  test(`a ${window} race cannot be registered for and says when registration is open`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!, { window });
    await page.goto(`/marathon-details/${race._id}`);

    await expect(page.getByRole('button', { name: D.registrationClosed })).toBeDisabled();
    const notice = D.onlyBetween(
      formatDateTime(race.startRegDate, race.timeZone),
      formatDateTime(race.endRegDate, race.timeZone),
    );
    await expect(page.getByText(notice, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: D.registerNow })).toHaveCount(0);
    // Beside the button, when it opens: only for a window still ahead.
    const opensOn = page.getByText(D.opensOn(formatDateTime(race.startRegDate, race.timeZone)), {
      exact: true,
    });
    await expect(opensOn).toHaveCount(window === 'not-yet-open' ? 1 : 0);
    // The race itself is still ahead.
    for (const unit of UNITS) await expect(ring(page, unit)).toBeVisible();
    await expect(page.getByRole('link', { name: D.addToCalendar })).toBeVisible();
  });
}

test('a race that has started says so instead of counting down', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'started' });
  await page.goto(`/marathon-details/${race._id}`);

  const countdown = page.getByRole('region', { name: D.countdownHeading });
  await expect(countdown.getByText(D.started, { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: D.registrationClosed })).toBeDisabled();
  // A race that has been run is no longer something to add to a calendar.
  await expect(page.getByRole('link', { name: D.addToCalendar })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(D.googleCalendar) })).toHaveCount(0);
});

test('the countdown shows the days, hours, minutes and seconds left, and ticks each second', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const now = Date.now();
  const race = await createMarathonViaApi(page.request, baseURL!, {
    startRegDate: new Date(now - DAY).toISOString(),
    endRegDate: new Date(now + DAY).toISOString(),
    startDate: new Date(now + 3 * DAY).toISOString(),
  });
  const start = Date.parse(race.startDate);
  const left = (((2 * 24 + 3) * 60 + 4) * 60 + 5) * SECOND; // 2 days 3 hours 4 minutes 5 seconds
  const expectRings = async (...names: string[]) => {
    for (const [index, unit] of UNITS.entries())
      await expect(ring(page, unit)).toHaveAccessibleName(names[index]!);
  };

  // The page's clock starts 10 s before that, stops 1.5 s before it, then runs on to half-way through the
  // second of interest. Running (not only jumping) fires the tick even when the page scheduled it just after
  // the pause: each tick is scheduled by an effect after the previous one rendered.
  await page.clock.install({ time: start - left - 10 * SECOND });
  await page.goto(`/marathon-details/${race._id}`);
  await expect(ring(page, 'Second')).toBeVisible();
  await page.clock.pauseAt(start - left - 1.5 * SECOND);
  await page.clock.runFor(SECOND);
  await expectRings('2 Days', '3 Hours', '4 Minutes', '5 Seconds');

  await page.clock.runFor(SECOND);
  await expectRings('2 Days', '3 Hours', '4 Minutes', '4 Seconds');

  await page.clock.runFor(4 * SECOND);
  await expectRings('2 Days', '3 Hours', '4 Minutes', '0 Seconds');

  await page.clock.runFor(SECOND);
  await expectRings('2 Days', '3 Hours', '3 Minutes', '59 Seconds');
});

test('a runner who has registered is told so and pointed to their registrations', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  await registerViaApi(page.request, baseURL!, race._id);
  await page.goto(`/marathon-details/${race._id}`);

  await expect(page.getByText(D.registered, { exact: true })).toBeVisible();
  await expect(page.getByText(`${D.totalRegistrations}: 1`)).toBeVisible();
  await expect(page.getByRole('link', { name: D.registerNow })).toHaveCount(0);
  await page.getByRole('link', { name: D.viewRegistrations }).click();
  await expect(page).toHaveURL('/dashboard/my-applies');
});

test("an unknown or malformed id shows 'Marathon not found!'", async ({
  page,
  runner: _runner,
  errorGuard,
}) => {
  for (const id of [randomUUID(), 'not-a-race']) {
    errorGuard.allowFailedResponse(`/api/marathons/${id}`, 404);
    await page.goto(`/marathon-details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: D.notFound })).toBeVisible();
    await expect(page).toHaveTitle(D.notFound);
    await expect(page.getByRole('link', { name: D.registerNow })).toHaveCount(0);
  }
});

for (const theme of THEMES) {
  test(`open, closed and started races have no serious accessibility problems (${theme} theme)`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    for (const [window, ready] of [
      ['open', page.getByRole('link', { name: D.registerNow })],
      ['closed', page.getByRole('button', { name: D.registrationClosed })],
      ['started', page.getByText(D.started, { exact: true })],
    ] as const) {
      const race = await createMarathonViaApi(page.request, baseURL!, { window });
      await page.goto(`/marathon-details/${race._id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(ready).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the details of a race with long texts fit without scrolling sideways', async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    for (const window of ['open', 'closed'] as const) {
      const race = await createMarathonViaApi(page.request, baseURL!, {
        window,
        title: `The Extraordinarily Long-Named Transcontinental Marathon ${window}`,
        location: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
        description: 'A'.repeat(300),
      });
      await page.goto(`/marathon-details/${race._id}`);
      await expect(ring(page, 'Second')).toBeVisible();
      await expect(
        page.getByRole('link', { name: D.registerNow }).or(page.getByText(/^Registration is only/)),
      ).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
    }
  });
});
