import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  MARATHON_FIELD_LABELS as L,
  type DiscountCode,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { DISCOUNT_CODES_MESSAGES as D } from '../apps/web/src/features/discount-codes/discount-codes-messages';
import { MARATHON_DASHBOARD_MESSAGES as MD } from '../apps/web/src/features/marathons/dashboard-messages';
import { PRICE_FIELDS_MESSAGES as F } from '../apps/web/src/features/marathons/price-fields-messages';
import { PARTICIPANTS_MESSAGES as P } from '../apps/web/src/features/participants/participants-messages';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { alertDialog, answerConfirm, typeDate } from './dashboard-helpers';
import { expect, expectAlertShown, expectToastShown, test as base, type TestUser } from './fixtures';

// Issue 32, the organizer's side: the race form's Entry fee section, the desk's payments (Mark paid, Mark
// refunded, the revenue, the held places) and the discount codes.

const test = base.extend<{
  /** A fresh account signed in in the page's context: the organizer. */
  organizer: TestUser;
  /** Enters a runner into a race over HTTP, each a new account in its own cookie jar. */
  enter: (
    race: Pick<Marathon, '_id'>,
    entry: Partial<Parameters<typeof registerViaApi>[3]>,
  ) => Promise<Registration>;
}>({
  organizer: async ({ page, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
  enter: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (race, entry) => {
      const request = await playwright.request.newContext({ baseURL: baseURL! });
      contexts.push(request);
      await signUpViaApi(request, uniqueUser());
      return registerViaApi(request, baseURL!, race._id, entry);
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },
});

// The date pickers show and read local time: pin it, so the dates typed are unambiguous.
test.use({ timezoneId: 'UTC' });

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');
/** A day from now at 9:00 AM (UTC, the page's zone and the new race's), as the date pickers take it typed. */
const pickerText = (days: number) => {
  const day = new Date(Date.now() + days * DAY_MS);
  return `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${day.getUTCFullYear()} 9:00 AM`;
};
const isoAtNine = (days: number) => {
  const day = new Date(Date.now() + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9)).toISOString();
};

const participantsPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants`;
const myMarathons = (page: Page) =>
  page.request.get('/api/my-marathons').then((response) => response.json() as Promise<Marathon[]>);
const priceSection = (page: Page) => page.getByRole('region', { name: F.heading });
const tier = (scope: Locator, position: number) =>
  scope.getByRole('group', { name: F.tierLegend(position), exact: true });
const summary = (page: Page) => page.getByRole('region', { name: P.summary.label });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const listTable = (page: Page, status: keyof typeof P.list.tabs) =>
  page.getByRole('table', { name: P.list.caption(P.list.tabs[status]) });
const codesTable = (page: Page) => page.getByRole('table', { name: D.caption });
const codesForm = (page: Page) => page.getByRole('form', { name: D.form.heading });
/** The visible table row (md and up) of `scope` that contains `text`. */
const rowWith = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

/** The summary strip's figure under `label`, with any notes below it. */
function summaryItem(page: Page, label: string): Locator {
  return summary(page)
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });
}

test('an organizer prices a new race with an early tier and on-site payment, marks a runner’s fee paid, then refunds it', async ({
  page,
  baseURL,
  alertLog,
  errorGuard,
  organizer: _organizer,
  enter,
}, testInfo) => {
  // A long journey (the whole form, then the desk): more time than the default on a busy machine.
  test.slow();
  errorGuard.allowFailedResponse('/api/add-marathon', 400);
  const title = `Paid Race ${Date.now().toString(36)}`;
  await page.goto('/dashboard/add-marathon');
  await page.getByLabel(L.title, { exact: true }).fill(title);
  await typeDate(page, L.startRegDate, pickerText(-1));
  await typeDate(page, L.endRegDate, pickerText(10));
  await typeDate(page, L.startDate, pickerText(20));
  await page.getByLabel(L.location, { exact: true }).fill('Porto');
  await page.getByLabel(L.description, { exact: true }).fill('Along the river.');
  await page.getByLabel(L.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-2.svg`);

  // The fee, read back as the runners will pay it; a free race shows no ways to pay.
  const prices = priceSection(page);
  await expect(prices.getByRole('heading', { level: 2, name: F.heading })).toBeVisible();
  await expect(prices.getByRole('group', { name: F.methodsLegend })).toHaveCount(0);
  await expect(prices.getByLabel(F.currencyLabel)).toHaveValue('EUR');
  await prices.getByLabel(F.feeLabel, { exact: true }).fill('45.00');
  await expect(prices.getByText('Runners pay €45.00.')).toBeVisible();

  // An early price ending after registration closes: the server refuses it at that tier's date.
  await prices.getByRole('button', { name: F.addTier }).click();
  const early = tier(prices, 1);
  await typeDate(early, F.tierUntil, pickerText(12));
  await early.getByLabel(F.tierFee, { exact: true }).fill('35');
  await expect(prices.getByText('€45.00 after the last price tier.')).toBeVisible();

  // Paid on site only.
  const methods = prices.getByRole('group', { name: F.methodsLegend });
  await methods.getByRole('checkbox', { name: F.methods.online }).uncheck();
  await methods.getByRole('checkbox', { name: F.methods.on_site }).check();

  await page.getByRole('button', { name: MD.submit }).click();
  const until = early.getByLabel(F.tierUntil, { exact: true });
  await expect(until).toHaveAccessibleDescription('A price tier must end by the End Registration Date');
  await expect(until).toBeFocused();
  await typeDate(early, F.tierUntil, pickerText(5));
  await expect(until).not.toHaveAttribute('aria-invalid');
  await expectNoSeriousA11yViolations(page);
  // For the record of the change: the section as the organizer fills it in.
  await prices.screenshot({ path: testInfo.outputPath('entry-fee-section.png') });

  await page.getByRole('button', { name: MD.submit }).click();
  await expectAlertShown(alertLog, { title: MD.addedTitle, text: MD.addedText });
  const [race] = (await myMarathons(page)).filter((marathon) => marathon.title === title);
  expect(race).toMatchObject({
    entryFee: 4500,
    currency: 'EUR',
    priceTiers: [{ until: isoAtNine(5), entryFee: 3500 }],
    paymentMethods: ['on_site'],
    refundPolicy: { percent: 0, until: null },
    currentFee: 3500,
    nextFeeChange: { at: isoAtNine(5), entryFee: 4500 },
  });

  // A runner enters, to pay the early fee on site.
  const entry = await enter(race!, { firstName: 'Ann', lastName: 'Lee', paymentMethod: 'on_site' });
  expect(entry).toMatchObject({ status: 'registered', paymentStatus: 'due', amountDue: 3500 });

  await page.goto(participantsPath(race!));
  await expect(summaryItem(page, P.summary.revenue)).toContainText('€0.00');
  await expect(summaryItem(page, P.summary.revenue)).toContainText(P.summary.due('€35.00'));
  const row = rowWith(listTable(page, 'registered'), 'Lee');
  await expect(row).toContainText(P.paymentStatuses.due);
  await expect(row).toContainText('€35.00');

  // Marked paid: a receipt, and the money in the revenue.
  await row.getByRole('button', { name: `${P.markPaid.button}${P.markPaid.of('Ann Lee')}` }).click();
  const confirmPaid = P.markPaid.confirm('Ann Lee', '€35.00');
  await answerConfirm(page, confirmPaid, confirmPaid.confirmButton);
  await expectToastShown(alertLog, P.markPaid.done('000001'), 'success');
  await expect(row).toContainText(P.paymentStatuses.paid);
  await expect(row).toContainText(P.receipt('000001'));
  await expect(row.getByRole('button', { name: new RegExp(P.markPaid.button) })).toHaveCount(0);
  await expect(summaryItem(page, P.summary.revenue)).toHaveText(`${P.summary.revenue}€35.00`);
  await page.screenshot({ path: testInfo.outputPath('desk-paid.png'), fullPage: true });

  // Cancelled by the organizer: the fee is owed back in cash, found on the Cancelled tab, marked refunded.
  await row.getByRole('button', { name: `${P.cancel.button}${P.cancel.of('Ann Lee')}` }).click();
  const { confirm } = P.cancelMessages(
    'Ann Lee',
    { status: 'registered', bib: 1, waitlistPosition: null },
    { amount: '€35.00', isOnSite: true },
  );
  await expect(page.getByRole('dialog', { name: confirm.title })).toContainText(confirm.detail!);
  await answerConfirm(page, confirm, confirm.confirmButton);
  await alertDialog(page, P.cancelMessages('Ann Lee', entry).outcome.doneTitle)
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(summaryItem(page, P.summary.revenue)).toContainText(P.summary.refundsDue('€35.00'));

  await tab(page, P.list.tabs.cancelled).click();
  await expect(page).toHaveURL(/[?&]status=cancelled(&|$)/);
  const cancelled = rowWith(listTable(page, 'cancelled'), 'Lee');
  await expect(cancelled).toContainText(P.paymentStatuses.refund_due);
  await cancelled
    .getByRole('button', { name: `${P.markRefunded.button}${P.markRefunded.of('Ann Lee')}` })
    .click();
  const confirmRefunded = P.markRefunded.confirm('Ann Lee');
  await answerConfirm(page, confirmRefunded, confirmRefunded.confirmButton);
  await expectToastShown(alertLog, P.markRefunded.done, 'success');
  await expect(cancelled).toContainText(P.paymentStatuses.refunded);
  await expect(cancelled).toContainText(P.list.refunded('€35.00'));
  await expect(summaryItem(page, P.summary.revenue)).toHaveText(`${P.summary.revenue}€0.00`);
});

