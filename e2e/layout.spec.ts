import type { Page } from '@playwright/test';
import { expect, mainNav, test } from './fixtures';

const MAIN_LINKS = ['Home', 'Marathons', 'Upcoming Marathons', 'All News'];

/** True when the page is wider than the window, i.e. it scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('on a desktop the navbar shows the main links', async ({ page }) => {
  await page.goto('/');
  const nav = mainNav(page);
  for (const name of MAIN_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Open menu' })).toBeHidden();

  await nav.getByRole('link', { name: 'All News', exact: true }).click();
  await expect(page).toHaveURL('/blogs');
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the main links sit in a menu, and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    for (const name of MAIN_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);

    const menuButton = nav.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of MAIN_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();

    await nav.getByRole('link', { name: 'Upcoming Marathons', exact: true }).click();
    await expect(page).toHaveURL('/upcoming-marathons');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
  });

  test('logged in with a long name, the navbar still fits', async ({ page, uniqueUser, signUpViaApi }) => {
    // A long name makes a wide avatar tooltip; even hidden, it must not widen the page.
    const runner = uniqueUser();
    const user = { ...runner, name: `${runner.name} Wolfeschlegelsteinhausen` };
    await signUpViaApi(page.request, user);
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByRole('img', { name: user.name })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });
});

test('the footer has quick links, company links and a copyright line', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');

  const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' });
  await expect(quickLinks.getByRole('heading', { name: 'Quick Links' })).toBeVisible();
  await expect(quickLinks.getByRole('link')).toHaveText(['Marathons', 'Login', 'Register']);

  const company = footer.getByRole('navigation', { name: 'Company' });
  await expect(company.getByRole('heading', { name: 'Company' })).toBeVisible();
  await expect(company.getByRole('link')).toHaveText(['All News']);

  await expect(footer.getByText(`© ${new Date().getFullYear()} Stride. All rights reserved.`)).toBeVisible();

  await quickLinks.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/signup');
});
