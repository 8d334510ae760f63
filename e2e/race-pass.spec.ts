import type { APIRequestContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { CHECKIN_MESSAGES, formatDateTimeInZone, type Marathon, type Registration } from '@stride/shared';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { RACE_PASS_MESSAGES as M } from '../apps/web/src/features/registrations/race-pass-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { expect, scrollsSideways, test as base, THEMES } from './marathon-pages';

// Issue 33: the runner's race pass. Its QR code holds `stride:checkin:{checkinCode}`, read back here from a
// screenshot as a phone's camera would; an entry without a place has no pass, and the page says why.

const test = base.extend<{
  /** Another account, in its own cookie jar: it organizes the races (and fills them when asked). */
  otherUser: APIRequestContext;
}>({
  otherUser: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    await signUpViaApi(request, uniqueUser());
    await use(request);
    await request.dispose();
  },
});

const passPath = (registration: Pick<Registration, '_id'>) =>
  `/dashboard/my-applies/${registration._id}/pass`;
const qrImage = (page: Page, race: Pick<Marathon, 'title'>) =>
  page.getByRole('img', { name: M.qrLabel(race.title) });

/** The runner's own entry as the API gives it to them, with its check-in code. */
async function ownEntry(page: Page, registration: Pick<Registration, '_id'>): Promise<Registration> {
  const response = await page.request.get(`/api/registrations/${registration._id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Registration;
}

/** What a camera reads from the QR code as the screen shows it: the element's pixels, decoded by jsQR. */
async function decodeQr(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * The page's runner registered for a race in Tokyo's clocks (its start is shown as they read it), organized by
 * another account: the race, the entry, and its check-in code as the API gives it to the runner.
 */
async function registeredInTokyo(
  page: Page,
  organizer: APIRequestContext,
  baseURL: string,
  runner: { firstName?: string; lastName?: string } = {},
) {
  const race = await createMarathonViaApi(organizer, baseURL, { timeZone: 'Asia/Tokyo' });
  const registration = await registerViaApi(page.request, baseURL, race._id, runner);
  const { checkinCode } = await ownEntry(page, registration);
  return { race, registration, checkinCode };
}

test('a registered runner opens the race pass from My Apply List: its QR code reads back as their check-in code', async ({
  page,
  baseURL,
  runner: _runner,
  otherUser,
}) => {
  const { race, registration, checkinCode } = await registeredInTokyo(page, otherUser, baseURL!, {
    firstName: 'Quinn',
    lastName: 'Scanner',
  });
  expect(checkinCode).toMatch(/^\S{16,}$/);

  await page.goto('/dashboard/my-applies');
  await page
    .getByRole('link', { name: A.passOf(race.title) })
    .first()
    .click();
  await expect(page).toHaveURL(passPath(registration));
  await expect(page).toHaveTitle(M.pageTitle(race.title));

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${M.title}:${race.title}`);
  const pass = page.getByRole('article');
  await expect(pass.getByRole('term')).toHaveText([M.runner, M.bib, M.start]);
  await expect(pass.getByRole('definition')).toHaveText([
    'Quinn Scanner',
    String(registration.bib),
    formatDateTimeInZone(new Date(race.startDate), 'Asia/Tokyo'),
  ]);

  const qr = qrImage(page, race);
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(280);
  expect(await decodeQr(qr)).toBe(`stride:checkin:${checkinCode}`);
  await expect(page.getByText(checkinCode!, { exact: true })).toBeVisible();

  await expect(page.getByRole('link', { name: M.addToCalendar })).toHaveAttribute(
    'href',
    `/api/my-registrations/${registration._id}/calendar.ics`,
  );
  await page.getByRole('link', { name: M.backToApplies }).click();
  await expect(page).toHaveURL('/dashboard/my-applies');
});

