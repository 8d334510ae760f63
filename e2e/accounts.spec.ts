import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, type AccountExport, type Marathon, type Registration } from '@stride/shared';
import { counterparts } from '../playwright.config';
import { ACCOUNT_TEXTS } from '../apps/web/src/features/account/messages';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import { UPCOMING_RACES_MESSAGES } from '../apps/web/src/features/marathons/dashboard-messages';
import { NEXT_RACE_MESSAGES } from '../apps/web/src/features/registrations/registration-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { answerDeleteConfirm } from './dashboard-helpers';
import {
  type TestUser,
  expect,
  expectLoggedIn,
  expectLoggedOut,
  mainNav,
  test,
  expectAlertShown,
  expectToastShown,
} from './fixtures';

const mailCatcher = `http://127.0.0.1:${counterparts.mailHttpPort}`;
const RESET_LINK = /https?:\/\/\S+\/api\/auth\/reset-password\/[^\s"<]+/;
const EMAIL_CHANGE_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/;

/** Waits for the first mail to `email` to reach the local mail server, checks its subject, returns its link. */
async function mailedLink(
  request: APIRequestContext,
  email: string,
  { subject, link: pattern }: { subject: string; link: RegExp },
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${mailCatcher}/messages?to=${email}`)).json()) as Array<{
        subject: string;
        text: string;
      }>;
      link = pattern.exec(mails[0]?.text ?? '')?.[0];
      return mails[0]?.subject;
    })
    .toBe(subject);
  expect(link).toBeDefined();
  return link!;
}

test.describe('password reset by e-mail (a real SMTP exchange with a local mail server)', () => {
  test('the mailed link sets a new password once; the old password stops working', async ({
    page,
    request,
    uniqueUser,
    signUpViaApi,
    submitLoginForm,
    logIn,
    errorGuard,
    alertLog,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(request, user);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('dialog')).toContainText(AUTH_MESSAGES.resetLinkSent);

    const link = await mailedLink(request, user.email, {
      subject: 'Reset your Stride password',
      link: RESET_LINK,
    });

    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New Password', { exact: true }).fill('abcdef');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password should contain at least one uppercase letter.')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('Brand2New');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectAlertShown(alertLog, { title: 'Password changed', text: AUTH_MESSAGES.passwordChanged });
    await expect(page).toHaveURL('/login');

    errorGuard.allowFailedResponse('/api/auth/sign-in/email', 401);
    await submitLoginForm(page, user);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
    await logIn(page, { ...user, password: 'Brand2New' });
    await expectLoggedIn(page, user);

    // The link works once.
    errorGuard.allowFailedResponse('/api/auth/reset-password', 400);
    await page.goto(link);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(AUTH_MESSAGES.resetLinkInvalid);
  });
});

test.describe('Google sign-in (a local OpenID Connect provider)', () => {
  async function signInWithGoogle(page: Page, login: string) {
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with Google (test)' })).toBeVisible();
    await page.getByLabel('Login').fill(login);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('the first sign-in creates the account from the provider, the second reuses it', async ({
    page,
    alertLog,
  }) => {
    const login = `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `Google ${login}`;

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await signInWithGoogle(page, login);
    await expectToastShown(alertLog, AUTH_MESSAGES.googleSuccess);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(mainNav(page).getByRole('img', { name })).toBeVisible();

    const first = await (await page.request.get('/api/auth/get-session')).json();
    await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();

    // Like Google, the provider remembers its own session: the second sign-in goes straight back.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await expectToastShown(alertLog, AUTH_MESSAGES.googleSuccess);
    await expect(mainNav(page).getByRole('img', { name })).toBeVisible();
    const second = await (await page.request.get('/api/auth/get-session')).json();
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe(`${login}@example.com`);
  });

  test('a cancelled sign-in says so on the login page and signs nobody in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert').first()).toHaveText(
      'Google sign-in was cancelled. Nothing was changed.',
    );
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
  });
});

test('account settings change the name and photo, and the navbar follows at once', async ({
  page,
  alertLog,
  uniqueUser,
  signUpViaApi,
}) => {
  const user = uniqueUser();
  await signUpViaApi(page.request, user);
  await page.goto('/');
  await mainNav(page)
    .getByRole('link', { name: `${user.name}: account settings` })
    .click();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page).toHaveTitle('Account Settings');

  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Photo URL', { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel('Name', { exact: true }).fill('Renamed Runner');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Photo URL must start with http:// or https://')).toBeVisible();

  await page.getByLabel('Photo URL', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectAlertShown(alertLog, { title: AUTH_MESSAGES.profileUpdated, icon: 'success' });
  await expect(mainNav(page).locator('.tooltip')).toHaveAttribute('data-tip', 'Renamed Runner');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Runner');
});

// Issue 30, Accounts: settings (password, e-mail, data, deletion) and the dashboard's home.

