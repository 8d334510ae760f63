import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  type Marathon,
} from '@stride/shared';
import { PARTICIPANTS_MESSAGES as M } from '../apps/web/src/features/participants/participants-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { answerConfirm, expectAlertAndClose, rowWith, scrollsSideways } from './dashboard-helpers';
import { expect, test as base, type TestUser } from './fixtures';

// ADR 018: the organizer's race desk. The numbers, the chart, the participant list with its search, tabs,
// sorting and CSV, and cancelling an entry, as an organizer sees them.

const L = M.list;

type Runner = { firstName: string; lastName: string; waitlist?: boolean };

/** Letters only: the search matches e-mails too, and a digit in one would match a bib search. */
const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');
const asciiLower = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const test = base.extend<{
  /** A fresh account signed in in the page's context: the organizer. */
  organizer: TestUser;
  /**
   * Enters runners into a race over HTTP, in this order, each a new account in its own cookie jar with an
   * e-mail made of their name and letters (`waitlist: true`: into a full race's waitlist).
   */
  enterRunners: (race: Pick<Marathon, '_id'>, runners: readonly Runner[]) => Promise<void>;
}>({
  organizer: async ({ page, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
  enterRunners: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (race, runners) => {
      for (const { firstName, lastName, waitlist = false } of runners) {
        const request = await playwright.request.newContext({ baseURL: baseURL! });
        contexts.push(request);
        const email = `${asciiLower(firstName)}.${asciiLower(lastName)}.${letters(10)}@stride.test`;
        await signUpViaApi(request, { ...uniqueUser(), email });
        const entry = await registerViaApi(request, baseURL!, race._id, { firstName, lastName, waitlist });
        expect(entry.status).toBe(waitlist ? 'waitlisted' : 'registered');
      }
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },
});

/** Bibs 1, 2 and 3 in this order: by last name they come the other way round. */
const REGISTERED: Runner[] = [
  { firstName: 'Zoë', lastName: 'Zimmer' },
  { firstName: 'Ana', lastName: 'Moreau' },
  { firstName: 'Ben', lastName: 'Dupont' },
];
const WAITLISTED: Runner[] = [
  { firstName: 'Dan', lastName: 'Evans', waitlist: true },
  { firstName: 'Eve', lastName: 'Fischer', waitlist: true },
];

const participantsPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants`;
const summary = (page: Page) => page.getByRole('region', { name: M.summary.label });
const listTable = (page: Page, tab: 'registered' | 'waitlisted') =>
  page.getByRole('table', { name: L.caption(L.tabs[tab]) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: L.searchLabel });
const sortButton = (page: Page, column: string) =>
  page.getByRole('columnheader', { name: column }).getByRole('button');

/** The summary strip's numbers, by their labels (those of `expected` only). */
async function expectSummary(page: Page, expected: Record<string, string>) {
  const strip = summary(page);
  await expect
    .poll(async () => {
      const labels = await strip.getByRole('term').allTextContents();
      const values = await strip.getByRole('definition').allTextContents();
      return Object.fromEntries(labels.map((label, index) => [label, values[index]]));
    })
    .toMatchObject(expected);
}

/** The last names of the table's rows (its row headers), in order. */
async function expectLastNames(page: Page, tabName: 'registered' | 'waitlisted', names: string[]) {
  await expect(listTable(page, tabName).getByRole('rowheader')).toHaveText(names);
}

/** The rows of the table as the CSV has them: bib, first name, last name, e-mail and the registration time. */
async function readTableRows(table: Locator) {
  // The first row is the header.
  const rows = (await table.getByRole('row').all()).slice(1);
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.getByRole('cell').allTextContents();
      const [bib, firstName, email] = [cells[0], cells[1], cells[2]];
      const lastName = await row.getByRole('rowheader').textContent();
      const registeredAt = await row.getByRole('cell').nth(5).getByRole('time').getAttribute('datetime');
      return { bib, firstName, lastName, email, registeredAt: Date.parse(registeredAt!) };
    }),
  );
}

test('an organizer opens Participants from My Marathons, searches, switches tabs, sorts, downloads the CSV and cancels an entry', async ({
  page,
  baseURL,
  organizer: _organizer,
  enterRunners,
}, testInfo) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 3 });
  await enterRunners(race, [...REGISTERED, ...WAITLISTED]);

  await page.goto('/dashboard/my-marathons');
  await rowWith(page, race.title)
    .getByRole('link', { name: `Participants of ${race.title}` })
    .click();
  await expect(page).toHaveURL(participantsPath(race));
  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();
  await expect(page).toHaveTitle(M.title(race.title));

  // The numbers, and the chart with today's bar and its text alternative.
  await expectSummary(page, {
    [M.summary.registered]: '3 / 3',
    [M.summary.waitlist]: '2',
    [M.summary.placesLeft]: '0',
    [M.summary.today]: '5',
  });
  const chart = page.getByRole('img', { name: M.chart.imageLabel });
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())!.height).toBeGreaterThan(200);
  const today = new Date().toISOString().slice(0, 10);
  await expect(
    page.getByRole('table', { name: M.chart.tableCaption }).getByRole('row', { name: today }),
  ).toHaveText(`${today}323`);

  // The Registered tab by bib.
  await expect(tab(page, L.tabs.registered)).toHaveAttribute('aria-selected', 'true');
  await expectLastNames(page, 'registered', ['Zimmer', 'Moreau', 'Dupont']);
  await expect(page.getByRole('columnheader', { name: L.columns.bib })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.getByText(L.showing(1, 3, 3))).toBeVisible();

  // Searching: a name, a bib, nothing.
  await searchBox(page).fill('moreau');
  await expectLastNames(page, 'registered', ['Moreau']);
  await expect(page.getByRole('status').filter({ hasText: L.matches(1, 'moreau') })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=moreau/);
  await searchBox(page).fill('3');
  await expectLastNames(page, 'registered', ['Dupont']);
  await searchBox(page).fill('nobody');
  await expect(page.getByText(L.noMatch('nobody'))).toBeVisible();
  await searchBox(page).fill('');
  await expectLastNames(page, 'registered', ['Zimmer', 'Moreau', 'Dupont']);

  // The Waitlist tab, in line order; back and forward switch tabs.
  await tab(page, L.tabs.waitlisted).click();
  await expect(tab(page, L.tabs.waitlisted)).toHaveAttribute('aria-selected', 'true');
  await expectLastNames(page, 'waitlisted', ['Evans', 'Fischer']);
  await expect(rowWith(page, 'Evans').getByRole('cell').first()).toHaveText('1');
  await page.goBack();
  await expect(tab(page, L.tabs.registered)).toHaveAttribute('aria-selected', 'true');
  await expectLastNames(page, 'registered', ['Zimmer', 'Moreau', 'Dupont']);
  await page.goForward();
  await expectLastNames(page, 'waitlisted', ['Evans', 'Fischer']);
  await tab(page, L.tabs.registered).click();

  // Sorting by last name, both ways.
  await sortButton(page, L.columns.lastName).click();
  await expectLastNames(page, 'registered', ['Dupont', 'Moreau', 'Zimmer']);
  await expect(page.getByRole('columnheader', { name: L.columns.lastName })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await sortButton(page, L.columns.lastName).click();
  await expectLastNames(page, 'registered', ['Zimmer', 'Moreau', 'Dupont']);
  await expect(page.getByRole('columnheader', { name: L.columns.lastName })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await sortButton(page, L.columns.lastName).click();
  await expectLastNames(page, 'registered', ['Dupont', 'Moreau', 'Zimmer']);
  // For the record of the change: the page as the organizer sees it now.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('participants-page.png'), fullPage: true });

  // The CSV has the table's runners, in the table's order.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: L.downloadCsv }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-participants\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF'), 'a UTF-8 byte order mark').toBe(true);
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  // The nine columns, the entry form's (issue 31), the payment's (issue 32), the check-in's (issue 33); the race asks no questions of its
  // own, so none follow.
  expect(header).toEqual([
    ...PARTICIPANTS_CSV_HEADER,
    ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
    ...PARTICIPANTS_CSV_PAYMENT_HEADER,
    ...PARTICIPANTS_CSV_CHECKIN_HEADER,
  ]);
  const fromCsv = rows.map(([bib, status, , firstName, lastName, email, , , registeredAt]) => ({
    bib,
    status: status!.toLowerCase(),
    firstName,
    lastName,
    email,
    registeredAt: Date.parse(registeredAt!),
  }));
  const fromTable = await readTableRows(listTable(page, 'registered'));
  expect(fromCsv).toEqual(fromTable.map((row) => ({ ...row, status: 'registered' })));
  expect(fromCsv.map((row) => [row.bib, row.firstName, row.lastName])).toEqual([
    ['3', 'Ben', 'Dupont'],
    ['2', 'Ana', 'Moreau'],
    ['1', 'Zoë', 'Zimmer'],
  ]);

  // Cancelling Ana's entry gives her place to Dan, the first in line.
  await page.getByRole('button', { name: `${M.cancel.button} of Ana Moreau` }).click();
  const { confirm } = M.cancelMessages('Ana Moreau', {
    status: 'registered',
    bib: 2,
    waitlistPosition: null,
  });
  await answerConfirm(page, confirm, confirm.confirmButton);
  await expectAlertAndClose(page, 'Cancelled!', 'Registration cancelled');
  await expectLastNames(page, 'registered', ['Dupont', 'Evans', 'Zimmer']);
  await expect(rowWith(page, 'Evans').getByRole('cell').first()).toHaveText(/^\d+$/);
  await expectSummary(page, {
    [M.summary.registered]: '3 / 3',
    [M.summary.waitlist]: '1',
    [M.summary.placesLeft]: '0',
  });
  await tab(page, L.tabs.waitlisted).click();
  await expectLastNames(page, 'waitlisted', ['Fischer']);
  await expect(rowWith(page, 'Fischer').getByRole('cell').first()).toHaveText('1');
});

test('keeping an entry in the confirm dialog cancels nothing', async ({
  page,
  baseURL,
  organizer: _organizer,
  enterRunners,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 5 });
  await enterRunners(race, [REGISTERED[0]!]);
  await page.goto(participantsPath(race));

  await page.getByRole('button', { name: `${M.cancel.button} of Zoë Zimmer` }).click();
  const { confirm } = M.cancelMessages('Zoë Zimmer', {
    status: 'registered',
    bib: 1,
    waitlistPosition: null,
  });
  await answerConfirm(page, confirm, confirm.keepButton!);
  await expectLastNames(page, 'registered', ['Zimmer']);
  await page.reload();
  await expectLastNames(page, 'registered', ['Zimmer']);
  await expectSummary(page, { [M.summary.registered]: '1 / 5', [M.summary.placesLeft]: '4' });
});

test('empty states say what to do', async ({ page, baseURL, organizer: _organizer, enterRunners }) => {
  const quiet = await createMarathonViaApi(page.request, baseURL!);
  await page.goto(participantsPath(quiet));
  await expect(page.getByText(`${M.noRegistrations}${M.shareRacePage}`)).toBeVisible();
  // Both the note and the link under the title open the race's public page.
  await expect(page.getByRole('link', { name: M.shareRacePage, exact: true })).toHaveAttribute(
    'href',
    `/races/${quiet._id}`,
  );
  await expect(page.getByRole('link', { name: M.shareRacePageLink, exact: true })).toHaveAttribute(
    'href',
    `/races/${quiet._id}`,
  );
  await expectSummary(page, {
    [M.summary.registered]: '0 / no limit',
    [M.summary.placesLeft]: M.summary.noLimit,
    [M.summary.today]: '0',
  });
  await expect(page.getByRole('table')).toHaveCount(0);

  const roomy = await createMarathonViaApi(page.request, baseURL!, { capacity: 10 });
  await enterRunners(roomy, [REGISTERED[1]!]);
  await page.goto(`${participantsPath(roomy)}?status=waitlisted`);
  await expect(tab(page, L.tabs.waitlisted)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(L.emptyWaitlist)).toBeVisible();
});

test("a stranger sees neither another organizer's participants nor their numbers", async ({
  page,
  playwright,
  baseURL,
  uniqueUser,
  signUpViaApi,
  enterRunners,
  errorGuard,
}) => {
  const owner = await playwright.request.newContext({ baseURL: baseURL! });
  await signUpViaApi(owner, uniqueUser());
  const race = await createMarathonViaApi(owner, baseURL!, { capacity: 2 });
  await owner.dispose();
  await enterRunners(race, [{ firstName: 'Secret', lastName: 'Runner' }]);

  await signUpViaApi(page.request, uniqueUser());
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/stats`, 403);
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/participants`, 403);
  await page.goto(participantsPath(race));
  await expect(page.getByRole('heading', { level: 1, name: M.forbiddenHeading })).toBeVisible();
  await expect(page.getByText(M.forbiddenText)).toBeVisible();
  await expect(page.getByText(/Secret|Runner/)).toHaveCount(0);
  await expect(summary(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: M.backToMyMarathons })).toHaveAttribute(
    'href',
    '/dashboard/my-marathons',
  );

  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const path of ['', '/stats', '/participants']) {
    errorGuard.allowFailedResponse(`/api/marathons/${unknown}${path}`, 404);
  }
  await page.goto(participantsPath({ _id: unknown }));
  await expect(page.getByRole('heading', { level: 1, name: M.notFoundHeading })).toBeVisible();
});

test("the chart's caption names the race's time zone, not UTC", async ({
  page,
  baseURL,
  organizer: _organizer,
  enterRunners,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { timeZone: 'America/New_York' });
  await enterRunners(race, REGISTERED.slice(0, 1));
  await page.goto(participantsPath(race));

  await expect(
    page.getByText(/^Runners holding a place, day by day \(America\/New York time\)/),
  ).toBeVisible();
  await expect(page.getByText(/day by day \(UTC\)/)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Participants page passes axe in the ${theme} theme`, async ({
    page,
    baseURL,
    organizer: _organizer,
    enterRunners,
  }) => {
    await useTheme(page, theme);
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 2 });
    await enterRunners(race, [...REGISTERED.slice(0, 2), WAITLISTED[0]!]);
    await page.goto(participantsPath(race));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectLastNames(page, 'registered', ['Zimmer', 'Moreau']);
    await expect(page.getByRole('img', { name: M.chart.imageLabel })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await tab(page, L.tabs.waitlisted).click();
    await expectLastNames(page, 'waitlisted', ['Evans']);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the participants are cards, as My Apply List is, and the page does not scroll sideways', async ({
    page,
    baseURL,
    organizer: _organizer,
    enterRunners,
  }, testInfo) => {
    const race = await createMarathonViaApi(page.request, baseURL!, { capacity: 2 });
    await enterRunners(race, [...REGISTERED.slice(0, 2), WAITLISTED[0]!]);
    await page.goto(participantsPath(race));
    const cards = page.getByRole('list', { name: L.caption(L.tabs.registered) });
    await expect(cards.getByRole('heading')).toHaveText(['Zimmer', 'Moreau']);
    await expect(listTable(page, 'registered')).toBeHidden();
    await expect(cards.getByRole('button', { name: /Cancel/ })).toHaveCount(2);
    const chart = page.getByRole('img', { name: M.chart.imageLabel });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('participants-360.png'), fullPage: true });
  });
});
