import { expect, expectLoggedIn, test } from './fixtures';

// docs/SPEC.md §2, private-route guard: a logged-out visitor goes to /login with the requested location; after
// login or sign-up they are sent back there (or to / when there is none), replacing history.

test('a logged-out visit to /dashboard goes to /login, and logging in returns there', async ({
  page,
  request,
  uniqueUser,
  signUpViaApi,
  logIn,
}) => {
  const user = uniqueUser();
  await signUpViaApi(request, user);

  await page.goto('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Stride' })).toBeVisible();

  await logIn(page, user);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard Menu' })).toBeVisible();

  // /login was replaced in history: Back leaves for the page before, not the login form.
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expectLoggedIn(page, user);
});

test("signing up from the guard's login page also returns to the requested page", async ({
  page,
  uniqueUser,
  signUp,
}) => {
  const user = uniqueUser();

  await page.goto('/');
  await page.goto('/dashboard/my-applies');
  await expect(page).toHaveURL('/login');
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/signup');

  await signUp(page, user);
  await expect(page).toHaveURL('/dashboard/my-applies');
  await expect(page.getByRole('heading', { name: 'My Apply List' })).toBeVisible();
  await expectLoggedIn(page, user);

  await page.goBack();
  await expect(page).toHaveURL('/');
});

test('logging in without a requested page goes home', async ({
  page,
  request,
  uniqueUser,
  signUpViaApi,
  logIn,
}) => {
  const user = uniqueUser();
  await signUpViaApi(request, user);

  await logIn(page, user);
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Home');
  await expectLoggedIn(page, user);
});
