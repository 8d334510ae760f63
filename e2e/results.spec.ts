import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  AGE_GROUP_PRESETS,
  RESULTS_MESSAGES,
  type Gender,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import {
  RESULTS_DESK_MESSAGES as D,
  RESULTS_PAGE_MESSAGES as M,
} from '../apps/web/src/features/results/results-messages';
import { RESULTS_TAB_MESSAGES } from '../apps/web/src/features/results/results-tab-messages';
import { TEAM_MESSAGES } from '../apps/web/src/features/team/team-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { scrollsSideways } from './dashboard-helpers';
import { bornAged } from './entry-form-helpers';
import { expect, expectToastShown, test as base, type TestUser } from './fixtures';
import { mailsTo } from './mail-helpers';

// Issue 34, results: the organizer imports the timer's file on the desk (a bad file's report first) and publishes;
// anyone, signed out, finds a runner on the public page and opens their card, whose link previews with the time;
// the finisher sees their time beside the race in My Apply List.

/** A runner of the race: their entry (with its bib), their account, and who they are on the entry form. */
type Runner = Registration & { bib: number; user: TestUser };

type Entrant = { firstName: string; lastName: string; gender: Gender; age: number };

/**
 * The field, in registration order (bibs 1 to 6), and the timer's file for it. Places by chip time, worked out by
 * hand: Sam 1st, Ana 2nd, Zoë 3rd, Eve 4th, Tom 5th, Omar DNF. Women: Ana, Zoë, Eve; men: Sam, Tom. Divisions on
 * race day: Ana 1st F 40–49, Zoë 2nd F 40–49, Eve 1st F 30–39, Sam 1st M 30–39, Tom 1st M 50–59.
 */
const ENTRANTS = [
  { firstName: 'Ana', lastName: 'Lima', gender: 'female', age: 42 },
  { firstName: 'Sam', lastName: 'Lee', gender: 'male', age: 38 },
  { firstName: 'Zoë', lastName: 'García', gender: 'female', age: 45 },
  { firstName: 'Eve', lastName: 'Runner', gender: 'female', age: 34 },
  { firstName: 'Tom', lastName: 'Park', gender: 'male', age: 52 },
  { firstName: 'Omar', lastName: 'Faruk', gender: 'male', age: 27 },
] as const satisfies readonly Entrant[];

/** Chip time, gun time and status per runner, in ENTRANTS' order. */
const TIMES = [
  ['0:41:12', '0:41:20', 'FIN'],
  ['0:39:50', '0:40:02', 'FIN'],
  ['0:43:05', '0:43:30', 'FIN'],
  ['0:44:30', '0:44:41', 'FIN'],
  ['0:47:01', '0:47:40', 'FIN'],
  ['', '', 'DNF'],
] as const;

/** Ana's card: 41:12 over 10 km is 247.2 s a kilometre. */
const ANA = { time: '0:41:12', placeLine: '2nd of 5 · 1st F 40–49', pace: '4:07 /km' } as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fullName = (runner: Pick<Runner, 'firstName' | 'lastName'>) => `${runner.firstName} ${runner.lastName}`;

/** The timer's file for the race's runners: a header in the timer's own order and case, an extra column. */
function goodFile(runners: readonly Runner[]): string {
  const rows = runners.map((runner, index) => {
    const [chip, gun, status] = TIMES[index]!;
    return `${status};${runner.bib};${gun};${chip};Team ${index + 1}`;
  });
  return ['STATUS;bib;Gun Time;chip time;Club', ...rows].join('\r\n') + '\r\n';
}

/** A file with a time the timer cannot have written (line 3) and a bib no runner of the race has (line 4). */
function badFile(runners: readonly Runner[]): string {
  const [ana, sam] = runners;
  return [
    'Bib,Chip Time,Gun Time,Status',
    `${ana!.bib},0:41:12,0:41:20,FIN`,
    `${sam!.bib},0:61:00,,FIN`,
    '999,0:50:00,,FIN',
  ]
    .join('\n')
    .concat('\n');
}