test('the desk shows a place held while its runner pays online, and filters the entries by payment', async ({
  page,
  baseURL,
  organizer: _organizer,
  enter,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, {
    entryFee: 4500,
    paymentMethods: ['online', 'on_site'],
    capacity: 10,
  });
  const held = await enter(race, { firstName: 'Hana', lastName: 'Holder', paymentMethod: 'online' });
  expect(held).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
  await enter(race, { firstName: 'Dora', lastName: 'Due', paymentMethod: 'on_site' });

  await page.goto(participantsPath(race));
  await expect(summaryItem(page, P.summary.pending)).toHaveText(`${P.summary.pending}1`);
  await expect(summaryItem(page, P.summary.placesLeft)).toHaveText(`${P.summary.placesLeft}8`);
  // Every tab but a ballot race's In the ballot (issue 35).
  const { registered, waitlisted, pending_payment, cancelled, expired } = P.list.tabs;
  await expect(page.getByRole('tablist', { name: P.list.tabsLabel }).getByRole('tab')).toHaveText([
    registered,
    waitlisted,
    pending_payment,
    cancelled,
    expired,
  ]);

  await tab(page, P.list.tabs.pending_payment).click();
  const holds = listTable(page, 'pending_payment');
  await expect(holds.getByRole('rowheader')).toHaveText(['Holder']);
  await expect(holds.getByRole('columnheader', { name: P.list.columns.holdEnds })).toBeVisible();
  await expect(rowWith(holds, 'Holder').getByRole('time').first()).toHaveAttribute(
    'datetime',
    held.holdExpiresAt!,
  );
  await expect(rowWith(holds, 'Holder')).toContainText(P.paymentStatuses.pending);

  await tab(page, P.list.tabs.registered).click();
  await page.getByLabel(P.filters.paymentStatus, { exact: true }).selectOption(P.paymentStatuses.paid);
  await expect(page).toHaveURL(/[?&]paymentStatus=paid(&|$)/);
  await expect(page.getByText(P.list.noFilterMatch)).toBeVisible();
  await page.getByLabel(P.filters.paymentStatus, { exact: true }).selectOption(P.paymentStatuses.due);
  await expect(listTable(page, 'registered').getByRole('rowheader')).toHaveText(['Due']);
  await expect(page.getByRole('link', { name: P.list.downloadCsv })).toHaveAttribute(
    'href',
    /[?&]paymentStatus=due(&|$)/,
  );
});

