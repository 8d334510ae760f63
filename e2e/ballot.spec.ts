import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  BALLOT_CSV_HEADER,
  MARATHON_FIELD_LABELS as F,
  REGISTRATION_FIELD_LABELS as L,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { BALLOT_MESSAGES as B } from '../apps/web/src/features/ballot/ballot-messages';
import { BALLOT_TAB_MESSAGES } from '../apps/web/src/features/ballot/ballot-tab-messages';
import { MARATHON_DASHBOARD_MESSAGES } from '../apps/web/src/features/marathons/dashboard-messages';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { PLACES_FIELDS_MESSAGES as PF } from '../apps/web/src/features/marathons/places-fields-messages';
import { PARTICIPANTS_MESSAGES as P } from '../apps/web/src/features/participants/participants-messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { REGISTRATION_FORM_MESSAGES as M } from '../apps/web/src/features/registrations/registration-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations } from './accessibility';
import { changeMarathonViaApi, createMarathonViaApi, registerViaApi } from './api-helpers';
import { answerConfirm, typeDate } from './dashboard-helpers';
import { expect, expectAlertShown, test, type TestUser } from './fixtures';

// Issue 35, the ballot: an organizer's race entered by ballot; one runner enters over HTTP, another in the browser;
// the organizer closes entries (moving the end date to a moment ago) and draws the ballot from the desk, and each
// runner's race page says what the draw gave them.

// The date pickers show and read local time: pin it, so the dates the form test types are unambiguous.
test.use({ timezoneId: 'UTC' });

const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const HEX_64 = /^[0-9a-f]{64}$/;

const deskPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants/ballot`;
const drawButton = (page: Page) => page.getByRole('button', { name: B.desk.draw, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the ballot's record: the value beside `term`. */
const fact = (page: Page, term: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) }) })
    .getByRole('definition');
const raceTime = (race: Marathon, instant: string | null) => formatDateTime(instant, race.timeZone);

test('a runner enters the ballot; once entries close the organizer draws it at the desk; each runner sees the outcome', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  logInViaApi,
  alertLog,
}, testInfo) => {
  const organizer = uniqueUser();
  const ann = uniqueUser();
  const bo = uniqueUser();
  await signUpViaApi(page.request, organizer);
  const race = await createMarathonViaApi(page.request, baseURL!, {
    capacity: 1,
    entryMode: 'ballot',
    startRegDate: fromNow(-DAY_MS),
    endRegDate: fromNow(DAY_MS),
    // Drawn by the organizer before the server would draw it by itself.
    ballotDrawAt: fromNow(2 * DAY_MS),
    startDate: fromNow(5 * DAY_MS),
  });
  const end = raceTime(race, race.endRegDate);
  const drawOn = raceTime(race, race.ballotDrawAt);

  // Before entries close, the desk's draw button waits, saying until when.
  await page.goto(deskPath(race));
  await expect(page).toHaveTitle(BALLOT_TAB_MESSAGES.title(race.title));
  await expect(drawButton(page)).toBeDisabled();
  await expect(drawButton(page)).toHaveAccessibleDescription(B.desk.drawOnceClosed(end));
  await expect(fact(page, B.facts.seed)).toHaveText(B.facts.seedLater);

  // Bo enters over HTTP: a ballot entry, no bib.
  await signUpViaApi(page.request, bo);
  const boEntry = await registerViaApi(page.request, baseURL!, race._id);
  expect(boEntry).toMatchObject({ status: 'ballot', bib: null });

  // Ann enters in the browser.
  await signUpViaApi(page.request, ann);
  await page.goto(`/races/${race._id}`);
  await expect(page.getByText(D.ballot.line(end, drawOn, 1), { exact: true })).toBeVisible();
  await page.getByRole('link', { name: D.ballot.enter, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(M.ballot.heading(race.title));
  await expect(page.getByRole('note')).toHaveText(M.ballot.notice(drawOn));
  await page.getByLabel(L.firstName, { exact: true }).fill('Ann');
  await page.getByLabel(L.lastName, { exact: true }).fill('Lottery');
  await page.getByLabel(L.contact, { exact: true }).fill('+1 555 0135');
  await page.getByRole('button', { name: M.ballot.submit, exact: true }).click();
  await expectAlertShown(alertLog, { title: M.ballot.enteredTitle, text: M.ballot.enteredText(drawOn) });
  await expect(page).toHaveURL('/dashboard/my-applies');
  const row = page.getByRole('table', { name: A.caption }).getByRole('row').filter({ hasText: race.title });
  await expect(
    row.getByRole('cell', {
      name: [A.status.ballot, A.status.drawOn(drawOn)].join(A.status.separator),
      exact: true,
    }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: `${A.leaveBallot} ${race.title}` })).toBeVisible();

  await page.goto(`/races/${race._id}`);
  await expect(page.getByText(D.ballot.entered, { exact: true })).toBeVisible();
  await expect(page.getByText(D.ballot.line(end, drawOn, 2), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: D.ballot.enter })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('ballot-race-page.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Once entries close: the seed's commitment is public, and the organizer may draw.
  await logInViaApi(page.request, organizer);
  await changeMarathonViaApi(page.request, baseURL!, race._id, { endRegDate: fromNow(-1_000) });
  await page.goto(deskPath(race));
  await expect(drawButton(page)).toBeEnabled();
  await expect(fact(page, B.facts.commitment)).toHaveText(HEX_64);
  const commitment = (await fact(page, B.facts.commitment).textContent())!;
  await expect(fact(page, B.facts.entries)).toHaveText('2');

  await drawButton(page).click();
  await answerConfirm(page, B.desk.confirm(2, 1), B.desk.confirm(2, 1).confirmButton);
  await expect(page.getByRole('status').filter({ hasText: B.desk.drawn(1, 2) })).toBeVisible();
  await expect(drawButton(page)).toHaveCount(0);
  await expect(fact(page, B.facts.winners)).toHaveText('1');
  await expect(fact(page, B.facts.commitment)).toHaveText(commitment);
  const seed = (await fact(page, B.facts.seed).textContent())!;
  expect(seed).toMatch(HEX_64);
  // The commitment published before the draw is the SHA-256 of the seed's 32 bytes.
  expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(commitment);
  await page.screenshot({ path: testInfo.outputPath('ballot-desk.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The drawn order, public: one winner, one on the waitlist.
  const csvLink = page.getByRole('link', { name: B.downloadCsv });
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.ok()).toBe(true);
  const [header, ...rows] = parse(await csv.text(), { bom: true }) as string[][];
  expect(header).toEqual([...BALLOT_CSV_HEADER]);
  expect(rows.map(([position, , outcome]) => [position, outcome])).toEqual([
    ['1', 'won'],
    ['2', 'waitlisted'],
  ]);
  const winnerId = rows[0]![1];
  expect(rows.map(([, entryId]) => entryId)).toContain(boEntry._id);

  // The desk's list: the winner holds a place, drawn first; nobody waits for the draw any more.
  await page.goto(`/dashboard/my-marathons/${race._id}/participants`);
  await expect(page.getByRole('table', { name: P.list.caption(P.list.tabs.registered) })).toContainText(
    P.list.ballotPosition(1),
  );
  await page.getByRole('tab', { name: P.list.tabs.ballot }).click();
  await expect(page.getByText(P.list.emptyBallot)).toBeVisible();

  // Each runner's race page says what the draw gave them.
  const outcomes: Array<{ runner: TestUser; won: boolean }> = [
    { runner: bo, won: winnerId === boEntry._id },
    { runner: ann, won: winnerId !== boEntry._id },
  ];
  for (const { runner, won } of outcomes) {
    await logInViaApi(page.request, runner);
    await page.goto(`/races/${race._id}`);
    if (won) {
      await expect(page.getByText(D.ballot.won, { exact: true })).toBeVisible();
      await expect(page.getByText(D.registered, { exact: true })).toBeVisible();
    } else {
      await expect(page.getByText(D.ballot.waitlisted(1), { exact: true })).toBeVisible();
    }
    const entry = (await (
      await page.request.get(`/api/registrations/by-email/${encodeURIComponent(runner.email)}`)
    ).json()) as Registration[];
    expect(entry[0]).toMatchObject({
      status: won ? 'registered' : 'waitlisted',
      ballot: { position: won ? 1 : 2, outcome: won ? 'won' : 'waitlisted' },
    });
  }
});

test('the ballot’s public record: entries while open, nothing to check yet; a first-come race has none', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const race = await createMarathonViaApi(page.request, baseURL!, {
    entryMode: 'ballot',
    ballotDrawAt: fromNow(12 * DAY_MS),
  });
  const firstCome = await createMarathonViaApi(page.request, baseURL!);
  // A visitor, signed out.
  await page.context().clearCookies();
  await page.goto(`/races/${race._id}`);
  await page.getByRole('link', { name: D.ballot.record, exact: true }).click();
  await expect(page).toHaveURL(`/races/${race._id}/ballot`);
  await expect(page).toHaveTitle(B.title(race.title));
  await expect(fact(page, B.facts.entries)).toHaveText('0');
  await expect(fact(page, B.facts.commitment)).toHaveText(B.facts.commitmentLater);
  await expect(fact(page, B.facts.drawnAt)).toHaveText(B.facts.notDrawn);
  await expect(page.getByRole('link', { name: B.downloadCsv })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/races/${firstCome._id}/ballot`);
  await expect(page.getByText(B.notBallot)).toBeVisible();
});

