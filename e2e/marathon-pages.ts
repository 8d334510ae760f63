import type { Page } from '@playwright/test';
import { test as base, type TestUser } from './fixtures';

/**
 * For the specs of the marathon details and registration screens: a `runner` fixture (a fresh account, signed
 * in in the page's context) and the page helpers both use.
 */
export const test = base.extend<{ runner: TestUser }>({
  locale: 'en-US',
  runner: async ({ page, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
});

export { expect } from './fixtures';

export const THEMES = ['light', 'dark'] as const;

/** A countdown ring, named by its value and unit: '12 Days', '1 Hour'. */
export function ring(page: Page, unit: 'Day' | 'Hour' | 'Minute' | 'Second') {
  return page.getByRole('timer', { name: new RegExp(`^\\d+ ${unit}s?$`) });
}

/** True when the page is wider than the window, i.e. it scrolls sideways. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
