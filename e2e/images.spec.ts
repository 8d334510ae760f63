import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_MESSAGES, MARATHON_FIELD_LABELS as L, type Marathon } from '@stride/shared';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../apps/web/src/features/marathons/dashboard-messages';
import { IMAGE_UPLOAD_MESSAGES as U } from '../apps/web/src/lib/upload-image';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi } from './api-helpers';
import { typeDate } from './dashboard-helpers';
import { expect, expectAlertShown, test } from './fixtures';

// Issue 30, "Images": uploading a poster or a photo instead of pasting an address, both widths of an upload
// offered to the browser (srcset), and a designed placeholder where a poster or a photo fails to load.

test.use({ timezoneId: 'UTC' });

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const UPLOADED_URL = /^\/api\/images\/[0-9a-f]{64}\.webp$/;
/** An address on this server that answers 404: a poster or photo that fails to load, without leaving the machine. */
const MISSING_IMAGE_PATH = `/api/images/${'0'.repeat(64)}.webp`;
const THEMES = ['light', 'dark'] as const;

/** A poster as a designer would send it: 2400 × 1350, a diagonal gradient in the brand's blues, as PNG. */
async function posterPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1350">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#38bdf8"/></linearGradient></defs>
    <rect width="2400" height="1350" fill="url(#g)"/>
    <circle cx="1800" cy="400" r="220" fill="#fde68a"/>
    <path d="M0 1100 C 600 900, 1200 1250, 2400 1000 L 2400 1350 L 0 1350 Z" fill="#0f172a" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A PNG poster as the file input is given it. */
const pngFile = async (name: string) => ({ name, mimeType: 'image/png', buffer: await posterPng() });
/** Words in a file named and typed as a JPEG: only the server, reading its content, can tell. */
const WORDS_AS_JPEG = {
  name: 'poster.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('Not a picture, just words.'),
};

const uploadField = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const uploadStatus = (page: Page) => page.getByRole('status').filter({ hasText: /upload/i });

