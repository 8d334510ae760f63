import type { Page } from '@playwright/test';
import { REGISTRATION_FIELD_LABELS as L, type Marathon } from '@stride/shared';
import { APPLY_LIST_MESSAGES as M } from '../apps/web/src/features/registrations/apply-list-messages';
import { getEntryStatusText } from '../apps/web/src/features/registrations/entry-status';
import { ENTRY_PAYMENT_MESSAGES } from '../apps/web/src/features/registrations/payment-messages';
import { formatDay } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, createMarathonsViaApi, numberedTitles, registerViaApi } from './api-helpers';
import {
  answerDeleteConfirm,
  deleteRowWithConfirm,
  expectAlertAndClose,
  expectFocusWrapsWithin,
  rowWith,
  scrollsSideways,
} from './dashboard-helpers';
import { expect, test } from './fixtures';

// docs/SPEC.md §2, §4, §5, §8: the dashboard's My Apply List.

test.use({ timezoneId: 'UTC' });

const UPDATED = 'Registration updated successfully';
const DELETED = 'Registration deleted successfully';

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const day = (iso: string) => iso.slice(0, 10);

const searchBox = (page: Page) => page.getByRole('searchbox', { name: M.searchLabel });
const updateDialog = (page: Page) => page.getByRole('dialog', { name: M.updateHeading });
const listHeading = (page: Page, count: number) =>
  page.getByRole('heading', { name: M.heading(count), exact: true, level: 1 });

/** The searches (`q`) the page sends for the runner's registrations from now on. */
function recordSearches(page: Page): string[] {
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const q = url.searchParams.get('q');
    if (url.pathname.startsWith('/api/registrations/by-email/') && q !== null) searches.push(q);
  });
  return searches;
}

async function registrationCount(page: Page, marathon: Marathon): Promise<number> {
  const response = await page.request.get(`/api/marathons/${marathon._id}`);
  return ((await response.json()) as Marathon).totalRegistrationCount;
}

test('the list shows each registration, counts them, and the search filters by title ignoring case', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const suffix = uniqueSuffix();
  const river = await createMarathonViaApi(page.request, baseURL!, {
    title: `Alpha River Marathon ${suffix}`,
  });
  const hills = await createMarathonViaApi(page.request, baseURL!, { title: `Beta Hills Run ${suffix}` });
  const riverEntry = await registerViaApi(page.request, baseURL!, river._id, {
    firstName: 'Nadia',
    lastName: 'Rahman',
    contact: '+880 1711 000111',
  });
  const hillsEntry = await registerViaApi(page.request, baseURL!, hills._id, {
    firstName: 'Omar',
    lastName: 'Faruk',
    contact: '01811-222333',
    info: 'Vegetarian meal, please',
  });

  await page.goto('/dashboard/my-applies');
  await expect(page).toHaveTitle(M.title);
  await expect(listHeading(page, 2)).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    M.columns.number,
    M.columns.title,
    M.columns.startDate,
    M.columns.name,
    M.columns.contact,
    M.columns.info,
    M.columns.registeredOn,
    M.columns.status,
    M.columns.payment,
    'Actions',
  ]);
  // Newest registration first.
  await expect(page.getByRole('rowheader')).toHaveText([hills.title, river.title]);
  await expect(rowWith(page, river.title).getByRole('cell')).toHaveText([
    '2',
    day(river.startDate),
    'Nadia Rahman',
    '+880 1711 000111',
    M.noInfo,
    day(riverEntry.timestamp),
    getEntryStatusText(riverEntry),
    ENTRY_PAYMENT_MESSAGES.free,
    /^Update.*Delete/,
  ]);
  await expect(rowWith(page, hills.title).getByRole('cell').nth(4)).toHaveText('Vegetarian meal, please');
  await expect(rowWith(page, hills.title).getByRole('cell').nth(5)).toHaveText(day(hillsEntry.timestamp));

  await expect(searchBox(page)).toHaveAttribute('placeholder', M.searchLabel);
  await searchBox(page).fill('rIVER marATHON');
  await expect(page.getByRole('rowheader')).toHaveText([river.title]);
  await expect(rowWith(page, river.title).getByRole('cell').first()).toHaveText('1');
  await expect(page.getByRole('status')).toHaveText(M.matches(1, 2));
  // The heading counts all registrations, not only those shown.
  await expect(listHeading(page, 2)).toBeVisible();

  await searchBox(page).fill('hills');
  await expect(page.getByRole('rowheader')).toHaveText([hills.title]);

  await searchBox(page).fill('no such race');
  await expect(page.getByText(M.noMatch, { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(M.empty, { exact: true })).toHaveCount(0);

  await searchBox(page).clear();
  await expect(page.getByRole('rowheader')).toHaveCount(2);
});