test('Add Marathon: entry by ballot asks for a draw date after entries close; the transfer deadline is optional', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
  alertLog,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const year = new Date().getUTCFullYear() + 1;
  const title = `Ballot Run ${Date.now().toString(36)}`;
  await page.goto('/dashboard/add-marathon');
  await expect(page.getByRole('radio', { name: PF.entryModes.first_come })).toBeChecked();
  await expect(page.getByLabel(F.ballotDrawAt, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(F.transfersUntil, { exact: true })).toHaveAccessibleDescription(
    PF.transfersUntilHint,
  );

  await page.getByLabel(F.title, { exact: true }).fill(title);
  await typeDate(page, F.startRegDate, `01/10/${year} 9:00 AM`);
  await typeDate(page, F.endRegDate, `02/20/${year} 6:30 PM`);
  await typeDate(page, F.startDate, `03/15/${year} 7:30 AM`);
  await page.getByLabel(F.location, { exact: true }).fill('Lottery Lane');
  await page.getByLabel(F.description, { exact: true }).fill('Places by ballot.');
  await page.getByLabel(F.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-2.svg`);
  await page.getByRole('radio', { name: PF.entryModes.ballot }).check();
  const drawAt = page.getByLabel(F.ballotDrawAt, { exact: true });
  await typeDate(page, F.ballotDrawAt, `02/20/${year} 6:00 PM`);
  await typeDate(page, F.transfersUntil, `03/01/${year} 9:00 AM`);
  await page.getByRole('button', { name: MARATHON_DASHBOARD_MESSAGES.submit }).click();
  await expect(drawAt).toHaveAccessibleDescription(
    new RegExp(`^${F.ballotDrawAt} must be after the ${F.endRegDate}`),
  );
  await expect(drawAt).toBeFocused();

  await typeDate(page, F.ballotDrawAt, `02/21/${year} 9:00 AM`);
  await page.getByRole('button', { name: MARATHON_DASHBOARD_MESSAGES.submit }).click();
  await expectAlertShown(alertLog, { title: MARATHON_DASHBOARD_MESSAGES.addedTitle });
  const races = (await (await page.request.get('/api/my-marathons')).json()) as Marathon[];
  expect(races.find((race) => race.title === title)).toMatchObject({
    entryMode: 'ballot',
    ballotDrawAt: `${year}-02-21T09:00:00.000Z`,
    transfersUntil: `${year}-03-01T09:00:00.000Z`,
    ballotCount: 0,
  });
});
