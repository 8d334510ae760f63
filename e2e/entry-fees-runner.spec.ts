import type { Page } from '@playwright/test';
import { REGISTRATION_FIELD_LABELS as L, type Marathon } from '@stride/shared';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import {
  ENTRY_PAYMENT_MESSAGES as P,
  PAYMENT_RETURN_MESSAGES as R,
} from '../apps/web/src/features/registrations/payment-messages';
import { REGISTRATION_FORM_MESSAGES as M } from '../apps/web/src/features/registrations/registration-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { PAYMENT_STATE_MESSAGES as S } from '../apps/web/src/lib/payment-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { expectAlertShown } from './fixtures';
import { expect, test, THEMES } from './marathon-pages';

// Issue 32, the runner's side: a paid race's price, the registration form's amount, code and way of paying,
// Stripe's checkout (the local fake of playwright.config.ts) and back, and My Apply List's payment column.

const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const amountToPay = (page: Page, amount: string) => page.getByText(M.fee.amount(amount), { exact: true });
const heldUntil = new RegExp(`^${S.heldUntil('')}`);
const CHECKOUT_TITLE = 'Fake Stripe Checkout';

/**
 * The fake checkout page has no icon: the browser's request for one is answered 404, which it logs as an error.
 * The page is the fake's, not the app's.
 */
const FAKE_CHECKOUT_ICON = ['/favicon.ico', 404] as const;
type AllowFailure = (pathname: string, status: number) => void;

/** A paid race, €45.00 until five days from now, €55.00 after; paid online or on site. */
function createPaidRace(
  page: Page,
  baseURL: string,
  changes: Parameters<typeof createMarathonViaApi>[2] = {},
) {
  return createMarathonViaApi(page.request, baseURL, {
    entryFee: 5500,
    currency: 'EUR',
    priceTiers: [{ until: fromNow(5 * DAY_MS), entryFee: 4500 }],
    paymentMethods: ['online', 'on_site'],
    ...changes,
  });
}

/** Opens the race's registration form and fills in the runner. */
async function openForm(page: Page, race: Pick<Marathon, '_id'>) {
  await page.goto(`/registration/${race._id}`);
  await field(page, L.firstName).fill('Paula');
  await field(page, L.lastName).fill('Payer');
  await field(page, L.contact).fill('+1 555 0142');
}

/** Submits the form paying online: the browser lands on the checkout page. */
async function submitToCheckout(page: Page, errorGuard: { allowFailedResponse: AllowFailure }) {
  errorGuard.allowFailedResponse(...FAKE_CHECKOUT_ICON);
  await page.getByRole('radio', { name: M.fee.methods.online }).check();
  await page.getByRole('button', { name: M.submit }).click();
  await expect(page).toHaveTitle(CHECKOUT_TITLE);
}

/** The row of My Apply List for the race. */
async function applyListRow(page: Page, race: Pick<Marathon, 'title'>) {
  await page.goto('/dashboard/my-applies');
  return page.getByRole('table', { name: A.caption }).getByRole('row').filter({ hasText: race.title });
}

test('the race page shows the fee now and the next one from its date; a free race says Free', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createPaidRace(page, baseURL!);
  await page.goto(`/marathon-details/${race._id}`);
  const fee = page.getByRole('listitem').filter({ hasText: `${D.entryFee}:` });
  await expect(fee).toContainText(`${D.entryFee}: €45.00`);
  await expect(
    fee.getByText(D.feeFrom('€55.00', formatDateTime(race.priceTiers[0]!.until, race.timeZone)), {
      exact: true,
    }),
  ).toBeVisible();

  const free = await createMarathonViaApi(page.request, baseURL!);
  await page.goto(`/races/${free._id}`);
  await expect(page.getByRole('listitem').filter({ hasText: `${D.entryFee}:` })).toHaveText(
    `${D.entryFee}: ${D.free}`,
  );
});