test('at 1280 px no date or phone number wraps in the table, even beside a long title and note', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page.request, uniqueUser());
  const race = await createMarathonViaApi(page.request, baseURL!, {
    title: `A long race title that takes its room in the table ${uniqueSuffix()}`,
  });
  const entry = await registerViaApi(page.request, baseURL!, race._id, {
    contact: '+351 912 345 678',
    info: 'A note long enough to take a good share of the row, so the other cells would squeeze',
  });

  await page.goto('/dashboard/my-applies');
  const row = rowWith(page, race.title);
  const lines = (text: string) =>
    row.getByText(text, { exact: true }).evaluate((element) => element.getClientRects().length);
  expect(await lines(entry.contact)).toBe(1);
  expect(await lines(formatDay(race.startDate, race.timeZone))).toBe(1);
  expect(await lines(formatDay(entry.timestamp, race.timeZone))).toBe(1);
});

test('a registration is updated in the modal: the race is read-only, the new contact shows in the row', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!, {
    title: `Lalbagh Fort Run ${uniqueSuffix()}`,
  });
  await registerViaApi(page.request, baseURL!, marathon._id, { firstName: 'Rina', lastName: 'Akter' });

  await page.goto('/dashboard/my-applies');
  const row = rowWith(page, marathon.title);
  await row.getByRole('button', { name: 'Update' }).click();

  const dialog = updateDialog(page);
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel(M.columns.title, { exact: true });
  const startDate = dialog.getByLabel(M.columns.startDate, { exact: true });
  await expect(title).toHaveValue(marathon.title);
  await expect(title).toHaveAttribute('readonly');
  await expect(startDate).toHaveValue(day(marathon.startDate));
  await expect(startDate).toHaveAttribute('readonly');
  await expect(dialog.getByLabel(L.firstName, { exact: true })).toHaveValue('Rina');
  await expect(dialog.getByLabel(L.lastName, { exact: true })).toHaveValue('Akter');
  await expect(dialog.getByLabel(L.contact, { exact: true })).toHaveValue('+1 555 0100');
  await expect(dialog.getByLabel(L.info, { exact: true })).toHaveValue('');

  // The shared schema checks the edits before anything is sent.
  await dialog.getByLabel(L.firstName, { exact: true }).clear();
  await dialog.getByLabel(L.contact, { exact: true }).fill('call me');
  await dialog.getByRole('button', { name: M.updateSubmit }).click();
  await expect(dialog.getByLabel(L.firstName, { exact: true })).toHaveAccessibleDescription(
    `${L.firstName} is required`,
  );
  await expect(dialog.getByLabel(L.firstName, { exact: true })).toBeFocused();
  await expect(dialog.getByLabel(L.contact, { exact: true })).toHaveAccessibleDescription(/^Contact must be/);

  await dialog.getByLabel(L.firstName, { exact: true }).fill('Rina');
  await dialog.getByLabel(L.contact, { exact: true }).fill('+880 1999 123456');
  await dialog.getByLabel(L.info, { exact: true }).fill('Bringing a friend');
  await dialog.getByRole('button', { name: M.updateSubmit }).click();

  await expectAlertAndClose(page, M.update.doneTitle, UPDATED);
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('+880 1999 123456');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Bringing a friend');
  await expect(row.getByRole('button', { name: 'Update' })).toBeFocused();

  // Saved on the server too.
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('+880 1999 123456');
});

test('the update modal keeps focus inside and returns it; Cancel changes nothing', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!);
  await registerViaApi(page.request, baseURL!, marathon._id);
  await page.goto('/dashboard/my-applies');
  const updateButton = rowWith(page, marathon.title).getByRole('button', { name: 'Update' });

  await updateButton.focus();
  await page.keyboard.press('Enter');
  const dialog = updateDialog(page);
  // The cursor starts in the first field that can be changed; the read-only title before it is still reachable.
  await expect(dialog.getByLabel(L.firstName, { exact: true })).toBeFocused();
  await expectFocusWrapsWithin(
    page,
    dialog.getByLabel(M.columns.title, { exact: true }),
    dialog.getByRole('button', { name: M.updateSubmit }),
  );
  await dialog.getByLabel(L.contact, { exact: true }).fill('0000000');
  await dialog.getByRole('button', { name: M.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(updateButton).toBeFocused();
  await expect(rowWith(page, marathon.title).getByRole('cell').nth(3)).toHaveText('+1 555 0100');

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(updateButton).toBeFocused();
});

