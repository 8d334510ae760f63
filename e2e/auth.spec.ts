import { PASSWORD_HINT, PASSWORD_MESSAGES } from '@stride/shared';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import {
  acceptNextDialog,
  expect,
  expectLoggedIn,
  expectLoggedOut,
  mainNav,
  test,
  expectToastShown,
} from './fixtures';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';

test('sign up, stay logged in across a reload, log out and log back in', async ({
  page,
  alertLog,
  uniqueUser,
  signUp,
  logIn,
}) => {
  const user = uniqueUser();

  await signUp(page, user);
  await expect(page).toHaveURL('/');
  await expectToastShown(alertLog, 'Welcome to Stride');
  await expectLoggedIn(page, user);

  // The avatar names its owner in a tooltip: daisyUI draws the wrapper's `data-tip` in its ::before on hover or focus.
  const nav = mainNav(page);
  const tooltip = nav.locator('.tooltip', { has: page.getByRole('img', { name: user.name }) });
  await expect(tooltip).toHaveAttribute('data-tip', user.name);
  const tip = () =>
    tooltip.evaluate((element) => {
      const style = getComputedStyle(element, '::before');
      return { text: style.content, shown: style.opacity === '1' };
    });
  await expect.poll(tip).toEqual({ text: `"${user.name}"`, shown: false });
  await nav.getByRole('img', { name: user.name }).hover();
  await expect.poll(tip).toEqual({ text: `"${user.name}"`, shown: true });
  await page.mouse.move(0, 600);
  await expect.poll(tip).toMatchObject({ shown: false });
  // Keyboard users reach it with Tab (daisyUI shows the tip on :focus-visible, which a mouse-less Tab gives).
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: `${user.name}: account settings` })).toBeFocused();
  await expect.poll(tip).toMatchObject({ shown: true });

  await page.reload();
  await expectLoggedIn(page, user);

  await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
  await expectToastShown(alertLog, AUTH_MESSAGES.logoutSuccess);
  await expectLoggedOut(page);

  await page.reload();
  await expectLoggedOut(page);

  await mainNav(page).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Stride' })).toBeVisible();
  await logIn(page, user);
  await expect(page).toHaveURL('/');
  await expectToastShown(alertLog, AUTH_MESSAGES.loginSuccess);
  await expectLoggedIn(page, user);
});

test('a wrong password is refused in red under the form and in a warning toast', async ({
  page,
  alertLog,
  request,
  uniqueUser,
  signUpViaApi,
  submitLoginForm,
  logIn,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/auth/sign-in/email', 401);
  const user = uniqueUser();
  await signUpViaApi(request, user);

  await submitLoginForm(page, { ...user, password: 'Wrong1pass' });

  const inlineError = page.getByRole('main').getByRole('alert');
  await expect(inlineError).toHaveText(INVALID_CREDENTIALS);
  await expect(inlineError).toHaveClass(/\btext-error\b/);
  await expectToastShown(alertLog, INVALID_CREDENTIALS, 'warning');
  await expect(page).toHaveURL('/login');
  await expectLoggedOut(page);

  // The right password still works on the same form.
  await logIn(page, user);
  await expect(page).toHaveURL('/');
  await expectLoggedIn(page, user);
});

test.describe('sign-up password rules (docs/SPEC.md §5, checked in this order)', () => {
  const cases = [
    { password: 'abc', message: PASSWORD_MESSAGES.tooShort },
    { password: 'ABCDEF', message: PASSWORD_MESSAGES.noLowercase },
    { password: 'abcdef', message: PASSWORD_MESSAGES.noUppercase },
  ];
  for (const { password, message } of cases) {
    test(`'${password}' is refused: ${message}`, async ({ page, uniqueUser, submitSignUpForm }) => {
      const signUpCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/auth/sign-up')) signUpCalls.push(request.url());
      });

      await submitSignUpForm(page, { ...uniqueUser(), password });

      const passwordInput = page.getByLabel('Password', { exact: true });
      // The SPEC's message first, then the rules, which were there before the first try.
      await expect(passwordInput).toHaveAccessibleDescription(`${message} ${PASSWORD_HINT}`);
      await expect(passwordInput).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL('/signup');
      expect(signUpCalls, 'the form checks the password before calling the server').toEqual([]);
    });
  }
});

test('the sign-up form shows the password rules before the first try', async ({ page }) => {
  await page.goto('/signup');

  const passwordInput = page.getByLabel('Password', { exact: true });
  await expect(page.getByText(PASSWORD_HINT, { exact: true })).toBeVisible();
  await expect(passwordInput).toHaveAccessibleDescription(PASSWORD_HINT);
});

test('signing up with an e-mail already in use says so and changes nothing', async ({
  page,
  request,
  uniqueUser,
  signUpViaApi,
  logInViaApi,
  submitSignUpForm,
  errorGuard,
}) => {
  const owner = uniqueUser();
  await signUpViaApi(request, owner);
  const newcomer = { ...uniqueUser(), email: owner.email };
  errorGuard.allowFailedResponse('/api/auth/sign-up/email', 422);

  const alert = acceptNextDialog(page);
  await submitSignUpForm(page, newcomer);
  expect(await alert).toEqual({ type: 'alert', message: EMAIL_TAKEN });

  await expect(page.getByRole('main').getByRole('alert')).toHaveText(EMAIL_TAKEN);
  await expect(page).toHaveURL('/signup');
  await page.reload();
  await expectLoggedOut(page);

  // The account still belongs to its owner: same name, same password.
  await logInViaApi(request, owner);
  const session = await (await request.get('/api/auth/get-session')).json();
  expect(session.user).toMatchObject({ email: owner.email, name: owner.name });
});

test('the login and sign-up pages carry their titles', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Stride' })).toBeVisible();
  await expect(page).toHaveTitle('LogIn');

  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page).toHaveTitle('SignUp');
});

for (const path of ['/signup', '/login']) {
  test(`the password on ${path} can be shown and hidden again`, async ({ page }) => {
    await page.goto(path);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret1pass');
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Secret1pass');

    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeVisible();
  });

  test(`'Login with Google' on ${path} explains it is not set up on a server without Google`, async ({
    page,
  }) => {
    // The test server has a (local) Google configured; this is what a server without one answers.
    await page.route('/api/auth-options', (route) => route.fulfill({ json: { google: false } }));
    await page.goto(path);
    await expect(page.getByText(AUTH_MESSAGES.googleUnavailable)).toBeVisible();
    await page.getByRole('button', { name: 'Login with Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login with Google' });
    await expect(dialog).toContainText(AUTH_MESSAGES.googleUnavailable);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(path);
  });
}

test("'Forgot password?' carries the typed e-mail to the reset page, which sends a link", async ({
  page,
  uniqueUser,
}) => {
  const { email } = uniqueUser();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  // The same answer whether or not the account exists.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(AUTH_MESSAGES.resetLinkSent);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status')).toHaveText(AUTH_MESSAGES.resetLinkSent);
});
