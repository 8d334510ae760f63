import type { Page } from '@playwright/test';
import { REGISTRATION_FIELD_LABELS as RL } from '@stride/shared';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { useTheme } from './accessibility';
import { createMarathonViaApi } from './api-helpers';
import { expect, test, THEMES } from './marathon-pages';

type Rgb = [number, number, number];

/** WCAG's contrast ratio of two colours. */
function contrast(first: Rgb, second: Rgb): number {
  const luminance = ([r, g, b]: Rgb) => {
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/**
 * The focused element's outline and the page's background, as the browser paints them (any CSS colour, oklch
 * included, read back as RGB from a canvas).
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (color: string): [number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    /** What the ring is drawn on: the nearest ancestor's background that is not transparent. */
    let around: HTMLElement | null = element.parentElement;
    while (around && around !== document.documentElement) {
      const color = getComputedStyle(around).backgroundColor;
      if (color !== 'transparent' && !/rgba\(.*, 0\)$/.test(color)) break;
      around = around.parentElement;
    }
    return {
      name: `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: rgb(style.outlineColor),
      background: rgb(getComputedStyle(around ?? document.documentElement).backgroundColor),
    };
  });

for (const theme of THEMES) {
  test(`every control shows where the focus is, at 3:1 against the page (${theme} theme)`, async ({
    page,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    await page.goto('/marathons');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page);
      expect(ring.style, ring.name).not.toBe('none');
      expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.color, ring.background), ring.name).toBeGreaterThanOrEqual(3);
    }
  });
}

test('after following a link, the focus is on the new page’s heading', async ({ page, runner: _runner }) => {
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Marathons', exact: true }).first().click();

  await expect(page).toHaveURL('/marathons');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the registration form starts at First Name', async ({ page, baseURL, runner: _runner }) => {
  const race = await createMarathonViaApi(page.request, baseURL!);
  await page.goto(`/marathon-details/${race._id}`);

  await page.getByRole('link', { name: D.registerNow }).click();

  await expect(page.getByLabel(RL.firstName, { exact: true })).toBeFocused();
});