test("a failed update says 'Error!' inside the modal and keeps the edits", async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!);
  const registration = await registerViaApi(page.request, baseURL!, marathon._id);
  errorGuard.allowFailedResponse(`/api/registrations/${registration._id}`, 503);
  await page.route(`**/api/registrations/${registration._id}`, (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
  );

  await page.goto('/dashboard/my-applies');
  await rowWith(page, marathon.title).getByRole('button', { name: 'Update' }).click();
  const dialog = updateDialog(page);
  await dialog.getByLabel(L.lastName, { exact: true }).fill('Kept');
  await dialog.getByRole('button', { name: M.updateSubmit }).click();

  await expectAlertAndClose(page, M.update.failed.title, M.update.failed.text);
  await expect(dialog.getByLabel(L.lastName, { exact: true })).toHaveValue('Kept');
  await expect(dialog.getByLabel(L.lastName, { exact: true })).toBeEditable();
});

test("deleting a registration asks first, then removes it and lowers the race's count", async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const kept = await createMarathonViaApi(page.request, baseURL!);
  const withdrawn = await createMarathonViaApi(page.request, baseURL!);
  await registerViaApi(page.request, baseURL!, kept._id);
  await registerViaApi(page.request, baseURL!, withdrawn._id);
  expect(await registrationCount(page, withdrawn)).toBe(1);

  await page.goto('/dashboard/my-applies');
  await expect(listHeading(page, 2)).toBeVisible();
  const row = rowWith(page, withdrawn.title);

  await row.getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Cancel', `Your entry in ${withdrawn.title} will be withdrawn.`);
  await expect(row).toBeVisible();
  expect(await registrationCount(page, withdrawn)).toBe(1);

  await deleteRowWithConfirm(page, row, DELETED);
  await expect(row).toHaveCount(0);
  await expect(listHeading(page, 1)).toBeVisible();
  await expect(rowWith(page, kept.title)).toBeVisible();
  expect(await registrationCount(page, withdrawn)).toBe(0);
  expect(await registrationCount(page, kept)).toBe(1);

  await deleteRowWithConfirm(page, rowWith(page, kept.title), DELETED);
  await expect(page.getByText(M.empty, { exact: true })).toBeVisible();
  await expect(listHeading(page, 0)).toBeVisible();
});

test('someone who has registered for nothing is told so', async ({ page, uniqueUser, signUpViaApi }) => {
  await signUpViaApi(page.request, uniqueUser());
  await page.goto('/dashboard/my-applies');
  await expect(page.getByText(M.empty, { exact: true })).toBeVisible();
  await expect(listHeading(page, 0)).toBeVisible();
  await searchBox(page).fill('anything');
  await expect(page.getByText(M.noMatch, { exact: true })).toBeVisible();
});

test('registering through the form lands on the apply list, with the new row', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const marathon = await createMarathonViaApi(page.request, baseURL!, {
    title: `Padma Bridge Run ${uniqueSuffix()}`,
  });

  await page.goto(`/registration/${marathon._id}`);
  await page.getByLabel(L.firstName, { exact: true }).fill('Tanvir');
  await page.getByLabel(L.lastName, { exact: true }).fill('Hasan');
  await page.getByLabel(L.contact, { exact: true }).fill('01712345678');
  await page.getByRole('button', { name: 'Submit Register' }).click();

  await expect(page).toHaveURL('/dashboard/my-applies');
  await expect(listHeading(page, 1)).toBeVisible();
  const cells = rowWith(page, marathon.title).getByRole('cell');
  await expect(cells.nth(2)).toHaveText('Tanvir Hasan');
  await expect(cells.nth(3)).toHaveText('01712345678');
  await expect(cells.nth(4)).toHaveText(M.noInfo);
  expect(await registrationCount(page, marathon)).toBe(1);
});

const ROWS_PER_PAGE = 20;
const pager = (page: Page) => page.getByRole('navigation', { name: M.pagesLabel });
/** A row's '#'. */
const rowNumber = (page: Page, title: string) => rowWith(page, title).getByRole('cell').first();

/** Registers the signed-in runner of `page` for a new race per title, in this order; the titles, newest first. */
async function registerFor(page: Page, baseURL: string, titles: readonly string[]): Promise<string[]> {
  for (const race of await createMarathonsViaApi(page.request, baseURL, titles)) {
    await registerViaApi(page.request, baseURL, race._id);
  }
  return titles.toReversed();
}

/** One more registration than fits on a page, for new races named `name` 1, 2, …; their titles, newest first. */
const registerForTwoPages = (page: Page, baseURL: string, name: string) =>
  registerFor(page, baseURL, numberedTitles(`${name} ${uniqueSuffix()}`, ROWS_PER_PAGE + 1));

