import type { Page } from '@playwright/test';
import { DISTANCE_LABELS, DISTANCES, MARATHON_FIELD_LABELS as L, type Marathon } from '@stride/shared';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../apps/web/src/features/marathons/dashboard-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import {
  createMarathonViaApi,
  createMarathonsViaApi,
  numberedTitles,
  recordPosts,
  registerViaApi,
} from './api-helpers';
import {
  alertDialog,
  answerDeleteConfirm,
  deleteRowWithConfirm,
  expectAlertAndClose,
  expectFocusWrapsWithin,
  rowWith,
  scrollsSideways,
  typeDate,
} from './dashboard-helpers';
import { expect, expectAlertShown, test } from './fixtures';

// docs/SPEC.md §2, §4, §5, §8: Add Marathon and My Marathons ('Your Created Marathons').

// The date pickers show and read local time: pin it, so the dates the tests type and expect are unambiguous.
test.use({ timezoneId: 'UTC' });

const UPDATED = 'Marathon updated successfully';
const DELETED = 'Marathon deleted successfully';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** How the pickers write a date: MM/dd/yyyy h:mm aa (in UTC here). */
function pickerText(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = date.getUTCHours();
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${hours % 12 || 12}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

const myMarathons = (page: Page) =>
  page.request.get('/api/my-marathons').then((r) => r.json() as Promise<Marathon[]>);

const updateDialog = (page: Page) => page.getByRole('dialog', { name: M.updateHeading });

test('a marathon created through the form is announced, then listed in My Marathons', async ({
  page,
  alertLog,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const title = `Harbour Night Run ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-marathon');
  await expect(page).toHaveTitle(M.addTitle);
  await expect(page.getByRole('heading', { name: M.addHeading, level: 1 })).toBeVisible();
  const distance = page.getByLabel(L.distance, { exact: true });
  await expect(distance).toHaveValue('10k');
  await expect(distance.getByRole('option')).toHaveText(DISTANCES.map((value) => DISTANCE_LABELS[value]));

  await page.getByLabel(L.title, { exact: true }).fill(title);
  await typeDate(page, L.startRegDate, `01/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `02/20/${NEXT_YEAR} 6:30 PM`);
  await typeDate(page, L.startDate, `03/15/${NEXT_YEAR} 7:30 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Chattogram');
  await distance.selectOption('25k');
  await page.getByLabel(L.description, { exact: true }).fill('Along the port at night.');
  await expect(page.getByLabel(L.image, { exact: true })).toHaveAttribute('type', 'url');
  await page.getByLabel(L.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-2.svg`);
  await page.getByRole('button', { name: M.submit }).click();

  await expectAlertShown(alertLog, { title: M.addedTitle, text: M.addedText });
  // The alert closes by itself after 2 s, then the user is taken to their list.
  await expect(page).toHaveURL('/dashboard/my-marathons');
  await expect(alertDialog(page, M.addedTitle)).toBeHidden();
  await expect(page.getByRole('heading', { name: M.listHeading, level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    M.columns.name,
    M.columns.date,
    M.columns.distance,
    M.columns.location,
    M.columns.runners,
    'Actions',
  ]);
  await expect(rowWith(page, title).getByRole('cell')).toHaveText([
    `${NEXT_YEAR}-03-15`,
    '25k',
    'Chattogram',
    '0 / no limit',
    /^Update.*Delete/,
  ]);

  // Saved as typed: ISO dates, to the minute.
  const [saved] = (await myMarathons(page)).filter((marathon) => marathon.title === title);
  expect(saved).toMatchObject({
    startRegDate: `${NEXT_YEAR}-01-10T09:00:00.000Z`,
    endRegDate: `${NEXT_YEAR}-02-20T18:30:00.000Z`,
    startDate: `${NEXT_YEAR}-03-15T07:30:00.000Z`,
    location: 'Chattogram',
    distance: '25k',
    totalRegistrationCount: 0,
    capacity: null,
  });

  // Back on the form, it is empty again.
  await page.getByRole('link', { name: 'Add Marathon' }).first().click();
  await expect(page.getByLabel(L.title, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(L.startDate, { exact: true })).toHaveValue('');
});

test('empty required fields are named under each field, and nothing is sent', async ({
  page,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const posts = recordPosts(page, '/api/add-marathon');

  await page.goto('/dashboard/add-marathon');
  await page.getByRole('button', { name: M.submit }).click();

  for (const field of [
    'title',
    'startRegDate',
    'endRegDate',
    'startDate',
    'location',
    'description',
    'image',
  ] as const) {
    const input = page.getByLabel(L[field], { exact: true });
    await expect(input).toHaveAccessibleDescription(`${L[field]} is required`);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByLabel(L.distance, { exact: true })).not.toHaveAttribute('aria-invalid');
  // The cursor goes to the first field at fault.
  await expect(page.getByLabel(L.title, { exact: true })).toBeFocused();

  // Typing into a field clears its message.
  await page.getByLabel(L.title, { exact: true }).fill('Anything');
  await expect(page.getByLabel(L.title, { exact: true })).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(`${L.title} is required`)).toHaveCount(0);

  // The shared schema also checks the order of the dates, once each field is valid on its own.
  await typeDate(page, L.startRegDate, `05/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `04/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.startDate, `06/10/${NEXT_YEAR} 9:00 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Sylhet');
  await page.getByLabel(L.description, { exact: true }).fill('Tea gardens.');
  await page.getByLabel(L.image, { exact: true }).fill('https://example.com/poster.jpg');
  await page.getByRole('button', { name: M.submit }).click();
  await expect(page.getByLabel(L.endRegDate, { exact: true })).toHaveAccessibleDescription(
    `${L.endRegDate} must not be before the ${L.startRegDate}`,
  );
  await expect(page.getByLabel(L.endRegDate, { exact: true })).toBeFocused();
  expect(posts).toEqual([]);
});

test("the server's field errors show beside the fields; any other failure says 'Error!'", async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  errorGuard.allowFailedResponse('/api/add-marathon', 400);
  errorGuard.allowFailedResponse('/api/add-marathon', 500);
  const answers = [
    {
      status: 400,
      body: {
        success: false,
        message: 'title: Marathon Title is already in use',
        errors: [{ field: 'title', message: 'Marathon Title is already in use' }],
      },
    },
    { status: 500, body: { success: false, message: 'Something went wrong on our side.' } },
  ];
  await page.route('**/api/add-marathon', (route) => {
    const answer = answers.shift()!;
    return route.fulfill({ status: answer.status, json: answer.body });
  });

  await page.goto('/dashboard/add-marathon');
  await page.getByLabel(L.title, { exact: true }).fill('Taken Title');
  await typeDate(page, L.startRegDate, `01/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `02/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.startDate, `03/10/${NEXT_YEAR} 9:00 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Khulna');
  await page.getByLabel(L.description, { exact: true }).fill('Through the mangroves.');
  await page.getByLabel(L.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-1.svg`);

  await page.getByRole('button', { name: M.submit }).click();
  await expect(page.getByLabel(L.title, { exact: true })).toHaveAccessibleDescription(
    'Marathon Title is already in use',
  );
  await expect(page.getByLabel(L.title, { exact: true })).toBeFocused();

  await page.getByRole('button', { name: M.submit }).click();
  await expectAlertAndClose(page, M.addFailedTitle, M.addFailedText);
  await expect(page).toHaveURL('/dashboard/add-marathon');
  await expect(page.getByLabel(L.title, { exact: true })).toHaveValue('Taken Title');
});

test('a marathon is updated in the modal, prefilled with its values', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!, {
    distance: '3k',
    location: 'Rajshahi',
  });
  const newTitle = `Renamed Race ${Date.now().toString(36)}`;

  await page.goto('/dashboard/my-marathons');
  const updateButton = rowWith(page, marathon.title).getByRole('button', { name: 'Update' });
  await updateButton.click();

  const dialog = updateDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(L.title, { exact: true })).toHaveValue(marathon.title);
  await expect(dialog.getByLabel(L.startRegDate, { exact: true })).toHaveValue(
    pickerText(marathon.startRegDate),
  );
  await expect(dialog.getByLabel(L.endRegDate, { exact: true })).toHaveValue(pickerText(marathon.endRegDate));
  await expect(dialog.getByLabel(L.startDate, { exact: true })).toHaveValue(pickerText(marathon.startDate));
  await expect(dialog.getByLabel(L.location, { exact: true })).toHaveValue('Rajshahi');
  await expect(dialog.getByLabel(L.distance, { exact: true })).toHaveValue('3k');
  await expect(dialog.getByLabel(L.description, { exact: true })).toHaveValue(marathon.description);
  await expect(dialog.getByLabel(L.image, { exact: true })).toHaveValue(marathon.image);
  // Showing the modal puts the cursor in its first field.
  await expect(dialog.getByLabel(L.title, { exact: true })).toBeFocused();

  await dialog.getByLabel(L.title, { exact: true }).fill(newTitle);
  await dialog.getByRole('button', { name: M.updateSubmit }).click();

  await expectAlertAndClose(page, M.update.doneTitle, UPDATED);
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, newTitle)).toBeVisible();
  await expect(rowWith(page, marathon.title)).toHaveCount(0);
  // Focus is back on the button that opened the modal.
  await expect(rowWith(page, newTitle).getByRole('button', { name: 'Update' })).toBeFocused();

  const [saved] = await myMarathons(page);
  expect(saved).toMatchObject({
    _id: marathon._id,
    title: newTitle,
    startDate: marathon.startDate,
    distance: '3k',
  });
});

test('the update modal works by keyboard: focus stays inside, Escape and Cancel close it unchanged', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!);
  await page.goto('/dashboard/my-marathons');
  const updateButton = rowWith(page, marathon.title).getByRole('button', { name: 'Update' });

  await updateButton.focus();
  await page.keyboard.press('Enter');
  const dialog = updateDialog(page);
  const titleInput = dialog.getByLabel(L.title, { exact: true });
  await expect(titleInput).toBeFocused();
  await expectFocusWrapsWithin(page, titleInput, dialog.getByRole('button', { name: M.updateSubmit }));

  // In a date field, the first Escape closes only its calendar; the next one closes the modal.
  const startRegDate = dialog.getByLabel(L.startRegDate, { exact: true });
  const calendar = page.getByRole('dialog', { name: 'Choose Date and Time' });
  await startRegDate.focus();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(startRegDate).toBeFocused();

  await titleInput.fill('Not saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(updateButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(titleInput).toHaveValue(marathon.title);
  await titleInput.fill('Not saved either');
  await dialog.getByRole('button', { name: M.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(updateButton).toBeFocused();
  await expect(rowWith(page, marathon.title)).toBeVisible();
  expect((await myMarathons(page))[0]!.title).toBe(marathon.title);
});

test("a failed update says so over the modal, which keeps the user's changes", async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!);
  errorGuard.allowFailedResponse(`/api/marathons/${marathon._id}`, 500);
  await page.route(`**/api/marathons/${marathon._id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { success: false, message: 'Something went wrong on our side.' } })
      : route.fallback(),
  );

  await page.goto('/dashboard/my-marathons');
  await rowWith(page, marathon.title).getByRole('button', { name: 'Update' }).click();
  const dialog = updateDialog(page);
  await dialog.getByLabel(L.title, { exact: true }).fill('Kept after the failure');
  await dialog.getByRole('button', { name: M.updateSubmit }).click();

  // The alert sits inside the modal (the page behind a modal dialog is inert), so its OK button works.
  await expectAlertAndClose(page, M.update.failed.title, M.update.failed.text);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(L.title, { exact: true })).toHaveValue('Kept after the failure');
  await dialog.getByRole('button', { name: M.cancel }).click();
  await expect(rowWith(page, marathon.title)).toBeVisible();
});

test('a marathon is deleted only after confirming', async ({ page, baseURL, uniqueUser, signUpViaApi }) => {
  await signUpViaApi(page.request, uniqueUser());
  const kept = await createMarathonViaApi(page.request, baseURL!);
  const doomed = await createMarathonViaApi(page.request, baseURL!);
  await page.goto('/dashboard/my-marathons');
  const doomedRow = rowWith(page, doomed.title);

  await doomedRow.getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Cancel');
  await expect(doomedRow).toBeVisible();
  expect((await page.request.get(`/api/marathons/${doomed._id}`)).status()).toBe(200);

  await deleteRowWithConfirm(page, doomedRow, DELETED);
  await expect(doomedRow).toHaveCount(0);
  await expect(rowWith(page, kept.title)).toBeVisible();
  expect((await page.request.get(`/api/marathons/${doomed._id}`)).status()).toBe(404);
  await page.reload();
  await expect(rowWith(page, kept.title)).toBeVisible();
  await expect(doomedRow).toHaveCount(0);
});

test('the delete confirmation says, below the SPEC’s words, what goes with the race; in the dark theme too', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const empty = await createMarathonViaApi(page.request, baseURL!);
  const entered = await createMarathonViaApi(page.request, baseURL!);
  await registerViaApi(page.request, baseURL!, entered._id);
  await useTheme(page, 'dark');
  await page.goto('/dashboard/my-marathons');

  await rowWith(page, entered.title).getByRole('button', { name: 'Delete' }).click();
  const dialog = alertDialog(page, 'Are you sure?');
  await expect(dialog).toBeVisible();
  const background = await dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [red, green, blue] = background.match(/\d+/g)!.map(Number);
  expect(red! + green! + blue!).toBeLessThan(3 * 80); // a dark popup on the dark theme
  await answerDeleteConfirm(
    page,
    'Cancel',
    `${entered.title} and its 1 registration will be deleted; every runner is told.`,
  );

  await rowWith(page, empty.title).getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Cancel', `${empty.title} will be deleted.`);
});

test("a refused delete says 'Failed!' with the server's reason and keeps the row", async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!);
  const reason = 'Only the organizer who created this marathon can change it.';
  errorGuard.allowFailedResponse(`/api/marathons/${marathon._id}`, 403);
  await page.route(`**/api/marathons/${marathon._id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 403, json: { success: false, message: reason } })
      : route.fallback(),
  );

  await page.goto('/dashboard/my-marathons');
  await rowWith(page, marathon.title).getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Yes, delete it!');
  await expectAlertAndClose(page, 'Failed!', reason);
  await expect(rowWith(page, marathon.title)).toBeVisible();
});

test('someone who has created nothing is told so', async ({ page, uniqueUser, signUpViaApi }) => {
  await signUpViaApi(page.request, uniqueUser());
  await page.goto('/dashboard/my-marathons');
  await expect(page).toHaveTitle(M.listTitle);
  await expect(page.getByText(M.empty, { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

const ROWS_PER_PAGE = 20;
const pager = (page: Page) => page.getByRole('navigation', { name: M.pagesLabel });

/** One more race than fits on a page, for the signed-in organizer of `page`; their titles, newest first. */
async function createTwoPagesOfRaces(page: Page, baseURL: string): Promise<string[]> {
  const titles = numberedTitles(`Paged Race ${Date.now().toString(36)}`, ROWS_PER_PAGE + 1);
  await createMarathonsViaApi(page.request, baseURL, titles);
  return titles.toReversed();
}

test('an organizer with more races than fit on a page sees them 20 a page, newest first across pages', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const newestFirst = await createTwoPagesOfRaces(page, baseURL!);

  await page.goto('/dashboard/my-marathons');
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(0, ROWS_PER_PAGE));
  await expect(pager(page).getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await pager(page).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/my-marathons?page=2');
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(ROWS_PER_PAGE));
  await expect(page.getByText(M.empty, { exact: true })).toHaveCount(0);

  // A page past the last one (an old link) shows the last page instead.
  await page.goto('/dashboard/my-marathons?page=9');
  await expect(page).toHaveURL('/dashboard/my-marathons?page=2');
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(ROWS_PER_PAGE));
});

test('deleting the only race of the last page lands on the page before it', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const newestFirst = await createTwoPagesOfRaces(page, baseURL!);
  const oldest = newestFirst.at(-1)!;

  await page.goto('/dashboard/my-marathons?page=2');
  await deleteRowWithConfirm(page, rowWith(page, oldest), DELETED);

  await expect(page).toHaveURL('/dashboard/my-marathons');
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(0, ROWS_PER_PAGE));
  // Everything left fits on one page: no pager.
  await expect(pager(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: M.listHeading, level: 1 })).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard screens pass axe in the ${theme} theme`, async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await useTheme(page, theme);
    await signUpViaApi(page.request, uniqueUser());
    const marathon = await createMarathonViaApi(page.request, baseURL!);

    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/add-marathon');
    await page.getByRole('button', { name: M.submit }).click();
    await expect(page.getByLabel(L.title, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/my-marathons');
    await expect(rowWith(page, marathon.title)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await rowWith(page, marathon.title).getByRole('button', { name: 'Update' }).click();
    await expect(updateDialog(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('my marathons are cards, the form and the modal fit, and nothing scrolls sideways', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await signUpViaApi(page.request, uniqueUser());
    const marathon = await createMarathonViaApi(page.request, baseURL!, {
      title: `A rather long marathon title that has to wrap ${Date.now().toString(36)}`,
    });

    await page.goto('/dashboard/add-marathon');
    await expect(page.getByLabel(L.title, { exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/dashboard/my-marathons');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: marathon.title }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(marathon.location);
    await expect(page.getByRole('table')).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);

    await card.getByRole('button', { name: 'Update' }).click();
    await expect(updateDialog(page)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await updateDialog(page).getByRole('button', { name: M.cancel }).click();

    await deleteRowWithConfirm(page, card, DELETED);
    await expect(page.getByText(M.empty, { exact: true })).toBeVisible();
  });
});
