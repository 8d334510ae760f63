import {
  checkInBySearch,
  checkinScreen,
  fullName,
  nextScan,
  openCheckin,
  raceClock,
  rosterOf,
  secondPhone,
  test,
} from './checkin-helpers';
import { expect } from './fixtures';

// Issue 33: check-in keeps working with no network. The roster is kept in IndexedDB, each check-in is decided on
// the phone and queued, the queue is sent when the network returns, and the server's answer is final — two phones
// that checked in the same runner offline learn which one was first.

test.beforeEach(({ errorGuard }) => errorGuard.allowOfflineRequests());

test('with the network cut it checks in three runners, keeps them waiting, and syncs when it returns', async ({
  page,
  context,
  raceDay: { race, runners },
}) => {
  await openCheckin(page, race._id);

  await context.setOffline(true);
  for (const runner of runners) {
    await checkInBySearch(page, String(runner.bib), fullName(runner));
    await expect(checkinScreen(page).result).toContainText('Checked in');
    await nextScan(page);
  }
  await expect(page.getByText('3 of 3 checked in')).toBeVisible();
  await expect(page.getByText('3 scans waiting to sync')).toBeVisible();
  await expect(page.getByText('Offline: check-ins are kept on this phone')).toBeVisible();
  expect((await rosterOf(page.request, race._id)).entries.filter((entry) => entry.checkedInAt)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('All scans synced')).toBeVisible();
  await expect(page.getByText('3 scans waiting to sync')).toHaveCount(0);
  const roster = await rosterOf(page.request, race._id);
  expect(roster.entries.map((entry) => entry.checkedInAt !== null)).toEqual([true, true, true]);
});

test('two phones offline check in the same runner: both green, and the second to sync is told who was first', async ({
  page,
  context,
  browser,
  baseURL,
  organizer,
  raceDay: { race, runners },
}) => {
  const [eve] = runners;
  const phone1 = { context, page };
  const phone2 = await secondPhone(browser, baseURL!, organizer);
  for (const [index, phone] of [phone1, phone2].entries()) {
    await openCheckin(phone.page, race._id);
    await checkinScreen(phone.page).device.fill(`phone ${index + 1}`);
    await phone.context.setOffline(true);
    await checkInBySearch(phone.page, String(eve!.bib), fullName(eve!));
    await expect(checkinScreen(phone.page).result).toContainText('Checked in');
    await expect(phone.page.getByText('1 scan waiting to sync')).toBeVisible();
  }

  await phone1.context.setOffline(false);
  await expect(phone1.page.getByText('All scans synced')).toBeVisible();
  await expect(checkinScreen(phone1.page).result).toContainText('Checked in');
  const first = (await rosterOf(page.request, race._id)).entries.find(
    (entry) => entry.registrationId === eve!._id,
  )!;
  expect(first.checkedInAt).not.toBeNull();

  await phone2.context.setOffline(false);
  await expect(phone2.page.getByText('All scans synced')).toBeVisible();
  await expect(checkinScreen(phone2.page).result).toContainText(
    `Already checked in at ${raceClock(first.checkedInAt!, race.timeZone)} by ${organizer.name} (phone 1)`,
  );
  await expect(phone2.page.getByText('1 of 3 checked in')).toBeVisible();
  await phone2.context.close();
});

test('reloaded with no network, the screen opens from the service worker and the phone’s roster', async ({
  page,
  context,
  raceDay: { race, runners },
}) => {
  await openCheckin(page, race._id);
  // The service worker has precached the app and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(race.title);
  await expect(page.getByText('0 of 3 checked in')).toBeVisible();
  const [, sam] = runners;
  await checkInBySearch(page, 'lee', fullName(sam!));
  await expect(checkinScreen(page).result).toContainText('Checked in');
  await nextScan(page);
  await expect(page.getByText('1 scan waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('All scans synced')).toBeVisible();
  const roster = await rosterOf(page.request, race._id);
  expect(roster.entries.find((entry) => entry.checkedInAt)?.registrationId).toBe(sam!._id);
});
