import type { APIRequestContext, Page } from '@playwright/test';
import { MARATHON_FIELD_LABELS as L, REGISTRATION_FIELD_LABELS as RL, type Marathon } from '@stride/shared';
import { MARATHON_DASHBOARD_MESSAGES as MD } from '../apps/web/src/features/marathons/dashboard-messages';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { REGISTRATION_FORM_MESSAGES as R } from '../apps/web/src/features/registrations/registration-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { alertDialog, answerConfirm, expectAlertAndClose, rowWith, typeDate } from './dashboard-helpers';
import { expectAlertShown } from './fixtures';
import { expect, test as base, THEMES } from './marathon-pages';

// ADR 017: a race's Participant Limit, its waitlist and the runners' bib numbers, as the screens show them.

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const uniqueTitle = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Entries = { registered?: number; waitlisted?: number };

const test = base.extend<{
  /**
   * Enters other runners into a race over HTTP, each a new account in its own cookie jar: `registered` take
   * places, then `waitlisted` join its waitlist (the race must be full by then).
   */
  enterOthers: (race: Pick<Marathon, '_id'>, entries: Entries) => Promise<void>;
}>({
  enterOthers: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (race, { registered = 0, waitlisted = 0 }) => {
      const waitlist = [...Array<boolean>(registered).fill(false), ...Array<boolean>(waitlisted).fill(true)];
      for (const joinsWaitlist of waitlist) {
        const request = await playwright.request.newContext({ baseURL: baseURL! });
        contexts.push(request);
        await signUpViaApi(request, uniqueUser());
        const entry = await registerViaApi(
          request,
          baseURL!,
          race._id,
          joinsWaitlist ? { waitlist: true } : {},
        );
        expect(entry.status).toBe(joinsWaitlist ? 'waitlisted' : 'registered');
      }
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const exactText = (page: Page, text: string) => page.getByText(text, { exact: true });
const getRace = async (page: Page, race: Pick<Marathon, '_id'>) =>
  (await (await page.request.get(`/api/marathons/${race._id}`)).json()) as Marathon;

async function fillRunner(page: Page) {
  await field(page, RL.firstName).fill('Wanda');
  await field(page, RL.lastName).fill('Waiting');
  await field(page, RL.contact).fill('+1 555 0199');
}

test.describe('the race page', () => {
  test('a limited race says how many places are left; a race without a limit says nothing of them', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    const roomy = await createMarathonViaApi(page.request, baseURL!, { capacity: 13 });
    await enterOthers(roomy, { registered: 1 });
    await page.goto(`/marathon-details/${roomy._id}`);
    await expect(exactText(page, '12 places left')).toBeVisible();
    await expect(page.getByText(`${D.totalRegistrations}: 1`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();

    const almostFull = await createMarathonViaApi(page.request, baseURL!, { capacity: 2 });
    await enterOthers(almostFull, { registered: 1 });
    await page.goto(`/marathon-details/${almostFull._id}`);
    await expect(exactText(page, '1 place left')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();

    const unlimited = await createMarathonViaApi(page.request, baseURL!);
    await page.goto(`/marathon-details/${unlimited._id}`);
    await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
    await expect(page.getByText(/ places? left$|^Sold out/)).toHaveCount(0);
  });

  test('a sold-out race shows its waitlist and offers to join it instead of registering', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
    await enterOthers(race, { registered: 1, waitlisted: 3 });
    await page.goto(`/marathon-details/${race._id}`);

    await expect(exactText(page, 'Sold out — 3 on the waitlist')).toBeVisible();
    // Only the runners holding a place are counted.
    await expect(page.getByText(`${D.totalRegistrations}: 1`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      `/registration/${race._id}`,
    );
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  });

  test('a sold-out race whose registration has closed still cannot be entered', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    // Full while open, then closed: its registration end moved into the past.
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
    await enterOthers(race, { registered: 1 });
    const response = await page.request.patch(`/api/marathons/${race._id}`, {
      data: { endRegDate: fromNow(-MINUTE_MS), startRegDate: fromNow(-DAY_MS) },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(200);
    await page.goto(`/marathon-details/${race._id}`);

    await expect(exactText(page, 'Sold out — 0 on the waitlist')).toBeVisible();
    await expect(page.getByRole('button', { name: D.registrationClosed })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveCount(0);
  });
});

test('joining the waitlist: the form says it is a waitlist entry, the runner is number 1, and the race page says so', async ({
  page,
  baseURL,
  alertLog,
  runner: _runner,
  enterOthers,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
  await enterOthers(race, { registered: 1 });
  await page.goto(`/marathon-details/${race._id}`);
  await expect(exactText(page, 'Sold out — 0 on the waitlist')).toBeVisible();
  await page.getByRole('link', { name: 'Join the waitlist' }).click();

  await expect(page).toHaveURL(`/registration/${race._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Register for ${race.title}` })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    'Waitlist entry: you get a place, and a bib, when one opens up',
  );
  await expect(page.getByRole('button', { name: R.submit })).toHaveCount(0);
  await fillRunner(page);
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/registrations',
  );
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ marathonId: race._id, waitlist: true });

  await expectAlertShown(alertLog, { title: R.waitlistedTitle, text: "You're on the waitlist: number 1" });
  await expect(page).toHaveURL('/dashboard/my-applies');
  const row = rowWith(page, race.title);
  await expect(row.getByRole('cell', { name: 'Waitlisted · #1', exact: true })).toBeVisible();

  await page.goto(`/marathon-details/${race._id}`);
  await expect(exactText(page, "You're on the waitlist: number 1")).toBeVisible();
  await expect(exactText(page, 'Sold out — 1 on the waitlist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: D.registerNow })).toHaveCount(0);
  await page.getByRole('link', { name: D.viewRegistrations }).click();
  await expect(page).toHaveURL('/dashboard/my-applies');
});

test('a race that fills up while the form is open refuses the place, then offers its waitlist', async ({
  page,
  baseURL,
  alertLog,
  runner: _runner,
  enterOthers,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/registrations', 409);
  const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
  await page.goto(`/registration/${race._id}`);
  await expect(page.getByRole('note')).toHaveCount(0);
  await fillRunner(page);
  await enterOthers(race, { registered: 1 });

  await page.getByRole('button', { name: R.submit }).click();
  const refused = alertDialog(page, R.refusedTitle);
  await expect(refused).toContainText('This marathon is full');
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This marathon is full');
  // The form now shows the race as it is: full, with its waitlist; what was typed is kept.
  await expect(page.getByRole('note')).toHaveText(R.waitlistNotice);
  await expect(field(page, RL.firstName)).toHaveValue('Wanda');

  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expectAlertShown(alertLog, { title: R.waitlistedTitle, text: "You're on the waitlist: number 1" });
  await expect(page).toHaveURL('/dashboard/my-applies');
});

test.describe('My Apply List', () => {
  test("the Status column shows a registered runner's bib and a waitlisted runner's place in line", async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    const open = await createMarathonViaApi(page.request, baseURL!, { title: uniqueTitle('Open Race') });
    const full = await createMarathonViaApi(page.request, baseURL!, {
      title: uniqueTitle('Full Race'),
      capacity: 1,
    });
    const place = await registerViaApi(page.request, baseURL!, open._id);
    expect(place.bib).toEqual(expect.any(Number));
    await enterOthers(full, { registered: 1, waitlisted: 1 });
    const inLine = await registerViaApi(page.request, baseURL!, full._id, { waitlist: true });
    expect(inLine).toMatchObject({ status: 'waitlisted', bib: null, waitlistPosition: 2 });

    await page.goto('/dashboard/my-applies');
    await expect(page.getByRole('columnheader', { name: 'Status', exact: true })).toBeVisible();
    const openRow = rowWith(page, open.title);
    const fullRow = rowWith(page, full.title);
    await expect(
      openRow.getByRole('cell', { name: `Registered · bib ${place.bib}`, exact: true }),
    ).toBeVisible();
    await expect(fullRow.getByRole('cell', { name: 'Waitlisted · #2', exact: true })).toBeVisible();

    // A place is deleted; a place in line is left.
    await expect(openRow.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(openRow.getByRole('button', { name: 'Leave waitlist' })).toHaveCount(0);
    await expect(fullRow.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
    await expect(fullRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // A place goes into a calendar; a place in line does not yet (its mail has no calendar file either).
    await expect(openRow.getByRole('link', { name: A.calendarFile(open.title) })).toBeVisible();
    await expect(fullRow.getByRole('link', { name: A.calendarFile(full.title) })).toHaveCount(0);
  });

  test('"Leave waitlist" asks first, then takes the runner out of the line', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
    await enterOthers(race, { registered: 1 });
    await registerViaApi(page.request, baseURL!, race._id, { waitlist: true });
    expect((await getRace(page, race)).waitlistCount).toBe(1);

    await page.goto('/dashboard/my-applies');
    const row = rowWith(page, race.title);
    const leave = row.getByRole('button', { name: 'Leave waitlist' });
    const confirm = A.leaveWaitlistMessages(race.title).confirm;

    await leave.click();
    await answerConfirm(page, { title: 'Leave the waitlist?', text: confirm.text }, 'Cancel');
    await expect(row).toBeVisible();
    expect((await getRace(page, race)).waitlistCount).toBe(1);

    await leave.click();
    await answerConfirm(page, { title: 'Leave the waitlist?', text: confirm.text }, confirm.confirmButton);
    const done = alertDialog(page, 'Left the waitlist');
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);
    await expect(exactText(page, A.empty)).toBeVisible();
    expect(await getRace(page, race)).toMatchObject({ waitlistCount: 0, totalRegistrationCount: 1 });

    await page.goto(`/marathon-details/${race._id}`);
    await expect(exactText(page, 'Sold out — 0 on the waitlist')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toBeVisible();
  });
});

test.describe('My Marathons and the Participant Limit', () => {
  // The date pickers show and read local time: pin it, so the dates typed are unambiguous.
  test.use({ timezoneId: 'UTC' });

  test('each race shows registered / limit and its waitlist; a race without a limit, only its runners', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    const limited = await createMarathonViaApi(page.request, baseURL!, { capacity: 2 });
    const unlimited = await createMarathonViaApi(page.request, baseURL!);
    await enterOthers(limited, { registered: 2, waitlisted: 1 });
    await enterOthers(unlimited, { registered: 1 });

    await page.goto('/dashboard/my-marathons');
    await expect(page.getByRole('columnheader', { name: MD.columns.runners, exact: true })).toBeVisible();
    await expect(rowWith(page, limited.title).getByRole('cell').nth(3)).toHaveText('2 / 2, waitlist 1');
    await expect(rowWith(page, unlimited.title).getByRole('cell').nth(3)).toHaveText('1 / no limit');
  });

  test('the add form takes a Participant Limit, checked before it is sent', async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    const title = uniqueTitle('Limited Night Run');
    const nextYear = new Date().getUTCFullYear() + 1;
    await page.goto('/dashboard/add-marathon');
    const limit = field(page, 'Participant Limit');
    await expect(limit).toHaveAttribute('type', 'number');
    await expect(limit).toHaveValue('');
    await expect(limit).toHaveAccessibleDescription(MD.capacityHint);

    await field(page, L.title).fill(title);
    await typeDate(page, L.startRegDate, `01/10/${nextYear} 9:00 AM`);
    await typeDate(page, L.endRegDate, `02/20/${nextYear} 6:30 PM`);
    await typeDate(page, L.startDate, `03/15/${nextYear} 7:30 AM`);
    await field(page, L.location).fill('Khulna');
    await field(page, L.description).fill('Limited to a few runners.');
    await field(page, L.image).fill(`${baseURL}/images/marathons/poster-2.svg`);

    await limit.fill('0');
    await page.getByRole('button', { name: MD.submit }).click();
    await expect(limit).toHaveAccessibleDescription(
      /^Participant Limit must be a whole number from 1 to 100000, or empty for no limit/,
    );
    await expect(limit).toBeFocused();

    await limit.fill('25');
    await page.getByRole('button', { name: MD.submit }).click();
    await expect(page).toHaveURL('/dashboard/my-marathons');
    await expect(rowWith(page, title).getByRole('cell').nth(3)).toHaveText('0 / 25, waitlist 0');
    const mine = (await (await page.request.get('/api/my-marathons')).json()) as Marathon[];
    expect(mine.find((marathon) => marathon.title === title)).toMatchObject({
      capacity: 25,
      placesLeft: 25,
      waitlistCount: 0,
    });
  });

  test('the update form is prefilled with the limit, refuses one below the runners registered, and can lift it', async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
    errorGuard,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 3 });
    await enterOthers(race, { registered: 2 });
    errorGuard.allowFailedResponse(`/api/marathons/${race._id}`, 409);

    await page.goto('/dashboard/my-marathons');
    const row = rowWith(page, race.title);
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: MD.updateHeading });
    const limit = dialog.getByLabel('Participant Limit', { exact: true });
    await expect(limit).toHaveValue('3');

    await limit.fill('1');
    await dialog.getByRole('button', { name: MD.updateSubmit }).click();
    await expectAlertAndClose(
      page,
      MD.update.refused.title,
      'Participant Limit cannot be lower than the 2 runners already registered',
    );
    await expect(dialog).toBeVisible();
    await expect(limit).toHaveValue('1');
    expect((await getRace(page, race)).capacity).toBe(3);

    await limit.fill('');
    await dialog.getByRole('button', { name: MD.updateSubmit }).click();
    await expectAlertAndClose(page, MD.update.doneTitle, 'Marathon updated successfully');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(3)).toHaveText('2 / no limit');
    expect(await getRace(page, race)).toMatchObject({ capacity: null, placesLeft: null });
  });
});