/** POSTs JSON, or a CSV file when `data` is text, as the browser would (with its Origin); fails unless 2xx. */
async function postOk(request: APIRequestContext, baseURL: string, url: string, data: object | string) {
  const headers: Record<string, string> = { Origin: baseURL };
  if (typeof data === 'string') headers['Content-Type'] = 'text/csv';
  const response = await request.post(url, { data, headers });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

const test = base.extend<{
  /** A fresh account in its own cookie jar (the page stays signed out): the race's organizer. */
  organizer: { user: TestUser; request: APIRequestContext };
  /**
   * The organizer's 10k race asking gender and date of birth, with 10-year age groups, and the six runners of
   * ENTRANTS, each registered from an account of their own.
   */
  raceDay: { race: Marathon; runners: Runner[] };
  /** Imports the timer's good file over the API, as the organizer; and publishes it unless told not to. */
  importResults: (options?: { publish?: boolean }) => Promise<void>;
}>({
  organizer: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    const user = uniqueUser();
    await signUpViaApi(request, user);
    await use({ user, request });
    await request.dispose();
  },
  raceDay: async ({ organizer, playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const race = await createMarathonViaApi(organizer.request, baseURL!, {
      title: 'Tagus River 10k',
      location: 'Lisbon, Portugal',
      timeZone: 'Europe/Lisbon',
      distance: '10k',
      image: '/images/marathons/poster-2.svg',
      registrationFields: { dateOfBirth: 'required', gender: 'required' },
      ageGroups: [...AGE_GROUP_PRESETS.tenYear],
    });
    const runners: Runner[] = [];
    for (const entrant of ENTRANTS) {
      const request = await playwright.request.newContext({ baseURL: baseURL! });
      const user = uniqueUser();
      await signUpViaApi(request, user);
      const registration = await registerViaApi(request, baseURL!, race._id, {
        firstName: entrant.firstName,
        lastName: entrant.lastName,
        gender: entrant.gender,
        dateOfBirth: bornAged(race, entrant.age),
      });
      await request.dispose();
      expect(registration.status).toBe('registered');
      runners.push({ ...(registration as Registration & { bib: number }), user });
    }
    await use({ race, runners });
  },
  importResults: async ({ organizer, raceDay: { race, runners }, baseURL }, use) => {
    await use(async ({ publish = true } = {}) => {
      await postOk(organizer.request, baseURL!, `/api/marathons/${race._id}/results`, goodFile(runners));
      if (publish) {
        await postOk(organizer.request, baseURL!, `/api/marathons/${race._id}/results/publish`, {
          published: true,
        });
      }
    });
  },
});

const resultsPath = (race: Pick<Marathon, '_id'>) => `/results/${race._id}`;
const cardPath = (race: Pick<Marathon, '_id'>, runner: Pick<Runner, 'bib'>) =>
  `/results/${race._id}/${runner.bib}`;
const deskResultsPath = (race: Pick<Marathon, '_id'>) =>
  `/dashboard/my-marathons/${race._id}/participants/results`;

const resultsTable = (page: Page, race: Pick<Marathon, 'title'>) =>
  page.getByRole('table', { name: M.tableCaption(race.title) });
const podium = (page: Page, gender: Gender) =>
  page
    .getByRole('region', { name: M.podiumHeading })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: M.podiums[gender], exact: true }) });
/** The names in the table's rows, in order. */
const namesIn = (page: Page, race: Pick<Marathon, 'title'>) =>
  resultsTable(page, race).getByRole('rowheader');
const rowOf = (page: Page, race: Pick<Marathon, 'title'>, runner: Runner): Locator =>
  resultsTable(page, race)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: fullName(runner) }) });

/** Makes the page's browser one without the Web Share API, as most desktop browsers are. */
const withoutWebShare = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });

/**
 * Waits until no CSS transition runs: a button that has just changed its colours (Publish → Unpublish) is checked
 * for contrast as it stays, not halfway.
 */
const transitionsDone = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );

/** The Open Graph and other named meta tags of an HTML page as sent, by property or name. */
function metaTags(html: string): Record<string, string> {
  const decode = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[key!] = decode(content!);
  }
  return tags;
}

