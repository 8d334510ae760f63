import { expect, test } from './fixtures';

test('an unknown path shows the not-found page, with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Error');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find this page." })).toBeVisible();

  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Home');
});

test('client routes survive a reload (the server falls back to the app)', async ({
  page,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());

  for (const { path, heading } of [
    { path: '/upcoming-marathons', heading: 'Upcoming Marathons' },
    { path: '/dashboard/my-applies', heading: 'My Apply List' },
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
});

test('an unknown /api path is a JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/nope');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ success: false, message: 'Not found: GET /api/nope' });
});
