import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { expect, test } from './fixtures';

// The screens not covered by their own specs' axe checks: the account pages and the not-found page.
const PUBLIC_PAGES = [
  { path: '/login', heading: 'Log in to Stride' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password?token=abc', heading: 'Choose a new password' },
  { path: '/no-such-page', heading: "Sorry, we couldn't find this page." },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    for (const { path, heading } of PUBLIC_PAGES) {
      test(`${path} has no serious accessibility violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('the dashboard welcome and account settings have no serious accessibility violation', async ({
      page,
      uniqueUser,
      signUpViaApi,
    }) => {
      const user = uniqueUser();
      await signUpViaApi(page.request, user);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto('/dashboard/settings');
      await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