test('a runner with more registrations than fit on a page: all are counted, 20 a page, # goes on', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const newestFirst = await registerForTwoPages(page, baseURL!, 'Paged Run');

  await page.goto('/dashboard/my-applies');
  await expect(listHeading(page, ROWS_PER_PAGE + 1)).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(0, ROWS_PER_PAGE));
  await expect(rowNumber(page, newestFirst[0]!)).toHaveText('1');
  await expect(rowNumber(page, newestFirst[ROWS_PER_PAGE - 1]!)).toHaveText(String(ROWS_PER_PAGE));

  await pager(page).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/my-applies?page=2');
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(ROWS_PER_PAGE));
  await expect(rowNumber(page, newestFirst[ROWS_PER_PAGE]!)).toHaveText(String(ROWS_PER_PAGE + 1));
  await expect(listHeading(page, ROWS_PER_PAGE + 1)).toBeVisible();
});

test('the search runs on the server from the URL, counts every registration, and paging keeps it', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const suffix = uniqueSuffix();
  const hills = await registerFor(page, baseURL!, numberedTitles(`Hill Climb ${suffix}`, 2));
  const coastal = await registerForTwoPages(page, baseURL!, 'Coastal Run');
  const everyone = coastal.length + hills.length;
  const searches = recordSearches(page);

  await page.goto('/dashboard/my-applies');
  await expect(listHeading(page, everyone)).toBeVisible();

  // Typing on refines the same search: it replaces that history entry rather than adding one.
  await searchBox(page).pressSequentially('coa');
  await expect(page).toHaveURL('/dashboard/my-applies?q=coa');
  await searchBox(page).pressSequentially('STAL');
  await expect(page).toHaveURL('/dashboard/my-applies?q=coaSTAL');
  await expect(page.getByRole('rowheader')).toHaveText(coastal.slice(0, ROWS_PER_PAGE));
  await expect(page.getByRole('status')).toHaveText(M.matches(coastal.length, everyone));
  await expect(listHeading(page, everyone)).toBeVisible();
  // The server was asked, not the list filtered in the browser.
  expect(searches).toContain('coaSTAL');

  await pager(page).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/my-applies?q=coaSTAL&page=2');
  await expect(page.getByRole('rowheader')).toHaveText(coastal.slice(ROWS_PER_PAGE));
  await expect(rowNumber(page, coastal.at(-1)!)).toHaveText(String(ROWS_PER_PAGE + 1));
  await expect(searchBox(page)).toHaveValue('coaSTAL');
  await expect(listHeading(page, everyone)).toBeVisible();

  // A new search starts again on the first page.
  await searchBox(page).fill('hill climb');
  await expect(page).toHaveURL('/dashboard/my-applies?q=hill+climb');
  await expect(page.getByRole('rowheader')).toHaveText(hills);
  await expect(pager(page)).toHaveCount(0);

  // Back steps through the pages and searches, without the one typing refined ('coa').
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/my-applies?q=coaSTAL&page=2');
  await expect(searchBox(page)).toHaveValue('coaSTAL');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/my-applies?q=coaSTAL');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/my-applies');
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByRole('rowheader')).toHaveCount(ROWS_PER_PAGE);
});

test('withdrawing the only registration of the last page lands on the page before it', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const newestFirst = await registerForTwoPages(page, baseURL!, 'Last Page Run');

  await page.goto('/dashboard/my-applies?page=2');
  await deleteRowWithConfirm(page, rowWith(page, newestFirst.at(-1)!), DELETED);

  await expect(page).toHaveURL('/dashboard/my-applies');
  await expect(listHeading(page, ROWS_PER_PAGE)).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveText(newestFirst.slice(0, ROWS_PER_PAGE));
  await expect(pager(page)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the apply list and its modal pass axe in the ${theme} theme`, async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await useTheme(page, theme);
    await signUpViaApi(page.request, uniqueUser());
    const marathon = await createMarathonViaApi(page.request, baseURL!);
    await registerViaApi(page.request, baseURL!, marathon._id);

    await page.goto('/dashboard/my-applies');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(rowWith(page, marathon.title)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await rowWith(page, marathon.title).getByRole('button', { name: 'Update' }).click();
    const dialog = updateDialog(page);
    await dialog.getByLabel(L.firstName, { exact: true }).clear();
    await dialog.getByRole('button', { name: M.updateSubmit }).click();
    await expect(dialog.getByLabel(L.firstName, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('registrations are cards, with their actions, and nothing scrolls sideways', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await signUpViaApi(page.request, uniqueUser());
    const marathon = await createMarathonViaApi(page.request, baseURL!, {
      title: `An exceptionally long marathon title for a narrow phone ${uniqueSuffix()}`,
    });
    await registerViaApi(page.request, baseURL!, marathon._id, {
      info: 'Averyveryverylongsingleworddietarynotethatmustwrapinsidethecard',
    });

    await page.goto('/dashboard/my-applies');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: marathon.title }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Eve Runner');
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