test("a sold-out race's card carries a 'Sold out' badge on the lists and the home page", async ({
  page,
  baseURL,
  runner: _runner,
  enterOthers,
}) => {
  // Starting soon, so they are among the first races to come on the home page; the newest on All Marathons.
  const window = { startRegDate: fromNow(-DAY_MS), endRegDate: fromNow(20 * MINUTE_MS) };
  const full = await createMarathonViaApi(page.request, baseURL!, {
    title: uniqueTitle('Packed Race'),
    capacity: 1,
    ...window,
    startDate: fromNow(30 * MINUTE_MS),
  });
  await enterOthers(full, { registered: 1 });
  const open = await createMarathonViaApi(page.request, baseURL!, {
    title: uniqueTitle('Roomy Race'),
    capacity: 5,
    ...window,
    startDate: fromNow(31 * MINUTE_MS),
  });

  const card = (scope: Page | ReturnType<Page['getByRole']>, title: string) =>
    scope.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  for (const [path, scope] of [
    ['/marathons', page.getByRole('main')],
    ['/upcoming-marathons', page.getByRole('main')],
    ['/', page.getByRole('region', { name: 'Get Ready for Upcoming Marathons', exact: true })],
  ] as const) {
    await page.goto(path);
    await expect(card(scope, full.title).getByText('Sold out', { exact: true })).toBeVisible();
    await expect(card(scope, open.title)).toBeVisible();
    await expect(card(scope, open.title).getByText('Sold out', { exact: true })).toHaveCount(0);
  }
});

for (const theme of THEMES) {
  test(`the sold-out race page, the waitlist form and the Status column pass axe (${theme} theme)`, async ({
    page,
    baseURL,
    runner: _runner,
    enterOthers,
  }) => {
    await useTheme(page, theme);
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 1 });
    await enterOthers(race, { registered: 1, waitlisted: 1 });

    await page.goto(`/marathon-details/${race._id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(exactText(page, 'Sold out — 1 on the waitlist')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/registration/${race._id}`);
    await expect(page.getByRole('note')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await registerViaApi(page.request, baseURL!, race._id, { waitlist: true });
    await page.goto('/dashboard/my-applies');
    await expect(page.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/marathons');
    await expect(page.getByText('Sold out', { exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
