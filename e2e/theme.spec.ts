import type { Page } from '@playwright/test';
import { expect, mainNav, test } from './fixtures';

// docs/SPEC.md §1: the theme comes from a stored choice, falls back to the system preference, and can be toggled.

const html = (page: Page) => page.locator('html');

test('the toggle switches the theme, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');

  await mainNav(page).getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(mainNav(page).getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');

  await mainNav(page).getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(mainNav(page).getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test.describe('when the system prefers dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the first visit is dark, and a stored light choice wins over the system', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    await mainNav(page).getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });

  test('the theme is set before the page is first drawn, and never flips', async ({ page }) => {
    // Before any of the page's own scripts: watch <html data-theme> and note its value when <body> arrives,
    // which is before anything can be painted and before the app's module script runs.
    await page.addInitScript(() => {
      const probe = {
        atBody: undefined as string | null | undefined,
        earlierValues: [] as Array<string | null>,
      };
      Object.assign(window, { themeProbe: probe });
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes') probe.earlierValues.push(record.oldValue);
          else if (probe.atBody === undefined && document.body) {
            probe.atBody = document.documentElement.getAttribute('data-theme');
          }
        }
      }).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-theme'],
        attributeOldValue: true,
      });
    });

    await page.goto('/');
    await expect(mainNav(page).getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    const probe = await page.evaluate(() => (window as unknown as { themeProbe: unknown }).themeProbe);
    // Set once (from no attribute) to dark, before <body>; no other value ever.
    expect(probe).toEqual({ atBody: 'dark', earlierValues: [null] });
  });
});
