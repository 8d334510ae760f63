import type { APIRequestContext, Page } from '@playwright/test';
import { counterparts } from '../playwright.config';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import { expect, expectLoggedIn, mainNav, test, expectAlertShown, expectToastShown } from './fixtures';

const mailCatcher = `http://127.0.0.1:${counterparts.mailHttpPort}`;
const RESET_LINK = /https?:\/\/\S+\/api\/auth\/reset-password\/[^\s"<]+/;

/** Waits for the reset mail to reach the local mail server and returns its link. */
async function mailedResetLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${mailCatcher}/messages?to=${email}`)).json()) as Array<{
        subject: string;
        text: string;
      }>;
      link = RESET_LINK.exec(mails[0]?.text ?? '')?.[0];
      return mails[0]?.subject;
    })
    .toBe('Reset your Stride password');
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

    const link = await mailedResetLink(request, user.email);

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
