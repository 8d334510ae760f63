import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createRegistrationSchema,
  formatDateTimeInZone,
  REGISTRATION_FIELD_LABELS as L,
} from '@stride/shared';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { REGISTRATION_FORM_MESSAGES as M } from '../apps/web/src/features/registrations/registration-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, recordPosts, registerViaApi } from './api-helpers';
import { acceptNextDialog, expectAlertShown } from './fixtures';
import { expect, scrollsSideways, test, THEMES } from './marathon-pages';

// docs/SPEC.md §2 (Registration form), §4 (registering), §5 (validation), §8 ('Something went wrong!').

const ALREADY_REGISTERED = 'You have already registered for this marathon.';

/** The schema's message for a contact that is not a phone number, as the form shows it. */
const BAD_CONTACT = (() => {
  const result = createRegistrationSchema.safeParse({
    marathonId: 'x',
    firstName: 'A',
    lastName: 'B',
    contact: 'abc',
  });
  return result.error!.issues[0]!.message;
})();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submitButton = (page: Page) => page.getByRole('button', { name: M.submit });
/** The form's own message (SweetAlert2's pop-ups sit outside <main>). */
const formMessage = (page: Page) => page.getByRole('main').getByRole('alert');

async function fillRunner(
  page: Page,
  values: { firstName: string; lastName: string; contact: string; info?: string },
) {
  await field(page, L.firstName).fill(values.firstName);
  await field(page, L.lastName).fill(values.lastName);
  await field(page, L.contact).fill(values.contact);
  await field(page, L.info).fill(values.info ?? '');
}

const EVE = { firstName: 'Eve', lastName: 'Runner', contact: '+1 555-0100', info: 'Vegetarian meal, please' };

test("the form shows the runner's email and the race, read-only", async ({ page, baseURL, runner }) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  await page.goto(`/registration/${race._id}`);

  await expect(page.getByRole('heading', { level: 1, name: `Register for ${race.title}` })).toBeVisible();
  await expect(page).toHaveTitle(`Register for ${race.title}`);
  for (const [label, value] of [
    [M.email, runner.email],
    [M.marathonTitle, race.title],
    [M.startDate, formatDateTime(race.startDate, race.timeZone)],
  ] as const) {
    await expect(field(page, label)).toHaveValue(value);
    await expect(field(page, label)).not.toBeEditable();
  }
  for (const label of [L.firstName, L.lastName, L.contact, L.info]) {
    await expect(field(page, label)).toBeEditable();
    await expect(field(page, label)).toHaveValue('');
  }
  await expect(field(page, L.contact)).toHaveAttribute('type', 'tel');
});

test('missing names and contact, and a contact that is not a phone number, are explained under each field', async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  const posts = recordPosts(page, '/api/registrations');
  await page.goto(`/registration/${race._id}`);

  await submitButton(page).click();
  await expect(field(page, L.firstName)).toHaveAccessibleDescription(`${L.firstName} is required`);
  await expect(field(page, L.lastName)).toHaveAccessibleDescription(`${L.lastName} is required`);
  await expect(field(page, L.contact)).toHaveAccessibleDescription(`${L.contact} is required`);
  await expect(field(page, L.info)).toHaveAccessibleDescription('');
  await expect(field(page, L.firstName)).toBeFocused();

  await fillRunner(page, { ...EVE, contact: 'call me' });
  await submitButton(page).click();
  await expect(field(page, L.contact)).toHaveAccessibleDescription(BAD_CONTACT);
  await expect(field(page, L.contact)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, L.contact)).toBeFocused();
  await expect(field(page, L.firstName)).toHaveAccessibleDescription('');
  await expect(page).toHaveURL(`/registration/${race._id}`);
  expect(posts).toEqual([]);
});