/** A second browser-less client signed in as a new account of its own: an organizer, or another runner. */
async function otherAccount(
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  user: TestUser,
  signUpViaApi: (request: APIRequestContext, user: TestUser) => Promise<void>,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL });
  await signUpViaApi(request, user);
  return request;
}

const sessionOf = async (request: APIRequestContext) =>
  (await (await request.get('/api/auth/get-session')).json()) as { user: { email: string } } | null;

const myEntries = async (request: APIRequestContext, email: string) =>
  (await (
    await request.get(`/api/registrations/by-email/${encodeURIComponent(email)}`)
  ).json()) as Registration[];

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('account settings', () => {
  test('changing the password ends the other sessions; the old password stops working', async ({
    page,
    playwright,
    baseURL,
    uniqueUser,
    signUpViaApi,
    logInViaApi,
    submitLoginForm,
    logIn,
    alertLog,
    errorGuard,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const otherDevice = await playwright.request.newContext({ baseURL: baseURL! });
    await logInViaApi(otherDevice, user);
    expect(await sessionOf(otherDevice)).not.toBeNull();

    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await field(page, 'Current password').fill(user.password);
    await field(page, 'New password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    errorGuard.allowFailedResponse('/api/auth/change-password', 400);
    await field(page, 'Current password').fill('Wrong1pass');
    await field(page, 'New password').fill('Brand2New');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText(AUTH_MESSAGES.wrongCurrentPassword);
    await field(page, 'Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectAlertShown(alertLog, {
      title: AUTH_MESSAGES.passwordUpdatedTitle,
      text: AUTH_MESSAGES.passwordUpdated,
    });

    // The other device is signed out; this one carries on.
    expect(await sessionOf(otherDevice)).toBeNull();
    await otherDevice.dispose();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
    await expectLoggedOut(page);
    errorGuard.allowFailedResponse('/api/auth/sign-in/email', 401);
    await submitLoginForm(page, user);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
    await logIn(page, { ...user, password: 'Brand2New' });
    await expectLoggedIn(page, user);
  });

  test('changing the e-mail address: a link goes to the new address, and following it makes the change', async ({
    page,
    request,
    uniqueUser,
    signUpViaApi,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const newEmail = `moved-${user.email}`;
    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Change e-mail' });
    await form.getByLabel('New e-mail address').fill(newEmail);
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(form.getByRole('status')).toHaveText(AUTH_MESSAGES.emailLinkSent(newEmail));

    const link = await mailedLink(request, newEmail, {
      subject: 'Confirm your new e-mail address for Stride',
      link: EMAIL_CHANGE_LINK,
    });
    await page.goto(link);
    await expect(page).toHaveURL('/dashboard/settings?email=changed');
    await expect(page.getByRole('status').first()).toHaveText(AUTH_MESSAGES.emailChanged(newEmail));
    expect((await sessionOf(page.request))?.user.email).toBe(newEmail);
  });

  test('Download my data gives a JSON file of the account, its registrations and its races', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const race = await createMarathonViaApi(page.request, baseURL!, { title: `Export Run ${Date.now()}` });
    await registerViaApi(page.request, baseURL!, race._id, { info: 'Gluten-free, please' });

    await page.goto('/dashboard/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: ACCOUNT_TEXTS.downloadLink }).click();
    const download = await downloading;

    expect(download.suggestedFilename()).toMatch(/^stride-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as AccountExport;
    expect(data.account).toMatchObject({ name: user.name, email: user.email });
    expect(data.registrations).toEqual([
      expect.objectContaining({ marathonTitle: race.title, info: 'Gluten-free, please' }),
    ]);
    expect(data.racesOrganized.map((organized) => organized.title)).toEqual([race.title]);
  });

  test('deleting the account withdraws its entry: the waitlisted runner gets the place', async ({
    page,
    playwright,
    baseURL,
    uniqueUser,
    signUpViaApi,
    submitLoginForm,
    alertLog,
    errorGuard,
  }) => {
    const organizer = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    const race = await createMarathonViaApi(organizer, baseURL!, {
      title: `Full Race ${Date.now()}`,
      capacity: 1,
    });
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await registerViaApi(page.request, baseURL!, race._id);
    const waitingUser = uniqueUser();
    const waiting = await otherAccount(playwright, baseURL!, waitingUser, signUpViaApi);
    expect((await registerViaApi(waiting, baseURL!, race._id, { waitlist: true })).status).toBe('waitlisted');

    await page.goto('/dashboard/settings');
    const zone = page.getByRole('form', { name: ACCOUNT_TEXTS.deleteHeading });
    await expect(zone).toContainText('1 entry withdrawn');
    await zone.getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
    await expect(zone.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeVisible();
    await zone.getByLabel(ACCOUNT_TEXTS.passwordLabel, { exact: true }).fill(user.password);
    await zone.getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
    await answerDeleteConfirm(page, 'Yes, delete it!', '1 entry withdrawn');

    await expectToastShown(alertLog, ACCOUNT_MESSAGES.deleted, 'success');
    await expect(page).toHaveURL('/');
    await expectLoggedOut(page);
    expect(await sessionOf(page.request)).toBeNull();

    const [promoted] = await myEntries(waiting, waitingUser.email);
    expect(promoted).toMatchObject({ marathonTitle: race.title, status: 'registered', bib: 2 });
    const after = (await (await organizer.get(`/api/marathons/${race._id}`)).json()) as Marathon;
    expect(after).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 0 });

    errorGuard.allowFailedResponse('/api/auth/sign-in/email', 401);
    await submitLoginForm(page, user);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
    await Promise.all([organizer.dispose(), waiting.dispose()]);
  });

  test('an organizer whose race has runners is refused, with the races named', async ({
    page,
    playwright,
    baseURL,
    uniqueUser,
    signUpViaApi,
    errorGuard,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const race = await createMarathonViaApi(page.request, baseURL!, { title: `Busy Course ${Date.now()}` });
    const runner = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    await registerViaApi(runner, baseURL!, race._id);

    await page.goto('/dashboard/settings');
    const zone = page.getByRole('form', { name: ACCOUNT_TEXTS.deleteHeading });
    await expect(zone.getByRole('listitem')).toHaveText([race.title]);
    await zone.getByLabel(ACCOUNT_TEXTS.passwordLabel, { exact: true }).fill(user.password);
    errorGuard.allowFailedResponse('/api/me', 409);
    await zone.getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
    await answerDeleteConfirm(page, 'Yes, delete it!');

    await expect(zone.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.racesFirst([race.title]));
    await expect(zone.getByRole('alert')).toHaveText(`Delete or hand over your races first: ${race.title}`);
    expect(await sessionOf(page.request)).not.toBeNull();
    await runner.dispose();
  });
});

test.describe("the dashboard's home", () => {
  test('shows the runner’s next race and the organizer’s races, or what to do first', async ({
    page,
    playwright,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible();
    const next = page.getByRole('region', { name: NEXT_RACE_MESSAGES.heading });
    const organized = page.getByRole('region', { name: UPCOMING_RACES_MESSAGES.heading });
    await expect(next).toContainText(NEXT_RACE_MESSAGES.none);
    await expect(next.getByRole('link', { name: NEXT_RACE_MESSAGES.findRace })).toHaveAttribute(
      'href',
      '/marathons',
    );
    await expect(organized.getByRole('link', { name: UPCOMING_RACES_MESSAGES.addMarathon })).toHaveAttribute(
      'href',
      '/dashboard/add-marathon',
    );

    const organizer = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    const theirs = await createMarathonViaApi(organizer, baseURL!, { title: `Next Up ${Date.now()}` });
    await registerViaApi(page.request, baseURL!, theirs._id);
    const mine = await createMarathonViaApi(page.request, baseURL!, {
      title: `My Own ${Date.now()}`,
      capacity: 50,
    });
    const runner = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    await registerViaApi(runner, baseURL!, mine._id);

    await page.reload();
    await expect(next).toContainText(theirs.title);
    await expect(next).toContainText('in 20 days');
    await expect(next).toContainText('Registered · bib 1');
    await expect(organized.getByRole('listitem')).toContainText([mine.title]);
    await expect(organized.getByRole('listitem')).toContainText(['1 / 50']);
    await organized.getByRole('link', { name: new RegExp(`^${mine.title}`) }).click();
    await expect(page).toHaveURL(`/dashboard/my-marathons/${mine._id}/participants`);
    await page.goBack();
    await next.getByRole('link', { name: new RegExp(`^${NEXT_RACE_MESSAGES.seeRace}`) }).click();
    await expect(page).toHaveURL(`/marathon-details/${theirs._id}`);
    await Promise.all([organizer.dispose(), runner.dispose()]);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard's home and the settings have no serious accessibility violation (${theme})`, async ({
    page,
    playwright,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }, testInfo) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const organizer = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    const theirs = await createMarathonViaApi(organizer, baseURL!, {
      title: 'Capital City Marathon',
      capacity: 1,
    });
    const runner = await otherAccount(playwright, baseURL!, uniqueUser(), signUpViaApi);
    await registerViaApi(runner, baseURL!, theirs._id);
    await registerViaApi(page.request, baseURL!, theirs._id, { waitlist: true });
    const mine = await createMarathonViaApi(page.request, baseURL!, {
      title: 'Harbour Night Run',
      capacity: 300,
    });
    await registerViaApi(runner, baseURL!, mine._id);
    await createMarathonViaApi(page.request, baseURL!, { title: 'Riverside 5k' });

    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('region', { name: NEXT_RACE_MESSAGES.heading })).toContainText(
      'Waitlisted · #1',
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-home-${theme}.png`), fullPage: true });

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('form', { name: ACCOUNT_TEXTS.deleteHeading })).toContainText(mine.title);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`settings-${theme}.png`), fullPage: true });
    await Promise.all([organizer.dispose(), runner.dispose()]);
  });
}
