import type { Locator, Page } from '@playwright/test';
import { MARATHON_FIELD_LABELS as L, formatLongDayInZone, type Marathon } from '@stride/shared';
import { recordPosts } from './api-helpers';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../apps/web/src/features/marathons/dashboard-messages';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { expectAlertAndClose, rowWith, typeDate } from './dashboard-helpers';
import { expect, expectAlertShown, test } from './fixtures';

// ADR 019: each race in its own time zone. Its dates are picked, and shown to everyone, as the clocks read
// them where it is run, whatever zone the organizer's or the runner's browser is in.

test.use({ timezoneId: 'America/New_York' });

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** "Sun 14 Mar 2027": a day of next year as the screens write it. */
const longDay = (month: number, day: number) =>
  formatLongDayInZone(new Date(Date.UTC(NEXT_YEAR, month - 1, day)), 'UTC');

const myMarathons = (page: Page) =>
  page.request.get('/api/my-marathons').then((r) => r.json() as Promise<Marathon[]>);

const timeZoneField = (scope: Page | Locator) =>
  scope.getByRole('combobox', { name: L.timeZone, exact: true });

/** Fills the add form for a race in Tokyo: registration 10 Jan 09:00 – 20 Feb 18:30, start 14 Mar 09:00. */
async function fillTokyoRace(page: Page, title: string, baseURL: string) {
  await page.getByLabel(L.title, { exact: true }).fill(title);
  await timeZoneField(page).fill('Asia/Tokyo');
  await typeDate(page, L.startRegDate, `01/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `02/20/${NEXT_YEAR} 6:30 PM`);
  await typeDate(page, L.startDate, `03/14/${NEXT_YEAR} 9:00 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Tokyo');
  await page.getByLabel(L.description, { exact: true }).fill('Through the city at dawn.');
  await page.getByLabel(L.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-1.svg`);
}

test('a Tokyo race made from New York starts at 09:00 Tokyo time, also for a runner in Berlin', async ({
  page,
  browser,
  baseURL,
  alertLog,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const title = `Tokyo Dawn Run ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-marathon');
  // A new race is in the organizer's own zone until they pick another.
  await expect(timeZoneField(page)).toHaveValue('America/New_York');
  await fillTokyoRace(page, title, baseURL!);
  await expect(timeZoneField(page)).toHaveAccessibleDescription('Times are in Asia/Tokyo (GMT+9)');
  await page.getByRole('button', { name: M.submit }).click();
  await expectAlertShown(alertLog, { title: M.addedTitle, text: M.addedText });
  await expect(page).toHaveURL('/dashboard/my-marathons');

  // The start is 00:00 UTC, still the 13th in New York: the list shows the race's own day.
  await expect(rowWith(page, title).getByRole('cell').first()).toHaveText(`${NEXT_YEAR}-03-14`);
  const saved = (await myMarathons(page)).find((marathon) => marathon.title === title)!;
  expect(saved).toMatchObject({
    timeZone: 'Asia/Tokyo',
    startRegDate: `${NEXT_YEAR}-01-10T00:00:00.000Z`,
    endRegDate: `${NEXT_YEAR}-02-20T09:30:00.000Z`,
    startDate: `${NEXT_YEAR}-03-14T00:00:00.000Z`,
  });

  const berlin = await browser.newContext({ baseURL: baseURL!, timezoneId: 'Europe/Berlin' });
  try {
    const runnerPage = await berlin.newPage();
    await signUpViaApi(berlin.request, uniqueUser());
    await runnerPage.goto(`/marathon-details/${saved._id}`);
    await expect(runnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(runnerPage.getByText(`${D.marathonStart}: ${longDay(3, 14)}, 09:00 GMT+9`)).toBeVisible();
    await expect(
      runnerPage.getByText(
        D.onlyBetween(`${longDay(1, 10)}, 09:00 GMT+9`, `${longDay(2, 20)}, 18:30 GMT+9`),
        { exact: true },
      ),
    ).toBeVisible();
  } finally {
    await berlin.close();
  }
});

test("the update form shows the race's own times, which stay put when its zone changes", async ({
  page,
  baseURL,
  alertLog,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const title = `Tokyo Moved Run ${Date.now().toString(36)}`;
  await page.goto('/dashboard/add-marathon');
  await fillTokyoRace(page, title, baseURL!);
  await page.getByRole('button', { name: M.submit }).click();
  await expectAlertShown(alertLog, { title: M.addedTitle, text: M.addedText });

  await rowWith(page, title).getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: M.updateHeading });
  await expect(timeZoneField(dialog)).toHaveValue('Asia/Tokyo');
  await expect(dialog.getByLabel(L.startDate, { exact: true })).toHaveValue(`03/14/${NEXT_YEAR} 9:00 AM`);

  await timeZoneField(dialog).fill('Europe/Lisbon');
  await expect(dialog.getByLabel(L.startDate, { exact: true })).toHaveValue(`03/14/${NEXT_YEAR} 9:00 AM`);
  await dialog.getByRole('button', { name: M.updateSubmit }).click();
  await expectAlertAndClose(page, M.update.doneTitle, 'Marathon updated successfully');

  expect((await myMarathons(page)).find((marathon) => marathon.title === title)).toMatchObject({
    timeZone: 'Europe/Lisbon',
    startDate: `${NEXT_YEAR}-03-14T09:00:00.000Z`,
  });
});

test('a time zone that is no IANA name is refused under the field, and nothing is sent', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const posts = recordPosts(page, '/api/add-marathon');
  await page.goto('/dashboard/add-marathon');
  await fillTokyoRace(page, `Nowhere Run ${Date.now().toString(36)}`, baseURL!);
  await timeZoneField(page).fill('Mars/Olympus');
  await page.getByRole('button', { name: M.submit }).click();

  await expect(timeZoneField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(timeZoneField(page)).toHaveAccessibleDescription(
    `${L.timeZone} must be an IANA time zone name such as Europe/Lisbon`,
  );
  await expect(timeZoneField(page)).toBeFocused();
  expect(posts).toEqual([]);
});
