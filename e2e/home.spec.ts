import type { Page } from '@playwright/test';
import type { Marathon } from '@stride/shared';
import { formatDay } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { expect, test } from './fixtures';

const HOUR_MS = 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

const BLOCK_HEADINGS = [
  'Featured Marathons',
  'Get Ready for Upcoming Marathons',
  'What Participants Say',
  'Frequently Asked Questions',
  'Latest From Our Blog',
];

type BlogPost = { id: number; title: string; date: string };

/** A home block: a region named by its heading. */
const block = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

/** The marathon card with this title inside `scope`. */
const cardOf = (scope: ReturnType<Page['getByRole']>, title: string) =>
  scope.getByRole('article').filter({ has: scope.page().getByRole('heading', { name: title, exact: true }) });

test('the home page shows its blocks in order, with the texts of the spec', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home');
  await expect(block(page, 'Featured Marathons').getByRole('article').first()).toBeVisible();

  const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
  expect(headings.filter((heading) => BLOCK_HEADINGS.includes(heading))).toEqual(BLOCK_HEADINGS);
  // The banner comes first, before every block.
  const banner = page.getByRole('region', { name: 'Highlights' });
  const bannerBox = await banner.boundingBox();
  const featuredBox = await block(page, 'Featured Marathons').boundingBox();
  expect(bannerBox!.y).toBeLessThan(featuredBox!.y);
  expect(Math.round(bannerBox!.height)).toBe(400);

  const testimonials = block(page, 'What Participants Say');
  await expect(testimonials.getByText('Real stories from real runners', { exact: true })).toBeVisible();
  const voices = testimonials.getByRole('listitem');
  await expect(voices).toHaveCount(4);
  for (const voice of await voices.all()) {
    await expect(voice.getByRole('blockquote')).not.toBeEmpty();
    // Each avatar is shipped with the app and loads.
    const avatar = voice.getByRole('presentation');
    await avatar.scrollIntoViewIfNeeded();
    await expect(avatar).toHaveJSProperty('complete', true);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(testimonials.getByText(/^Organizer, /)).toHaveCount(2);
  await expect(testimonials.getByText(/^Participant, /)).toHaveCount(2);

  await expect(
    block(page, 'Get Ready for Upcoming Marathons').getByRole('link', { name: 'See all upcoming marathons' }),
  ).toHaveAttribute('href', '/upcoming-marathons');
});