/** The srcset the browser was given for an uploaded image, and the width it chose and loaded. */
async function expectBothWidths(image: Locator) {
  const url = await image.getAttribute('src');
  expect(url).toMatch(UPLOADED_URL);
  await expect(image).toHaveAttribute('srcset', `${url!.replace('.webp', '-600.webp')} 600w, ${url} 1200w`);
  await expect(image).toHaveAttribute('sizes', /.+/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function fillRace(page: Page, title: string) {
  await page.getByLabel(L.title, { exact: true }).fill(title);
  await typeDate(page, L.startRegDate, `01/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `02/20/${NEXT_YEAR} 6:30 PM`);
  await typeDate(page, L.startDate, `03/15/${NEXT_YEAR} 7:30 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Porto');
  await page.getByLabel(L.description, { exact: true }).fill('Along the Douro at dawn.');
}

test('an organizer uploads a poster in the form; the race shows it at both widths', async ({
  page,
  alertLog,
  uniqueUser,
  signUpViaApi,
}, testInfo) => {
  await signUpViaApi(page.request, uniqueUser());
  const title = `Douro Dawn Run ${Date.now().toString(36)}`;
  await page.goto('/dashboard/add-marathon');
  await fillRace(page, title);

  await uploadField(page, M.uploadPoster).setInputFiles(await pngFile('douro-poster.png'));

  await expect(uploadStatus(page)).toHaveText(U.uploaded('douro-poster.png'));
  // The SPEC's address field stays, and now holds the upload's address.
  await expect(page.getByLabel(L.image, { exact: true })).toHaveValue(UPLOADED_URL);
  const preview = page.getByRole('img', { name: `Poster of ${title}` });
  await expectBothWidths(preview);
  // The page as the organizer sees it then, the upload in the middle of the screen.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await uploadField(page, M.uploadPoster).evaluate((input) => input.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath('image-upload.png') });

  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/add-marathon' && response.status() === 201,
  );
  await page.getByRole('button', { name: M.submit }).click();
  const race = (await (await created).json()) as Marathon;
  await expectAlertShown(alertLog, { title: M.addedTitle, text: M.addedText });
  expect(race.image).toMatch(UPLOADED_URL);

  await page.goto(`/marathon-details/${race._id}`);
  const poster = page.getByRole('img', { name: `Poster of ${title}` });
  await expect(poster).toHaveAttribute('src', race.image);
  await expectBothWidths(poster);
  // Served for good: a year, never revalidated.
  const served = await page.request.get(race.image);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await page.goto(`/races/${race._id}`);
  await expectBothWidths(page.getByRole('img', { name: `Poster of ${title}` }));
});

test('a file that is not an image is refused beside the field, with the server’s words', async ({
  page,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse('/api/images', 400);
  await signUpViaApi(page.request, uniqueUser());
  await page.goto('/dashboard/add-marathon');

  await uploadField(page, M.uploadPoster).setInputFiles(WORDS_AS_JPEG);

  await expect(uploadField(page, M.uploadPoster)).toHaveAccessibleDescription(
    new RegExp(`^${IMAGE_MESSAGES.notAnImage}`),
  );
  await expect(uploadField(page, M.uploadPoster)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(L.image, { exact: true })).toHaveValue('');
  // A GIF is refused before it is sent.
  await uploadField(page, M.uploadPoster).setInputFiles({
    name: 'poster.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  });
  await expect(page.getByText(IMAGE_MESSAGES.notAnImage, { exact: true })).toBeVisible();
});

test('a poster that fails to load shows the race’s initials on the brand colour, never a broken image', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}, testInfo) => {
  errorGuard.allowFailedResponse(MISSING_IMAGE_PATH, 404);
  await signUpViaApi(page.request, uniqueUser());
  const race = await createMarathonViaApi(page.request, baseURL!, {
    title: `Capital City Marathon ${Date.now().toString(36)}`,
    image: `${baseURL}${MISSING_IMAGE_PATH}`,
  });

  for (const path of [`/races/${race._id}`, `/marathon-details/${race._id}`]) {
    await page.goto(path);
    const placeholder = page.getByRole('img', { name: `Poster of ${race.title}` });
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toHaveText('CC');
    await expect(page.locator('img[alt^="Poster of"]')).toHaveCount(0);
  }
  await page.goto(`/races/${race._id}`);
  await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toHaveText('CC');
  await page.screenshot({ path: testInfo.outputPath('poster-placeholder.png') });
});

test('a photo that fails to load shows the person’s initial in the navbar', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse(MISSING_IMAGE_PATH, 404);
  const user = { ...uniqueUser(), photoURL: `${baseURL}${MISSING_IMAGE_PATH}` };
  await signUpViaApi(page.request, user);
  await page.goto('/');

  const avatar = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${user.name}: account settings` });
  await expect(avatar).toHaveText(user.name.charAt(0).toUpperCase());
  await expect(avatar.locator('img')).toHaveCount(0);
});

test('a runner uploads a photo in the settings; the navbar shows it', async ({
  page,
  alertLog,
  uniqueUser,
  signUpViaApi,
}) => {
  const user = uniqueUser();
  await signUpViaApi(page.request, user);
  await page.goto('/dashboard/settings');

  await uploadField(page, AUTH_MESSAGES.uploadPhoto).setInputFiles(await pngFile('me.png'));
  await expect(uploadStatus(page)).toHaveText(U.uploaded('me.png'));
  await expect(page.getByLabel('Photo URL', { exact: true })).toHaveValue(UPLOADED_URL);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectAlertShown(alertLog, { title: AUTH_MESSAGES.profileUpdated, icon: 'success' });

  await expectBothWidths(
    page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: user.name }),
  );
});

for (const theme of THEMES) {
  test(`the upload field and the placeholder have no serious accessibility problems (${theme} theme)`, async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
    errorGuard,
  }, testInfo) => {
    errorGuard.allowFailedResponse(MISSING_IMAGE_PATH, 404);
    errorGuard.allowFailedResponse('/api/images', 400);
    await useTheme(page, theme);
    await signUpViaApi(page.request, uniqueUser());

    // The form with a refused upload (its error shown), then with a poster uploaded.
    await page.goto('/dashboard/add-marathon');
    await uploadField(page, M.uploadPoster).setInputFiles(WORDS_AS_JPEG);
    await expect(page.getByText(IMAGE_MESSAGES.notAnImage, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await uploadField(page, M.uploadPoster).setInputFiles(await pngFile('poster.png'));
    await expect(uploadStatus(page)).toHaveText(U.uploaded('poster.png'));
    await expectNoSeriousA11yViolations(page);

    // The settings page's photo field.
    await page.goto('/dashboard/settings');
    await expect(uploadField(page, AUTH_MESSAGES.uploadPhoto)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A race whose poster fails: its page and the card in the list.
    const race = await createMarathonViaApi(page.request, baseURL!, {
      title: `Placeholder Parkrun ${Date.now().toString(36)}`,
      image: `${baseURL}${MISSING_IMAGE_PATH}`,
    });
    await page.goto(`/races/${race._id}`);
    await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toHaveText('PP');
    await expectNoSeriousA11yViolations(page);
    if (theme === 'dark') {
      await page.screenshot({ path: testInfo.outputPath('poster-placeholder-dark.png') });
    }
    await page.goto(`/marathons?q=${encodeURIComponent(race.title)}`);
    await expect(page.getByRole('img', { name: `Poster of ${race.title}` })).toHaveText('PP');
    await expectNoSeriousA11yViolations(page);
  });
}
