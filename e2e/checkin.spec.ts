import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import {
  addCheckinVolunteer,
  fullName,
  test,
  checkInBySearch,
  checkinScreen,
  nextScan,
  openCheckin,
  raceClock,
  rosterOf,
} from './checkin-helpers';
import { expect } from './fixtures';

// Issue 33, the check-in screen: a volunteer's phone checks runners in by search and by a race pass's QR code,
// each result filling the screen, and says who got there first when a runner comes twice.

test('a check-in volunteer checks runners in by bib and by name, and a second check-in says who was first', async ({
  page,
  raceDay: { race, runners },
  playwright,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  const volunteer = uniqueUser();
  const volunteerRequest = await playwright.request.newContext({ baseURL: baseURL! });
  await signUpViaApi(volunteerRequest, volunteer);
  await addCheckinVolunteer(page.request, volunteerRequest, baseURL!, race._id, volunteer);
  // The volunteer's phone: the page signs in as them.
  await page.context().clearCookies();
  await page.request.post('/api/auth/sign-in/email', {
    data: { email: volunteer.email, password: volunteer.password },
    headers: { Origin: baseURL! },
  });

  await openCheckin(page, race._id);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(race.title);
  const screen = checkinScreen(page);
  await screen.device.fill('phone 2');

  const [eve, sam] = runners;
  await checkInBySearch(page, String(eve!.bib), fullName(eve!));
  await expect(screen.result).toContainText('Checked in');
  await expect(screen.result).toContainText(fullName(eve!));
  await expect(screen.result).toContainText(`Bib ${eve!.bib}`);
  await nextScan(page);
  await expect(page.getByText('1 of 3 checked in')).toBeVisible();
  await expect(page.getByText('All scans synced')).toBeVisible();

  await checkInBySearch(page, 'lee', fullName(sam!));
  await expect(screen.result).toContainText('Checked in');
  await nextScan(page);
  await expect(page.getByText('2 of 3 checked in')).toBeVisible();

  // The server has both, checked in by the volunteer from "phone 2".
  await expect
    .poll(async () =>
      (await rosterOf(volunteerRequest, race._id)).entries
        .filter((entry) => entry.checkedInAt)
        .map((entry) => [entry.registrationId, entry.checkedInBy]),
    )
    .toEqual(
      expect.arrayContaining([
        [eve!._id, volunteer.name],
        [sam!._id, volunteer.name],
      ]),
    );
  const checkedInAt = (await rosterOf(volunteerRequest, race._id)).entries.find(
    (entry) => entry.registrationId === eve!._id,
  )!.checkedInAt!;

  // Eve comes to the table again.
  await checkInBySearch(page, 'eve run', fullName(eve!));
  await expect(screen.result).toContainText(
    `Already checked in at ${raceClock(checkedInAt, race.timeZone)} by ${volunteer.name} (phone 2)`,
  );
  await expect(screen.result).toContainText(fullName(eve!));
  await nextScan(page);
  await expect(page.getByText('2 of 3 checked in')).toBeVisible();
  await volunteerRequest.dispose();
});

test('the organizer undoes the last check-in', async ({ page, raceDay: { race, runners } }) => {
  await openCheckin(page, race._id);
  const [eve] = runners;
  await checkInBySearch(page, String(eve!.bib), fullName(eve!));
  await expect(checkinScreen(page).result).toContainText('Checked in');
  await nextScan(page);
  await expect(page.getByText('All scans synced')).toBeVisible();

  await page.getByRole('button', { name: `Undo last check-in (${fullName(eve!)})` }).click();
  await expect(page.getByText(`Check-in of ${fullName(eve!)} undone`)).toBeVisible();
  await expect(page.getByText('0 of 3 checked in')).toBeVisible();
  expect((await rosterOf(page.request, race._id)).entries.every((entry) => entry.checkedInAt === null)).toBe(
    true,
  );
});

test('someone outside the race’s team is told so', async ({
  page,
  raceDay: { race },
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  await page.context().clearCookies();
  await signUpViaApi(page.request, uniqueUser());
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/checkin/roster`, 403);

  await page.goto(`/checkin/${race._id}`);
  await expect(page.getByRole('heading', { name: 'Not on this race’s team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
});

test('a signed-out visitor is sent to log in first', async ({ page, raceDay: { race } }) => {
  await page.context().clearCookies();
  await page.goto(`/checkin/${race._id}`);
  await expect(page).toHaveURL(/\/login\b/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`passes axe in the ${theme} theme, with each result on screen`, async ({
    page,
    raceDay: { race, runners },
  }, testInfo) => {
    await useTheme(page, theme);
    await openCheckin(page, race._id);
    await checkinScreen(page).device.fill('phone 1');
    await expectNoSeriousA11yViolations(page);

    const [eve, sam] = runners;
    await checkInBySearch(page, String(eve!.bib), fullName(eve!));
    await expect(checkinScreen(page).result).toContainText('Checked in');
    await expectNoSeriousA11yViolations(page);
    await nextScan(page);
    await checkInBySearch(page, String(sam!.bib), fullName(sam!));
    await nextScan(page);

    await checkInBySearch(page, String(eve!.bib), fullName(eve!));
    await expect(checkinScreen(page).result).toContainText('Already checked in');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`checkin-already-${theme}.png`) });
    await nextScan(page);

    await checkinScreen(page).search.fill('e');
    await expect(page.getByText('2 of 3 checked in')).toBeVisible();
    await expect(page.getByText('All scans synced')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`checkin-${theme}.png`), fullPage: true });
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits the screen and passes axe', async ({ page, raceDay: { race, runners } }, testInfo) => {
    await openCheckin(page, race._id);
    await checkinScreen(page).device.fill('phone 2');
    const [eve] = runners;
    await checkInBySearch(page, fullName(eve!), fullName(eve!));
    await expect(checkinScreen(page).result).toContainText('Checked in');
    await page.screenshot({ path: testInfo.outputPath('checkin-360-result.png') });
    await nextScan(page);
    await checkinScreen(page).search.fill('a');
    await expect(page.getByText('1 of 3 checked in')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('checkin-360.png'), fullPage: true });
  });
});
