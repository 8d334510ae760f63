import type { Page } from '@playwright/test';
import { REGISTRATION_FIELD_LABELS as L } from '@stride/shared';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { REGISTRATION_FORM_MESSAGES as R } from '../apps/web/src/features/registrations/registration-messages';
import { DELETE_MESSAGES } from '../apps/web/src/lib/record-messages';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { answerDeleteConfirm, rowWith } from './dashboard-helpers';
import { expectAlertShown, expectToastShown } from './fixtures';
import { expect, test } from './marathon-pages';

// Every alert, toast and confirm shows words that come from a URL or from the server as text. Had one rendered
// them as HTML, the popup's text (as the alert log records it, from textContent) would lack the tags, and the
// page would hold a real link. The image points at this site, so a rendered one would not leave the machine.

const LINK = '<a href="https://evil.example/">Session expired, sign in here</a>';
const IMAGE = '<img src="/favicon.svg" alt="injected">';
const MARKUP = `${LINK}${IMAGE}`;

/** Opens the race's registration form, fills it in and sends it. */
async function submitRegistration(page: Page, raceId: string) {
  await page.goto(`/registration/${raceId}`);
  await page.getByLabel(L.firstName, { exact: true }).fill('Eve');
  await page.getByLabel(L.lastName, { exact: true }).fill('Runner');
  await page.getByLabel(L.contact, { exact: true }).fill('+1 555-0100');
  await page.getByRole('button', { name: R.submit }).click();
}

/** Makes the server's answer to `method pathname` this one, as a server could send it. */
async function answerWith(page: Page, method: string, pathname: string, status: number, json: object) {
  await page.route(`**${pathname}`, (route) =>
    route.request().method() === method ? route.fulfill({ status, json }) : route.fallback(),
  );
}

/** No popup's title or text holds a rendered link or image right now. */
async function expectNoRenderedMarkup(page: Page) {
  const words = page.locator('.swal2-title, .swal2-html-container');
  await expect(words.locator('a, img')).toHaveCount(0);
}

test('a Google error in the URL is never repeated as markup in the login toast', async ({
  page,
  alertLog,
}) => {
  await page.goto(`/login?error=${encodeURIComponent(LINK)}`);

  await expectToastShown(alertLog, 'Google sign-in failed. Please try again.', 'warning');
  await expect(page.getByRole('main')).toContainText('Google sign-in failed. Please try again.');
  await expectNoRenderedMarkup(page);
  expect(alertLog.some((alert) => alert.title.includes('Session expired'))).toBe(false);
});

test("the server's message for a refused sign-in is shown as text in the toast", async ({
  page,
  alertLog,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/auth/sign-in/email', 400);
  await answerWith(page, 'POST', '/api/auth/sign-in/email', 400, { code: 'SOMETHING_NEW', message: MARKUP });
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('someone@stride.test');
  await page.getByLabel('Password', { exact: true }).fill('Whatever1');
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();

  await expectToastShown(alertLog, MARKUP, 'warning');
  await expectNoRenderedMarkup(page);
});

test("a race's title in the registration alert is shown as text", async ({
  page,
  baseURL,
  runner: _runner,
  alertLog,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { title: `${IMAGE} Harbour Run` });
  await submitRegistration(page, race._id);

  await expectAlertShown(alertLog, { title: R.successTitle, text: R.successText(race.title) });
  await expectNoRenderedMarkup(page);
});

test("the server's reason for a refused registration is shown as text", async ({
  page,
  baseURL,
  runner: _runner,
  alertLog,
  errorGuard,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!);
  errorGuard.allowFailedResponse('/api/registrations', 409);
  await answerWith(page, 'POST', '/api/registrations', 409, { success: false, message: MARKUP });
  await submitRegistration(page, race._id);

  await expectAlertShown(alertLog, { title: R.refusedTitle, text: MARKUP });
  await expectNoRenderedMarkup(page);
});

test("the server's reason for a refused update is shown as text", async ({
  page,
  baseURL,
  runner: _runner,
  alertLog,
  errorGuard,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!);
  const registration = await registerViaApi(page.request, baseURL!, race._id);
  const url = `/api/registrations/${registration._id}`;
  errorGuard.allowFailedResponse(url, 409);
  await answerWith(page, 'PATCH', url, 409, { success: false, message: MARKUP });
  await page.goto('/dashboard/my-applies');
  await rowWith(page, race.title).getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: A.updateHeading });
  await dialog.getByLabel(L.firstName, { exact: true }).fill('Evelyn');
  await dialog.getByRole('button', { name: A.updateSubmit }).click();

  await expectAlertShown(alertLog, { title: A.update.refused.title, text: MARKUP });
  await expectNoRenderedMarkup(page);
});

test("the server's message after a delete is shown as text", async ({
  page,
  baseURL,
  runner: _runner,
  alertLog,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!);
  await answerWith(page, 'DELETE', `/api/marathons/${race._id}`, 200, {
    success: true,
    message: MARKUP,
    deletedCount: 1,
  });
  await page.goto('/dashboard/my-marathons');
  await rowWith(page, race.title).getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Yes, delete it!');

  await expectAlertShown(alertLog, { title: DELETE_MESSAGES.doneTitle, text: MARKUP });
  await expectNoRenderedMarkup(page);
});
