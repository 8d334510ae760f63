import type { Locator, Page } from '@playwright/test';
import { DELETE_MESSAGES } from '../apps/web/src/lib/record-messages';
import { expect } from './fixtures';

/** A SweetAlert2 alert or confirm dialog (role=dialog), named by its title. */
export function alertDialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Reads an alert's title and text, then closes it with its OK button. */
export async function expectAlertAndClose(page: Page, title: string, text: string) {
  const alert = alertDialog(page, title);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(text);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

/** The visible table row (md and up) that contains `text`. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** A confirm dialog with this title and text, answered with the button named `answer`. */
export async function answerConfirm(page: Page, expected: { title: string; text: string }, answer: string) {
  const confirm = alertDialog(page, expected.title);
  await expect(confirm).toContainText(expected.text);
  await confirm.getByRole('button', { name: answer }).click();
  await expect(confirm).toBeHidden();
}

/**
 * docs/SPEC.md §8: the confirm dialog before a delete, answered with `answer`; with `detail`, the line below the
 * SPEC's words that says what will happen.
 */
export async function answerDeleteConfirm(page: Page, answer: 'Yes, delete it!' | 'Cancel', detail?: string) {
  if (detail) await expect(alertDialog(page, 'Are you sure?')).toContainText(detail);
  await answerConfirm(page, { title: 'Are you sure?', text: "You won't be able to revert this!" }, answer);
}

/** Clicks a row's Delete, confirms, and checks the 'Deleted!' alert with the server's message. */
export async function deleteRowWithConfirm(page: Page, row: Locator, serverMessage: string) {
  await row.getByRole('button', { name: 'Delete' }).click();
  await answerDeleteConfirm(page, 'Yes, delete it!');
  await expectAlertAndClose(page, DELETE_MESSAGES.doneTitle, serverMessage);
}

/** True when the page is wider than the window, i.e. it scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Tab order inside a modal wraps: Tab on the last control goes to the first, Shift+Tab back to the last. */
export async function expectFocusWrapsWithin(page: Page, first: Locator, last: Locator) {
  await last.focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
}

/** Types a date into a picker's input as a user would, and closes its calendar with Enter. */
export async function typeDate(scope: Page | Locator, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}