test('the organizer imports the timer’s file on the desk: a bad file’s report, nothing stored, then the good file, published', async ({
  page,
  organizer,
  logInViaApi,
  raceDay: { race, runners },
  alertLog,
  errorGuard,
}) => {
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/results`, 400);
  await logInViaApi(page.request, organizer.user);
  await page.goto(`/dashboard/my-marathons/${race._id}/participants`);
  await page
    .getByRole('navigation', { name: TEAM_MESSAGES.tabs.label })
    .getByRole('link', { name: RESULTS_TAB_MESSAGES.tab, exact: true })
    .click();
  await expect(page).toHaveURL(deskResultsPath(race));
  await expect(page).toHaveTitle(RESULTS_TAB_MESSAGES.title(race.title));
  await expect(page.getByRole('heading', { level: 2, name: D.heading, exact: true })).toBeVisible();
  await expect(page.getByText(D.noImport)).toBeVisible();
  await expect(page.getByText(D.notPublished, { exact: true })).toBeVisible();

  const file = page.getByLabel(D.file, { exact: true });
  /** What became of the file, as the report's status line says it. */
  const outcome = (text: string) => page.getByRole('status').filter({ hasText: text });

  // The bad file: refused whole, its report on screen.
  await file.setInputFiles({
    name: 'results.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(badFile(runners)),
  });
  await page.getByRole('button', { name: D.import, exact: true }).click();
  await expect(outcome(RESULTS_MESSAGES.rejected)).toBeVisible();
  await expect(page.getByText(D.counts(3, 2, 2), { exact: true })).toBeVisible();
  await expect(page.getByText(D.unknownBibs([999]), { exact: true })).toBeVisible();
  const problems = page.getByRole('region', { name: D.problemsCaption }).getByRole('table');
  await expect(problems.getByRole('columnheader')).toHaveText([
    D.problemColumns.line,
    D.problemColumns.column,
    D.problemColumns.problem,
  ]);
  await expect(problems.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    'Chip Time',
    RESULTS_MESSAGES.time('Chip Time'),
  ]);
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  // Nothing stored: the desk still has no import.
  await page.reload();
  await expect(page.getByText(D.noImport)).toBeVisible();

  // The good file: checked first (nothing stored), then imported.
  await page
    .getByLabel(D.file, { exact: true })
    .setInputFiles({ name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(goodFile(runners)) });
  await page.getByRole('button', { name: D.check, exact: true }).click();
  await expect(outcome(D.checked)).toBeVisible();
  await expect(page.getByText(D.counts(6, 6, 5), { exact: true })).toBeVisible();
  await expect(page.getByText(D.noImport)).toBeVisible();
  await page.getByRole('button', { name: D.import, exact: true }).click();
  await expect(outcome(D.imported)).toBeVisible();
  await expect(page.getByText(D.counts(6, 6, 5), { exact: true })).toBeVisible();
  await expect(page.getByText(/^Last import: /)).toBeVisible();
  await expect(page.getByText(D.noImport)).toHaveCount(0);
  await expect(page.getByRole('region', { name: D.problemsCaption })).toHaveCount(0);

  // Publishing mails the five finishers.
  await page.getByRole('button', { name: D.publish, exact: true }).click();
  await expectToastShown(alertLog, D.publishedDone(5), 'success');
  await expect
    .poll(async () => (await mailsTo(page.request, runners[0]!.user.email)).map((mail) => mail.subject))
    .toContain(`Your result: ${race.title}`);
  await expect(page.getByText(D.published, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: D.unpublish, exact: true })).toBeVisible();
  await transitionsDone(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: D.viewPage }).click();
  await expect(page).toHaveURL(resultsPath(race));
  await expect(rowOf(page, race, runners[0]!)).toBeVisible();
});

test('signed out, a visitor finds a runner on the results page and shares their card', async ({
  page,
  context,
  baseURL,
  raceDay: { race, runners },
  importResults,
}) => {
  await importResults();
  const [ana, sam, zoe, eve, tom, omar] = runners as [Runner, Runner, Runner, Runner, Runner, Runner];
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withoutWebShare(page);

  await page.goto(resultsPath(race));
  await expect(page.getByRole('heading', { level: 1, name: race.title })).toBeVisible();
  await expect(page).toHaveTitle(M.title(race.title));
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();

  // The podium of each gender, with the ranking time.
  await expect(podium(page, 'female').getByRole('listitem')).toHaveText([
    `1st${fullName(ana)}0:41:12`,
    `2nd${fullName(zoe)}0:43:05`,
    `3rd${fullName(eve)}0:44:30`,
  ]);
  await expect(podium(page, 'male').getByRole('listitem')).toHaveText([
    `1st${fullName(sam)}0:39:50`,
    `2nd${fullName(tom)}0:47:01`,
  ]);
  await expect(page.getByText('5 finishers · 1 DNF · 0 DNS · 0 DQ · median time 0:43:05')).toBeVisible();

  // The table: finishers in place order, then the DNF without a place.
  await expect(namesIn(page, race)).toHaveText([sam, ana, zoe, eve, tom, omar].map(fullName));
  await expect(page.getByText(M.showing(1, 6, 6))).toBeVisible();
  await expect(rowOf(page, race, ana).getByRole('cell')).toHaveText([
    '2',
    String(ana.bib),
    M.genders.female,
    '40–49',
    '1',
    '1',
    ANA.time,
    ANA.pace,
  ]);
  await expect(rowOf(page, race, omar).getByRole('cell')).toHaveText([
    M.statuses.DNF,
    String(omar.bib),
    M.genders.male,
    '20–29',
    M.none,
    M.none,
    M.none,
    M.none,
  ]);

  // A search by name, in the URL.
  const search = page.getByRole('searchbox', { name: M.filters.search });
  await search.fill('lima');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=lima\b/);
  await expect(namesIn(page, race)).toHaveText([fullName(ana)]);
  // And by bib.
  await search.fill(String(zoe.bib));
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${zoe.bib}\\b`));
  await expect(namesIn(page, race)).toHaveText([fullName(zoe)]);
  await search.fill('');
  await search.press('Enter');
  await expect(page).not.toHaveURL(/q=/);
  await expect(namesIn(page, race)).toHaveCount(6);

  // Women, then women of 40–49: the URL carries both.
  await page.getByLabel(M.filters.gender, { exact: true }).selectOption({ label: M.genders.female });
  await expect(page).toHaveURL(/[?&]gender=female\b/);
  await expect(namesIn(page, race)).toHaveText([ana, zoe, eve].map(fullName));
  await page.getByLabel(M.filters.ageGroup, { exact: true }).selectOption({ label: '40–49' });
  await expect(page).toHaveURL(/[?&]ageGroup=40%E2%80%9349\b/);
  await expect(page).toHaveURL(/[?&]gender=female\b/);
  await expect(namesIn(page, race)).toHaveText([ana, zoe].map(fullName));
  await expect(page.getByText(M.showing(1, 2, 2))).toBeVisible();
  // The filtered page as a link of its own.
  await page.reload();
  await expect(page.getByLabel(M.filters.gender, { exact: true })).toHaveValue('female');
  await expect(page.getByLabel(M.filters.ageGroup, { exact: true })).toHaveValue('40–49');
  await expect(namesIn(page, race)).toHaveText([ana, zoe].map(fullName));

  // Ana's card.
  await resultsTable(page, race)
    .getByRole('link', { name: fullName(ana) })
    .click();
  await expect(page).toHaveURL(cardPath(race, ana));
  await expect(page.getByRole('heading', { level: 1, name: fullName(ana) })).toBeVisible();
  await expect(page).toHaveTitle(M.card.title(fullName(ana), race.title));
  await expect(page.getByText(`${M.card.time}: ${ANA.time}`, { exact: true })).toBeVisible();
  await expect(page.getByText(ANA.placeLine, { exact: true })).toBeVisible();
  await expect(page.getByText(`${M.genders.female} · 40–49`, { exact: true })).toBeVisible();
  const fact = (label: string) => page.locator('dt').filter({ hasText: label }).locator('+ dd');
  await expect(fact(M.card.pace)).toHaveText(ANA.pace);
  await expect(fact(M.card.chipTime)).toHaveText(ANA.time);
  await expect(fact(M.card.gunTime)).toHaveText('0:41:20');
  await expect(fact(M.card.status)).toHaveText(M.statusNames.FIN);

  // Share, without a share sheet: the card's link copied.
  await page.getByRole('button', { name: M.card.share, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: M.card.linkCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${cardPath(race, ana)}`);

  await page.getByRole('link', { name: M.card.allResults }).click();
  await expect(page).toHaveURL(resultsPath(race));
  await expect(namesIn(page, race)).toHaveCount(6);
});

test('the HTML the server sends for a result card previews the runner’s time', async ({
  request,
  baseURL,
  raceDay: { race, runners },
  importResults,
}) => {
  await importResults();
  const ana = runners[0]!;
  const response = await request.get(cardPath(race, ana));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  const tags = metaTags(html);
  expect(tags).toMatchObject({
    'og:type': 'website',
    'og:site_name': 'Stride',
    'og:title': `${fullName(ana)}: ${ANA.time} at ${race.title}`,
    'og:description': `Finished ${race.title} in ${ANA.time} · ${ANA.placeLine} · ${ANA.pace}`,
    'og:url': `${baseURL}${cardPath(race, ana)}`,
    'og:image': `${baseURL}/images/marathons/poster-2.svg`,
    'twitter:card': 'summary_large_image',
  });
  expect(tags['description']).toContain(ANA.time);
});

test('results not yet published: a signed-out visitor is told so and learns nothing, the team previews them', async ({
  page,
  browser,
  request,
  baseURL,
  organizer,
  raceDay: { race, runners },
  importResults,
  errorGuard,
}) => {
  await importResults({ publish: false });
  const ana = runners[0]!;
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/results`, 404);
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/results/${ana.bib}`, 404);

  await page.goto(resultsPath(race));
  await expect(page.getByRole('heading', { level: 1, name: M.caption, exact: true })).toBeVisible();
  await expect(page.getByText(M.notPublished, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: M.raceLink })).toHaveAttribute('href', `/races/${race._id}`);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(fullName(ana))).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(cardPath(race, ana));
  await expect(page.getByText(M.card.notFound, { exact: true })).toBeVisible();
  await expect(page.getByText(ANA.time)).toHaveCount(0);
  await expect(page.getByRole('link', { name: M.card.allResults })).toHaveAttribute(
    'href',
    resultsPath(race),
  );

  // The page as sent previews nothing of the runner.
  const sent = await (await request.get(cardPath(race, ana))).text();
  expect(sent).not.toContain(ANA.time);
  expect(sent).not.toContain(ana.lastName);
  expect(metaTags(sent)['og:title']).toBeUndefined();

  // The organizer, signed in, sees them with a note that nobody else does.
  const team = await browser.newContext({
    baseURL: baseURL!,
    storageState: await organizer.request.storageState(),
  });
  const teamPage = await team.newPage();
  await teamPage.goto(resultsPath(race));
  await expect(teamPage.getByRole('note')).toHaveText(M.teamPreview);
  await expect(resultsTable(teamPage, race).getByRole('rowheader')).toHaveCount(6);
  await team.close();
});

test('My Apply List shows a finisher’s time and place beside the race once published', async ({
  page,
  logInViaApi,
  raceDay: { race, runners },
  importResults,
  organizer,
  baseURL,
}) => {
  const ana = runners[0]!;
  await importResults({ publish: false });
  await logInViaApi(page.request, ana.user);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: race.title }) });
  // The link's name: its text, then whose result it is (Chromium puts a space before the hidden part's comma).
  const resultLink = row.getByRole('link', {
    name: new RegExp(
      `^${escapeRegExp(A.result.finished(ANA.time, '2nd'))}\\s?${escapeRegExp(A.result.of(race.title))}$`,
    ),
  });

  // Imported but not published: nothing beside the race yet.
  await page.goto('/dashboard/my-applies');
  await expect(row).toBeVisible();
  await expect(row.getByText(/Finished in/)).toHaveCount(0);

  await postOk(organizer.request, baseURL!, `/api/marathons/${race._id}/results/publish`, {
    published: true,
  });
  await page.reload();
  await expect(resultLink).toBeVisible();
  await expect(resultLink).toContainText('Finished in 0:41:12 · 2nd');
  await resultLink.click();
  await expect(page).toHaveURL(cardPath(race, ana));
  await expect(page.getByText(ANA.placeLine, { exact: true })).toBeVisible();

  // On the results page, signed in, Ana's own row is marked as hers, and no other.
  await page.getByRole('link', { name: M.card.allResults }).click();
  await expect(page).toHaveURL(resultsPath(race));
  await expect(rowOf(page, race, ana).getByRole('rowheader')).toHaveText(`${fullName(ana)}${M.you}`);
  await expect(resultsTable(page, race).getByText(M.you, { exact: true })).toHaveCount(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the results page and a result card pass axe (${theme} theme)`, async ({
    page,
    raceDay: { race, runners },
    importResults,
  }, testInfo) => {
    await importResults();
    await useTheme(page, theme);
    const ana = runners[0]!;

    await page.goto(resultsPath(race));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(namesIn(page, race)).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(theme === 'light' ? 'results.png' : 'results-dark.png'),
      fullPage: true,
    });

    // A filter that matches nobody, then a page past the end: the empty states.
    await page.getByLabel(M.filters.status, { exact: true }).selectOption({ label: M.statuses.DQ });
    await expect(page.getByText(M.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(cardPath(race, ana));
    await expect(page.getByText(ANA.placeLine, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(theme === 'light' ? 'result-card.png' : 'result-card-dark.png'),
      fullPage: true,
    });
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the results page and a result card fit the screen and pass axe', async ({
    page,
    raceDay: { race, runners },
    importResults,
  }, testInfo) => {
    await importResults();
    const ana = runners[0]!;

    await page.goto(resultsPath(race));
    await expect(namesIn(page, race)).toHaveCount(6);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('results-360.png'), fullPage: true });

    await page.getByLabel(M.filters.gender, { exact: true }).selectOption({ label: M.genders.male });
    await expect(namesIn(page, race)).toHaveCount(3);
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(cardPath(race, ana));
    await expect(page.getByText(ANA.placeLine, { exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('result-card-360.png'), fullPage: true });
  });
});