test('registering shows a success alert, goes to my registrations and raises the count', async ({
  page,
  alertLog,
  baseURL,
  runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  await page.goto(`/marathon-details/${race._id}`);
  await expect(page.getByText(`${D.totalRegistrations}: 0`)).toBeVisible();
  await page.getByRole('link', { name: D.registerNow }).click();

  await fillRunner(page, EVE);
  await field(page, L.contact).press('Enter');
  await expectAlertShown(alertLog, { title: M.successTitle, text: M.successText(race.title) });
  await expect(page).toHaveURL('/dashboard/my-applies');
  await expect(page.getByRole('dialog', { name: M.successTitle })).toBeHidden();

  await page.goto(`/marathon-details/${race._id}`);
  await expect(page.getByText(`${D.totalRegistrations}: 1`)).toBeVisible();
  await expect(page.getByText(D.registered, { exact: true })).toBeVisible();

  const [registration] = await (
    await page.request.get(`/api/registrations/by-email/${encodeURIComponent(runner.email)}`)
  ).json();
  expect(registration).toMatchObject({ marathonId: race._id, ...EVE });
});

test("a second registration for the same race is refused in the server's words", async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/registrations', 409);
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  await registerViaApi(page.request, baseURL!, race._id);
  await page.goto(`/registration/${race._id}`);

  await fillRunner(page, EVE);
  await submitButton(page).click();
  const alert = page.getByRole('dialog', { name: M.refusedTitle });
  await expect(alert).toContainText(ALREADY_REGISTERED);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(formMessage(page)).toHaveText(ALREADY_REGISTERED);
  await expect(page).toHaveURL(`/registration/${race._id}`);
});

test("a closed race's form shows the server's closed message on submit", async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/registrations', 409);
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'closed' });
  await page.goto(`/registration/${race._id}`);

  await fillRunner(page, EVE);
  await submitButton(page).click();
  const closed = `Registration for ${race.title} closed on ${formatDateTimeInZone(race.endRegDate, race.timeZone)}.`;
  const alert = page.getByRole('dialog', { name: M.refusedTitle });
  await expect(alert).toContainText(closed);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(formMessage(page)).toContainText(closed);
});

test("the server's field errors show under the fields; any other failure alerts 'Something went wrong!'", async ({
  page,
  baseURL,
  runner: _runner,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/registrations', 400);
  errorGuard.allowFailedResponse('/api/registrations', 500);
  const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
  const answers = [
    {
      status: 400,
      body: {
        success: false,
        message: 'Invalid body',
        errors: [{ field: 'lastName', message: 'Last Name is not allowed here' }],
      },
    },
    { status: 500, body: { success: false, message: 'Internal Server Error' } },
  ];
  await page.route('/api/registrations', (route) => {
    const { status, body } = answers.shift()!;
    return route.fulfill({ status, json: body });
  });
  await page.goto(`/registration/${race._id}`);
  await fillRunner(page, EVE);

  await submitButton(page).click();
  await expect(field(page, L.lastName)).toHaveAccessibleDescription('Last Name is not allowed here');
  await expect(field(page, L.lastName)).toBeFocused();

  const dialog = acceptNextDialog(page);
  await submitButton(page).click();
  expect(await dialog).toEqual({ type: 'alert', message: M.unexpected });
  await expect(formMessage(page)).toHaveText(`${M.unexpected} Internal Server Error`);
  await expect(field(page, L.lastName)).toHaveAccessibleDescription('');
  await expect(page).toHaveURL(`/registration/${race._id}`);
});

test("an unknown race shows 'Marathon not found'", async ({ page, runner: _runner, errorGuard }) => {
  const id = randomUUID();
  errorGuard.allowFailedResponse(`/api/marathons/${id}`, 404);
  await page.goto(`/registration/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: M.notFound, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(M.notFound);
  await expect(submitButton(page)).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`the form has no serious accessibility problems, also with errors shown (${theme} theme)`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    const race = await createMarathonViaApi(page.request, baseURL!, { window: 'open' });
    await page.goto(`/registration/${race._id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(submitButton(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await submitButton(page).click();
    await expect(field(page, L.contact)).toHaveAccessibleDescription(`${L.contact} is required`);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the form fits without scrolling sideways, with errors shown', async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!, {
      window: 'open',
      title: 'The Extraordinarily Long-Named Transcontinental Marathon Of Everywhere',
    });
    await page.goto(`/registration/${race._id}`);
    await submitButton(page).click();
    await expect(field(page, L.contact)).toHaveAccessibleDescription(`${L.contact} is required`);
    await fillRunner(page, { ...EVE, contact: '12' });
    await submitButton(page).click();
    await expect(field(page, L.contact)).toHaveAccessibleDescription(BAD_CONTACT);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