test('a waitlisted entry has no race pass: My Apply List offers none, and the page says why', async ({
  page,
  baseURL,
  runner: _runner,
  otherUser,
}) => {
  const race = await createMarathonViaApi(otherUser, baseURL!, { capacity: 1 });
  await registerViaApi(otherUser, baseURL!, race._id);
  const registration = await registerViaApi(page.request, baseURL!, race._id, { waitlist: true });
  expect(registration.status).toBe('waitlisted');
  expect((await ownEntry(page, registration)).checkinCode).toBeNull();

  await page.goto('/dashboard/my-applies');
  await expect(page.getByRole('row').filter({ hasText: race.title })).toBeVisible();
  await expect(page.getByRole('link', { name: A.passOf(race.title) })).toHaveCount(0);

  await page.goto(passPath(registration));
  await expect(page.getByText(CHECKIN_MESSAGES.noPass.waitlisted, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${M.title}:${race.title}`);
  await expect(qrImage(page, race)).toHaveCount(0);
  await expect(page.getByRole('link', { name: M.addToCalendar })).toHaveCount(0);
});

test('someone else’s race pass is not found', async ({
  page,
  baseURL,
  runner: _runner,
  otherUser,
  errorGuard,
}) => {
  const race = await createMarathonViaApi(otherUser, baseURL!);
  const theirs = await registerViaApi(otherUser, baseURL!, race._id);
  // Someone else's entry: the API refuses it (403), as it would an unknown one (404).
  errorGuard.allowFailedResponse(`/api/registrations/${theirs._id}`, 403);
  errorGuard.allowFailedResponse(`/api/registrations/${theirs._id}`, 404);

  await page.goto(passPath(theirs));
  await expect(page.getByRole('heading', { level: 1, name: M.notFoundHeading })).toBeVisible();
  await expect(page.getByText(M.notFoundText)).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
});

test('a signed-out visitor is sent to log in, and comes back to the pass', async ({
  page,
  baseURL,
  playwright,
  uniqueUser,
  signUpViaApi,
  logIn,
  otherUser,
  errorGuard,
}) => {
  // The runner registers in a cookie jar of their own: the page stays signed out.
  const user = uniqueUser();
  const request = await playwright.request.newContext({ baseURL: baseURL! });
  await signUpViaApi(request, user);
  const race = await createMarathonViaApi(otherUser, baseURL!);
  const registration = await registerViaApi(request, baseURL!, race._id);
  await request.dispose();
  errorGuard.allowFailedResponse(`/api/registrations/${registration._id}`, 401);

  await page.goto('/');
  await page.goto(passPath(registration));
  await expect(page).toHaveURL('/login');
  await logIn(page, user);
  await expect(page).toHaveURL(passPath(registration));
  await expect(qrImage(page, race)).toBeVisible();
});

test('opened once, the pass opens again with no network: the service worker kept it', async ({
  page,
  context,
  baseURL,
  runner: _runner,
  otherUser,
  errorGuard,
}) => {
  const { race, registration, checkinCode } = await registeredInTokyo(page, otherUser, baseURL!);
  await page.goto(passPath(registration));
  await expect(qrImage(page, race)).toBeVisible();
  // The service worker controls the page and has kept the entry.
  const entryPath = `/api/registrations/${registration._id}`;
  await expect
    .poll(() => page.evaluate(async (path) => (await caches.match(path)) !== undefined, entryPath))
    .toBe(true);

  errorGuard.allowOfflineRequests();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${M.title}:${race.title}`);
  expect(await decodeQr(qrImage(page, race))).toBe(`stride:checkin:${checkinCode}`);
  await expect(page.getByText(checkinCode!, { exact: true })).toBeVisible();
});

for (const theme of THEMES) {
  test(`the race pass has no serious accessibility violations, and its QR code reads dark on light (${theme})`, async ({
    page,
    baseURL,
    runner: _runner,
    otherUser,
  }) => {
    await useTheme(page, theme);
    const { race, registration, checkinCode } = await registeredInTokyo(page, otherUser, baseURL!);

    await page.goto(passPath(registration));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const qr = qrImage(page, race);
    expect(await decodeQr(qr)).toBe(`stride:checkin:${checkinCode}`);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the QR code is at least 280 px wide, reads back, and the page does not scroll sideways', async ({
    page,
    baseURL,
    runner: _runner,
    otherUser,
  }) => {
    const { race, registration, checkinCode } = await registeredInTokyo(page, otherUser, baseURL!);

    await page.goto(passPath(registration));
    const qr = qrImage(page, race);
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    expect(await decodeQr(qr)).toBe(`stride:checkin:${checkinCode}`);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