test('the banner buttons 1 to 4 jump to their slide', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Highlights' });
  const buttons = banner.getByRole('button', { name: /^Slide \d$/ });
  await expect(buttons).toHaveText(['1', '2', '3', '4']);
  await expect(banner.getByRole('button', { name: 'Slide 1' })).toHaveAttribute('aria-current', 'true');

  const firstHeadline = banner.getByRole('heading', { name: 'Find your next finish line' });
  const thirdHeadline = banner.getByRole('heading', { name: 'Organize a race runners will love' });
  await expect(firstHeadline).toBeInViewport();
  await expect(thirdHeadline).not.toBeInViewport();

  await banner.getByRole('button', { name: 'Slide 3' }).click();
  await expect(banner.getByRole('button', { name: 'Slide 3' })).toHaveAttribute('aria-current', 'true');
  await expect(banner.getByRole('button', { name: 'Slide 1' })).not.toHaveAttribute('aria-current');
  await expect(thirdHeadline).toBeInViewport();
  await expect(firstHeadline).not.toBeInViewport();

  // By keyboard: Shift+Tab from 'Slide 3' reaches 'Slide 2', and Enter shows it.
  await page.keyboard.press('Shift+Tab');
  await expect(banner.getByRole('button', { name: 'Slide 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('button', { name: 'Slide 2' })).toHaveAttribute('aria-current', 'true');
  await expect(banner.getByRole('heading', { name: 'Take the trail less travelled' })).toBeInViewport();
  // Before the buttons, focus lands on the shown slide's link: the hidden slides' links take no focus.
  await page.keyboard.press('Shift+Tab');
  await expect(banner.getByRole('button', { name: 'Slide 1' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(banner.getByRole('link', { name: 'See all marathons' })).toBeFocused();

  // Each slide has a call to action; the shown one leads on.
  await banner.getByRole('button', { name: 'Slide 1' }).click();
  await banner.getByRole('link', { name: 'Browse upcoming marathons' }).click();
  await expect(page).toHaveURL('/upcoming-marathons');
});

test('the banner reveals itself upwards in 800 ms, and not at all with reduced motion', async ({ page }) => {
  const transitionOf = () =>
    page.getByRole('region', { name: 'Highlights' }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { property: style.transitionProperty, duration: style.transitionDuration };
    });
  await page.goto('/');
  const normal = await transitionOf();
  expect(normal.property).toMatch(/translate|transform/);
  expect(normal.duration).toMatch(/^0\.8s/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  expect((await transitionOf()).property).toBe('none');
});

test('the FAQ items open and close by keyboard', async ({ page }) => {
  await page.goto('/');
  const faq = block(page, 'Frequently Asked Questions');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(3);
  for (const question of await questions.all())
    await expect(question).toHaveAttribute('aria-expanded', 'false');

  const answers = [
    {
      question: 'How do I register for a marathon?',
      answer: /Log in or create an account, go to the Marathons page and click Register/,
    },
    {
      question: 'Can I update my profile?',
      answer: /After logging in, you can update your name and profile photo anytime in your account settings/,
    },
    {
      question: 'What if I forget my password?',
      answer: /Use the Forgot Password link on the login page, and a reset link will be sent to your e-mail/,
    },
  ];
  for (const { question, answer } of answers) {
    const button = faq.getByRole('button', { name: question });
    await expect(faq.getByText(answer)).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(answer)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(answer)).toBeHidden();
  }
});

test('featured and upcoming cards show a race and link to its details', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  // Starts in two hours: among the first upcoming races (soonest first).
  const race = await createMarathonViaApi(page.request, baseURL!, {
    title: `Home Card Race ${Date.now().toString(36)}`,
    location: 'Cardiff, Wales',
    startRegDate: fromNow(-24 * HOUR_MS),
    endRegDate: fromNow(HOUR_MS),
    startDate: fromNow(2 * HOUR_MS),
  });
  await registerViaApi(page.request, baseURL!, race._id);

  await page.goto('/');
  // The featured races are those with the most registrations, which the other specs' races may outnumber: the
  // first featured card is checked against the race it links to.
  const featured = block(page, 'Featured Marathons').getByRole('article').first();
  const featuredLink = featured.getByRole('link', { name: 'See Details' });
  // Once the session is known, a card leads a signed-in runner to the race's details.
  await expect(featuredLink).toHaveAttribute('href', /^\/marathon-details\//);
  const featuredHref = await featuredLink.getAttribute('href');
  const featuredId = /^\/marathon-details\/([0-9a-f-]+)$/.exec(featuredHref ?? '')?.[1];
  expect(featuredId, `the first featured card links to ${featuredHref}`).toBeDefined();
  const featuredRace = (await (await page.request.get(`/api/marathons/${featuredId}`)).json()) as Marathon;
  for (const [card, shown] of [
    [featured, featuredRace],
    [cardOf(block(page, 'Get Ready for Upcoming Marathons'), race.title), race],
  ] as const) {
    await expect(card.getByRole('heading', { name: shown.title, exact: true })).toBeVisible();
    await expect(card.getByText(shown.location)).toBeVisible();
    // YYYY-MM-DD, the day where the race is run.
    await expect(card.getByText(formatDay(shown.startDate, shown.timeZone), { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: `Poster of ${shown.title}` })).toBeVisible();
    await expect(card.getByRole('link', { name: 'See Details' })).toHaveAttribute(
      'href',
      `/marathon-details/${shown._id}`,
    );
  }

  await cardOf(block(page, 'Get Ready for Upcoming Marathons'), race.title)
    .getByRole('link', { name: 'See Details' })
    .click();
  await expect(page).toHaveURL(`/marathon-details/${race._id}`);
});

test('the blog block shows the three newest posts, each opening its page', async ({ page, request }) => {
  const posts = (await (await request.get('/blogs.json')).json()) as BlogPost[];
  const newest = [...posts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);

  await page.goto('/');
  const blog = block(page, 'Latest From Our Blog');
  await expect(blog.getByRole('article').getByRole('heading')).toHaveText(newest.map((post) => post.title));
  const first = blog.getByRole('article').first();
  await expect(first.getByRole('presentation')).toHaveAttribute('src', /\/images\/blog\//);
  await expect(first.locator('time')).toBeVisible();

  await first.getByRole('link', { name: 'Read More' }).click();
  await expect(page).toHaveURL(`/blog/${newest[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest[0]!.title);
});

test('the home page opens at its top, even when coming back to it', async ({ page }) => {
  await page.goto('/');
  const blog = block(page, 'Latest From Our Blog');
  const readMore = blog.getByRole('link', { name: 'Read More' }).first();
  await readMore.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await readMore.click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(block(page, 'Featured Marathons')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('nothing on the home page scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await expect(block(page, 'Latest From Our Blog').getByRole('article')).toHaveCount(3);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the home page has no serious accessibility problem (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(block(page, 'Featured Marathons').getByRole('article').first()).toBeVisible();
    await expect(block(page, 'Latest From Our Blog').getByRole('article')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    // And with an FAQ answer open.
    await block(page, 'Frequently Asked Questions').getByRole('button').first().click();
    await expectNoSeriousA11yViolations(page);
  });
}
