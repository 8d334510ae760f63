import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { REGISTRATION_FIELD_LABELS as L, type Registration } from '@stride/shared';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { REGISTRATION_FORM_MESSAGES as R } from '../apps/web/src/features/registrations/registration-messages';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { rowWith, scrollsSideways } from './dashboard-helpers';
import { calendarParts, mailsTo, unfoldICalendar, type CaughtMail } from './mail-helpers';
import { expect, test } from './marathon-pages';

// The confirmation mail with its calendar file, and the calendar links of the details page and My Apply List.

const HOUR = 60 * 60 * 1000;

/** A title iCalendar writes as it is (no comma or semicolon to escape), unique per test. */
const simpleTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A moment in iCalendar's UTC basic format, as Google Calendar's `dates` reads it. */
const basicUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The line of an iCalendar text that starts with `name:` (lines unfolded), e.g. the event's UID. */
const icsLine = (ics: string, name: string) => ics.split(/\r?\n/).find((line) => line.startsWith(`${name}:`));

/** Clicks a download link and returns the file's name and text once it has arrived. */
async function download(page: Page, link: Locator): Promise<{ filename: string; text: string }> {
  const downloaded = page.waitForEvent('download');
  await link.click();
  const file = await downloaded;
  return {
    filename: file.suggestedFilename(),
    text: unfoldICalendar(await readFile(await file.path(), 'utf8')),
  };
}

test('registering through the form mails a confirmation with the race as a calendar file', async ({
  page,
  baseURL,
  runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, { title: simpleTitle('Harbour Run') });

  await page.goto(`/registration/${race._id}`);
  await page.getByLabel(L.firstName, { exact: true }).fill('Ayesha');
  await page.getByLabel(L.lastName, { exact: true }).fill('Siddiqua');
  await page.getByLabel(L.contact, { exact: true }).fill('01712345678');
  await page.getByRole('button', { name: R.submit }).click();
  await expect(page).toHaveURL('/dashboard/my-applies');

  // Sent by the background worker, a moment after the registration was saved.
  const subject = `You're registered: ${race.title}`;
  let mail: CaughtMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(page.request, runner.email)).find((caught) => caught.subject === subject);
      return mail?.subject;
    })
    .toBe(subject);
  expect(mail!.text).toContain(race.title);
  expect(mail!.text).toContain('Ayesha');

  const calendar = calendarParts(mail!.text)[0];
  expect(calendar, 'a text/calendar part').toBeDefined();
  expect(calendar!.headers['content-disposition'] ?? calendar!.headers['content-type']).toMatch(
    /name="?[^"]+\.ics"?/,
  );
  expect(calendar!.body).toContain('BEGIN:VEVENT');
  expect(icsLine(calendar!.body, 'SUMMARY')).toBe(`SUMMARY:${race.title}`);

  const registrations = (await (
    await page.request.get(`/api/registrations/by-email/${encodeURIComponent(runner.email)}`)
  ).json()) as Registration[];
  const registration = registrations.find((entry) => entry.marathonId === race._id)!;
  const mailedUid = icsLine(calendar!.body, 'UID');
  expect(mailedUid).toMatch(new RegExp(`^UID:registration-${registration._id}@`));

  // The list's calendar file is the same event: importing both adds one entry.
  const listed = await download(
    page,
    rowWith(page, race.title).getByRole('link', { name: A.calendarFile(race.title) }),
  );
  expect(icsLine(listed.text, 'UID')).toBe(mailedUid);
});

test("the details page downloads the race's calendar file and opens Google Calendar filled in", async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, {
    title: simpleTitle('Lakeside Trail'),
    distance: '25k',
    location: 'Rangamati',
  });
  await page.goto(`/marathon-details/${race._id}`);

  const file = await download(page, page.getByRole('link', { name: D.addToCalendar, exact: true }));
  expect(file.filename).toMatch(/\.ics$/);
  expect(file.text).toMatch(/^BEGIN:VCALENDAR\r?\n/);
  expect(file.text).toContain('BEGIN:VEVENT');
  expect(icsLine(file.text, 'SUMMARY')).toBe(`SUMMARY:${race.title}`);
  expect(icsLine(file.text, 'UID')).toMatch(new RegExp(`^UID:race-${race._id}@`));

  const google = page.getByRole('link', { name: D.googleCalendar, exact: true });
  await expect(google).toHaveAttribute('target', '_blank');
  await expect(google).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(google).toHaveAccessibleDescription(D.opensInNewTab);
  const url = new URL((await google.getAttribute('href'))!);
  expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
  const start = Date.parse(race.startDate);
  // A 25k race is expected to take four hours.
  expect(Object.fromEntries(url.searchParams)).toEqual({
    action: 'TEMPLATE',
    text: race.title,
    dates: `${basicUtc(start)}/${basicUtc(start + 4 * HOUR)}`,
    ctz: race.timeZone,
    location: 'Rangamati',
    details: `${baseURL}/marathon-details/${race._id}`,
  });
});

test("each row of My Apply List downloads that registration's own calendar file, on a phone too", async ({
  page,
  baseURL,
  runner: _runner,
}) => {
  const first = await createMarathonViaApi(page.request, baseURL!, { title: simpleTitle('Delta Dash') });
  const second = await createMarathonViaApi(page.request, baseURL!, { title: simpleTitle('Tea Garden Run') });
  const entries: Array<[string, Registration]> = [
    [first.title, await registerViaApi(page.request, baseURL!, first._id)],
    [second.title, await registerViaApi(page.request, baseURL!, second._id)],
  ];

  await page.goto('/dashboard/my-applies');
  for (const [title, registration] of entries) {
    const link = rowWith(page, title).getByRole('link', { name: A.calendarFile(title) });
    await expect(link).toHaveText(A.calendarLink);
    const file = await download(page, link);
    expect(file.filename).toMatch(/\.ics$/);
    expect(icsLine(file.text, 'UID')).toMatch(new RegExp(`^UID:registration-${registration._id}@`));
    expect(icsLine(file.text, 'SUMMARY')).toBe(`SUMMARY:${title}`);
  }

  // Cards on a 360 px phone: the link sits with Update and Delete, and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: second.title }) });
  const link = card.getByRole('link', { name: A.calendarFile(second.title) });
  await expect(link).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  const file = await download(page, link);
  expect(icsLine(file.text, 'UID')).toMatch(new RegExp(`^UID:registration-${entries[1]![1]._id}@`));
});
