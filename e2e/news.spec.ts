import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { expect, test } from './fixtures';

type BlogPost = { id: number; image: string; title: string; date: string; author: string; content: string };

const FRIENDLY_FAILURE = "We couldn't load the news right now. Please try again in a moment.";

/** The shipped news file, newest first (as the screens order it). */
async function readPosts(request: APIRequestContext): Promise<BlogPost[]> {
  const response = await request.get('/blogs.json');
  expect(response.ok()).toBe(true);
  const posts = (await response.json()) as BlogPost[];
  return posts.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

test('All News lists every post, newest first', async ({ page, request }) => {
  const posts = await readPosts(request);
  expect(posts.length).toBeGreaterThanOrEqual(6);

  await page.goto('/blogs');
  await expect(page).toHaveTitle('All News');
  await expect(page.getByRole('heading', { name: 'All News', level: 1 })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.getByRole('heading')).toHaveText(posts.map((post) => post.title));

  const first = cards.first();
  await expect(first.getByText(posts[0]!.author)).toBeVisible();
  await expect(first.locator('time')).toHaveAttribute('datetime', posts[0]!.date);
  await expect(first.getByRole('presentation')).toHaveAttribute('src', posts[0]!.image);
  await expect(cards.getByRole('link', { name: 'Read More' })).toHaveCount(posts.length);
});

test("'Read More' opens the whole post", async ({ page, request }) => {
  const post = (await readPosts(request))[2]!;
  await page.goto('/blogs');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: post.title, exact: true }) });
  await card.getByRole('link', { name: 'Read More' }).click();

  await expect(page).toHaveURL(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(post.title);
  const article = page.getByRole('article');
  await expect(article.getByText(post.author)).toBeVisible();
  await expect(article.locator('time')).toHaveAttribute('datetime', post.date);
  await expect(article.getByRole('presentation')).toHaveAttribute('src', post.image);
  const paragraphs = post.content.split(/\n\s*\n/);
  expect(paragraphs.length).toBeGreaterThan(1);
  await expect(article.getByText(paragraphs[0]!)).toBeVisible();
  await expect(article.getByText(paragraphs.at(-1)!)).toBeVisible();

  await article.getByRole('link', { name: 'All News' }).click();
  await expect(page).toHaveURL('/blogs');
});

test("a post says 'Loading blog...' until the news has loaded", async ({ page, request }) => {
  const post = (await readPosts(request))[0]!;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/blogs.json', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole('status')).toHaveText('Loading blog...');
  release();
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Loading blog...')).toHaveCount(0);
});

test('an unknown post leads to All News, in place of the unknown address', async ({ page }) => {
  await page.goto('/');
  await page.goto('/blog/999999');
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('heading', { name: 'All News', level: 1 })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/');

  await page.goto('/blog/not-a-number');
  await expect(page).toHaveURL('/blogs');
});

test('news that fails to load says so, logs it and can be tried again', async ({ browser, baseURL }) => {
  // Its own context: the failure and its log are the point here, which the error guard would refuse.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await page.route('**/blogs.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().startsWith('Failed to fetch blogs'),
    );

    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'All News', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(FRIENDLY_FAILURE);
    await logged;
    await expectNoSeriousA11yViolations(page);

    await page.unroute('**/blogs.json');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Read More' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the news screens have no serious accessibility problem (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/blogs');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('link', { name: 'Read More' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/blog/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the news screens do not scroll sideways', async ({ page }) => {
    for (const path of ['/blogs', '/blog/1']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
    }
  });
});