test('an organizer adds discount codes, sees one used, and removes them: the used one stays, inactive', async ({
  page,
  baseURL,
  alertLog,
  errorGuard,
  organizer: _organizer,
  enter,
}, testInfo) => {
  const race = await createMarathonViaApi(page.request, baseURL!, {
    entryFee: 4500,
    paymentMethods: ['on_site'],
  });
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/discount-codes`, 409);
  test.slow();
  await page.goto(participantsPath(race));
  await page.getByRole('link', { name: D.link, exact: true }).click();
  await expect(page).toHaveURL(/#discount-codes$/);
  await expect(page.getByRole('heading', { level: 2, name: D.heading })).toBeInViewport();
  await expect(page.getByText(D.none)).toBeVisible();

  // 20 % off for five runners, typed in lower case; €5.00 off for anyone until a date.
  const form = codesForm(page);
  await form.getByLabel(D.form.code, { exact: true }).fill('club20');
  await form.getByLabel(D.form.percentOff, { exact: true }).fill('20');
  await form.getByLabel(D.form.maxUses, { exact: true }).fill('5');
  await form.getByRole('button', { name: D.form.submit }).click();
  await expectToastShown(alertLog, D.form.added('CLUB20'), 'success');
  await expect(form.getByLabel(D.form.code, { exact: true })).toHaveValue('');

  await form.getByText(D.form.kinds.amount, { exact: true }).click();
  await form.getByLabel(D.form.code, { exact: true }).fill('SAVE5');
  const amount = form.getByLabel(`${D.form.amountOff} (EUR)`, { exact: true });
  await amount.fill('5.001');
  await form.getByLabel(D.form.validUntil, { exact: true }).fill('2099-12-31T18:00');
  await form.getByRole('button', { name: D.form.submit }).click();
  await expect(amount).toHaveAccessibleDescription(D.form.amountRefused('€100,000.00', '5.00'));
  await amount.fill('5');
  await form.getByRole('button', { name: D.form.submit }).click();
  await expectToastShown(alertLog, D.form.added('SAVE5'), 'success');

  // The same code twice, in another case: the server refuses it at the field.
  const code = form.getByLabel(D.form.code, { exact: true });
  await code.fill('Club20');
  await form.getByLabel(D.form.percentOff, { exact: true }).fill('10');
  await form.getByRole('button', { name: D.form.submit }).click();
  await expect(code).toHaveAccessibleDescription(/^This race already has this code/);
  await expect(code).toBeFocused();

  const codes = codesTable(page);
  await expect(codes.getByRole('rowheader')).toHaveText(['CLUB20', 'SAVE5']);
  await expect(rowWith(codes, 'CLUB20')).toContainText('20% off');
  await expect(rowWith(codes, 'CLUB20')).toContainText('0 / 5');
  await expect(rowWith(codes, 'CLUB20')).toContainText(D.noEnd);
  await expect(rowWith(codes, 'SAVE5')).toContainText('€5.00 off');
  await expect(rowWith(codes, 'SAVE5')).toContainText('31 Dec 2099');
  await expectNoSeriousA11yViolations(page);

  // A runner uses the code: the desk counts the use, and the entry owes the discounted fee.
  const entry = await enter(race, {
    firstName: 'Cody',
    lastName: 'Club',
    paymentMethod: 'on_site',
    discountCode: 'club20',
  });
  expect(entry).toMatchObject({ amountDue: 3600, discountCode: 'CLUB20' });
  await page.reload();
  await expect(rowWith(codes, 'CLUB20')).toContainText('1 / 5');
  await expect(rowWith(listTable(page, 'registered'), 'Club')).toContainText('€36.00');
  await page.screenshot({ path: testInfo.outputPath('desk-discount-codes.png'), fullPage: true });

  // Removed: the used code stays listed, inactive; the unused one is gone.
  await codes.getByRole('button', { name: `${D.remove.button}${D.remove.of('CLUB20')}` }).click();
  const used = D.remove.confirm('CLUB20', 1);
  await answerConfirm(page, used, used.confirmButton);
  await expect(rowWith(codes, 'CLUB20')).toContainText(D.states.inactive);
  await expect(codes.getByRole('button', { name: `${D.remove.button}${D.remove.of('CLUB20')}` })).toHaveCount(
    0,
  );

  await codes.getByRole('button', { name: `${D.remove.button}${D.remove.of('SAVE5')}` }).click();
  const unused = D.remove.confirm('SAVE5', 0);
  await answerConfirm(page, unused, unused.confirmButton);
  await expect(codes.getByRole('rowheader')).toHaveText(['CLUB20']);

  const listed = await page.request
    .get(`/api/marathons/${race._id}/discount-codes`)
    .then((response) => response.json() as Promise<DiscountCode[]>);
  expect(listed).toEqual([expect.objectContaining({ code: 'CLUB20', uses: 1, active: false })]);
});