test('a runner pays through the checkout page and comes back registered, with a bib and a receipt', async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  const race = await createPaidRace(page, baseURL!);
  await openForm(page, race);
  await expect(amountToPay(page, '€45.00')).toBeVisible();
  await expect(page.getByRole('radio', { name: M.fee.methods.online })).toBeChecked();
  await submitToCheckout(page, errorGuard);
  await expect(page.getByText('Pay €45.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(
    new RegExp(`/marathon-details/${race._id}/payment\\?registration=[^&]+&result=success$`),
  );
  await expect(page.getByText(R.received, { exact: true })).toBeVisible();
  await expect(page.getByText(R.bib(1), { exact: true })).toBeVisible();
  await expect(page.getByText(`${P.paid('€45.00')} · ${P.receipt('000001')}`)).toBeVisible();

  const row = await applyListRow(page, race);
  await expect(row.getByRole('cell', { name: 'Registered · bib 1', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Paid €45.00 · Receipt 000001', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: new RegExp(`^${S.payNow}`) })).toHaveCount(0);

  await page.goto(`/marathon-details/${race._id}`);
  await expect(page.getByText(D.registered, { exact: true })).toBeVisible();
});

test('a discount code lowers the amount; a code the race does not have is refused beside the field', async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
  alertLog,
}) => {
  const race = await createPaidRace(page, baseURL!);
  const created = await page.request.post(`/api/marathons/${race._id}/discount-codes`, {
    data: { code: 'SPRING20', percentOff: 20 },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  await openForm(page, race);
  const code = field(page, M.fee.discountCode);

  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/quote`, 400);
  await code.fill('NOPE');
  await page.getByRole('button', { name: M.fee.apply }).click();
  await expect(code).toHaveAccessibleDescription('This code is not valid for this race');
  await expect(amountToPay(page, '€45.00')).toBeVisible();

  // Matched without regard to case; Enter in the field applies it.
  await code.fill('spring20');
  await code.press('Enter');
  await expect(amountToPay(page, '€36.00')).toBeVisible();
  await expect(page.getByText(M.fee.discounted('€45.00', 'SPRING20'), { exact: true })).toBeVisible();
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('radio', { name: M.fee.methods.on_site }).check();
  await page.getByRole('button', { name: M.submit }).click();
  await expectAlertShown(alertLog, {
    title: M.successTitle,
    text: `${M.successText(race.title)} ${M.payOnSite('€36.00')}`,
  });
  await expect(page).toHaveURL(/\/dashboard\/my-applies$/);
  const row = await applyListRow(page, race);
  await expect(row.getByRole('cell', { name: P.dueOnSite('€36.00'), exact: true })).toBeVisible();
});

test('cancelled on the checkout page, the place stays held: Pay now from My Apply List goes back to pay', async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  const race = await createPaidRace(page, baseURL!);
  await openForm(page, race);
  await submitToCheckout(page, errorGuard);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(new RegExp(`/marathon-details/${race._id}/payment\\?.*result=cancelled$`));
  await expect(page.getByText(heldUntil)).toBeVisible();
  await expect(page.getByRole('button', { name: S.payNow, exact: true })).toBeVisible();

  // The race page says so too, and leads back here.
  await page.goto(`/marathon-details/${race._id}`);
  await expect(page.getByText(heldUntil)).toBeVisible();
  await expect(page.getByRole('link', { name: D.completePayment })).toHaveAttribute(
    'href',
    `/marathon-details/${race._id}/payment`,
  );

  const row = await applyListRow(page, race);
  await expect(row.getByRole('cell', { name: A.status.pending_payment, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: new RegExp(`^${P.awaitingUntil('')}`) })).toBeVisible();
  await row.getByRole('button', { name: `${S.payNow} ${race.title}` }).click();
  await expect(page).toHaveTitle(CHECKOUT_TITLE);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(R.received, { exact: true })).toBeVisible();
});

test('a hold left unpaid is released: the return page says so once the server has let the place go', async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  // The e2e server holds a place for one minute (PAYMENT_HOLD_MINUTES=1) and releases it within 30 s after.
  test.setTimeout(150_000);
  const race = await createPaidRace(page, baseURL!, { capacity: 5 });
  await openForm(page, race);
  await submitToCheckout(page, errorGuard);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText(heldUntil)).toBeVisible();

  // The page asks the server again when the hold ends, and every few seconds until it is released.
  await expect(page.getByText(S.released, { exact: true })).toBeVisible({ timeout: 100_000 });
  await expect(page.getByRole('button', { name: S.payNow, exact: true })).toHaveCount(0);

  const row = await applyListRow(page, race);
  await expect(row.getByRole('cell', { name: A.status.expired, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: P.notPaid, exact: true })).toBeVisible();
  await page.goto(`/marathon-details/${race._id}`);
  await expect(page.getByText('5 places left', { exact: true })).toBeVisible();
  await expect(page.getByText(S.released, { exact: true })).toBeVisible();
});

for (const theme of THEMES) {
  test(`the paid form, the return page and a held place in My Apply List pass axe (${theme})`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    const race = await createPaidRace(page, baseURL!);
    await page.request.post(`/api/marathons/${race._id}/discount-codes`, {
      data: { code: 'AXE10', amountOff: 1000 },
      headers: { Origin: baseURL! },
    });
    await openForm(page, race);
    await field(page, M.fee.discountCode).fill('AXE10');
    await page.getByRole('button', { name: M.fee.apply }).click();
    await expect(amountToPay(page, '€35.00')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const held = await registerViaApi(page.request, baseURL!, race._id, { paymentMethod: 'online' });
    expect(held.status).toBe('pending_payment');
    await page.goto(`/marathon-details/${race._id}/payment?registration=${held._id}&result=cancelled`);
    await expect(page.getByText(heldUntil)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const row = await applyListRow(page, race);
    await expect(row.getByRole('button', { name: `${S.payNow} ${race.title}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
