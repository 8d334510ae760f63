import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  ENTRY_FIELD_LABELS as EL,
  ENTRY_MESSAGES,
  formatIsoInZone,
  PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  REGISTRATION_FIELD_LABELS as RL,
  type CreateRegistrationInput,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { ENTRY_FORM_MESSAGES as EM } from '../apps/web/src/components/entry-form/entry-form-messages';
import { PARTICIPANTS_MESSAGES as P } from '../apps/web/src/features/participants/participants-messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { REGISTRATION_FORM_MESSAGES as R } from '../apps/web/src/features/registrations/registration-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi, recordPosts, registerViaApi } from './api-helpers';
import { expectAlertAndClose, rowWith, scrollsSideways } from './dashboard-helpers';
import {
  bornAged,
  dateKeys,
  FULL_ENTRY_FORM,
  overflowsSideways,
  pickWithKeyboard,
  questionIds,
  QUESTIONS,
  raceDayOf,
  tabTo,
} from './entry-form-helpers';
import { expectAlertShown } from './fixtures';
import { expect, test as base, THEMES } from './marathon-pages';

// Issue 31, the runner's and the desk's side: entering through a race's entry form, changing the answers from
// My Apply List, and reading them back on the organizer's desk and in its CSV.

type EntryDetails = Omit<CreateRegistrationInput, 'marathonId'>;

const test = base.extend<{
  /** Enters a runner into a race over HTTP, as a new account in its own cookie jar, with these details. */
  enter: (race: Marathon, details: EntryDetails) => Promise<Registration>;
}>({
  enter: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (race, details) => {
      const request = await playwright.request.newContext({ baseURL: baseURL! });
      contexts.push(request);
      await signUpViaApi(request, uniqueUser());
      return registerViaApi(request, baseURL!, race._id, details);
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },
});

test.use({ timezoneId: 'UTC' });

const UPDATED = 'Registration updated successfully';
const L = P.list;

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const updateDialog = (page: Page) => page.getByRole('dialog', { name: A.updateHeading });
const waiverRegion = (scope: Page | Locator) => scope.getByRole('region', { name: EM.waiverRegion });
const acceptWaiver = (scope: Page | Locator) => scope.getByLabel(ENTRY_MESSAGES.acceptWaiver);
const participantsPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants`;
const registeredTable = (page: Page) => page.getByRole('table', { name: L.caption(L.tabs.registered) });
const lastNames = (page: Page) => registeredTable(page).getByRole('rowheader');
const filter = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const totals = (page: Page, caption: string) =>
  page.getByRole('region', { name: P.totals.heading }).getByRole('table', { name: caption });

async function myRegistration(page: Page, email: string, race: Marathon): Promise<Registration> {
  const response = await page.request.get(`/api/registrations/by-email/${encodeURIComponent(email)}`);
  const mine = (await response.json()) as Registration[];
  return mine.find((registration) => registration.marathonId === race._id)!;
}

/** A description list's terms and definitions, as an object. */
async function readDetails(list: Locator): Promise<Record<string, string>> {
  const terms = await list.getByRole('term').allTextContents();
  const definitions = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index]!]));
}

/** Downloads the desk's CSV through its link and reads it as header → cell objects, one per row. */
async function downloadCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: L.downloadCsv }).click();
  const download = await downloading;
  const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8'), {
    bom: true,
  }) as string[][];
  return {
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!]))),
  };
}

test('a runner enters through the entry form with the keyboard alone; too young a day of birth is refused before sending', async ({
  page,
  alertLog,
  baseURL,
  runner,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
  const raceDay = raceDayOf(race);
  const ids = questionIds(race);
  const tooYoung = bornAged(race, 17);
  const dateOfBirth = bornAged(race, 34);
  const posts = recordPosts(page, '/api/registrations');
  await page.goto(`/registration/${race._id}`);

  // The form asks what the race collects, grouped.
  for (const group of Object.values(EM.groups)) {
    await expect(page.getByRole('group', { name: group, exact: true })).toBeVisible();
  }

  await expect(field(page, RL.firstName)).toBeFocused();
  await page.keyboard.type('Ann');
  await tabTo(page, field(page, RL.lastName));
  await page.keyboard.type('Lee');
  await tabTo(page, field(page, RL.contact));
  await page.keyboard.type('+1 555 0101');
  const dob = field(page, EL.dateOfBirth);
  await tabTo(page, dob);
  await page.keyboard.type(dateKeys(tooYoung));
  await expect(dob).toHaveValue(tooYoung);
  // Too young: said at once, with the rule below.
  const refusedAge = `${ENTRY_MESSAGES.tooYoung(18, raceDay)} ${EM.minimumAgeHint(18, raceDay)}`;
  await expect(dob).toHaveAccessibleDescription(refusedAge);
  await expect(dob).toHaveAttribute('aria-invalid', 'true');

  await tabTo(page, field(page, EL.gender));
  await pickWithKeyboard(page, 1);
  await expect(field(page, EL.gender)).toHaveValue('female');
  await tabTo(page, field(page, EL.tShirtSize));
  await pickWithKeyboard(page, 2);
  await expect(field(page, EL.tShirtSize)).toHaveValue('M');
  await tabTo(page, field(page, EL.emergencyContactName));
  await page.keyboard.type('Bo Lee');
  await tabTo(page, field(page, EL.emergencyContactPhone));
  await page.keyboard.type('+1 555 0199');
  await tabTo(page, field(page, QUESTIONS.club));
  await page.keyboard.type('Harriers');
  await tabTo(page, field(page, QUESTIONS.wave));
  await pickWithKeyboard(page, 2);
  await expect(field(page, QUESTIONS.wave)).toHaveValue('Fast');
  await tabTo(page, field(page, QUESTIONS.photos));
  await page.keyboard.press('Space');
  await expect(field(page, QUESTIONS.photos)).toBeChecked();

  // The waiver scrolls from the keyboard; its checkbox follows it.
  const waiver = waiverRegion(page);
  await tabTo(page, waiver);
  await expect(waiver).toContainText('Clause 1:');
  await page.keyboard.press('End');
  await expect.poll(() => waiver.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('Tab');
  await expect(acceptWaiver(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(acceptWaiver(page)).toBeChecked();

  // Sending with a day of birth too young: refused in the browser, the cursor back on it.
  const submit = page.getByRole('button', { name: R.submit });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(dob).toBeFocused();
  await expect(dob).toHaveAccessibleDescription(refusedAge);
  expect(posts).toEqual([]);

  await page.keyboard.type(dateKeys(dateOfBirth));
  await expect(dob).toHaveValue(dateOfBirth);
  await expect(dob).toHaveAccessibleDescription(EM.minimumAgeHint(18, raceDay));
  await tabTo(page, submit);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/registrations' && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(201);
  await expectAlertShown(alertLog, { title: R.successTitle, text: R.successText(race.title) });
  await expect(page).toHaveURL('/dashboard/my-applies');
  expect(posts).toHaveLength(1);

  const entered = await myRegistration(page, runner.email, race);
  expect(entered).toMatchObject({
    firstName: 'Ann',
    lastName: 'Lee',
    contact: '+1 555 0101',
    dateOfBirth,
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: { name: 'Bo Lee', phone: '+1 555 0199' },
    answers: { [ids.club]: 'Harriers', [ids.wave]: 'Fast', [ids.photos]: true },
    ageOnRaceDay: 34,
    ageGroup: '30–39',
    waiverVersion: 1,
  });
  expect(Date.parse(entered.waiverAcceptedAt!)).toBeGreaterThan(Date.now() - 60_000);
});

test('the desk shows the answers in columns, row details, filters and totals, and the CSV has them all', async ({
  page,
  baseURL,
  runner: _organizer,
  enter,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
  const ids = questionIds(race);
  const common = { contact: '+1 555 0100', waiverAccepted: true } as const;
  const ann = await enter(race, {
    ...common,
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: bornAged(race, 34),
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: { name: 'Bo Lee', phone: '+1 555 0199' },
    answers: { [ids.club]: 'Harriers', [ids.wave]: 'Fast', [ids.photos]: true },
  });
  const ben = await enter(race, {
    ...common,
    firstName: 'Ben',
    lastName: 'Kim',
    dateOfBirth: bornAged(race, 52),
    gender: 'male',
    tShirtSize: 'XL',
    emergencyContact: { name: 'Jo Kim', phone: '+1 555 0198' },
    // Quotes and a comma to quote, a leading = to defuse.
    answers: { [ids.club]: '=Road "Runners", North', [ids.wave]: 'Elite', [ids.photos]: false },
  });
  const cy = await enter(race, {
    ...common,
    firstName: 'Cy',
    lastName: 'Doe',
    // 18 on race day, the youngest allowed: in the first group.
    dateOfBirth: bornAged(race, 18),
    tShirtSize: 'M',
    emergencyContact: { name: 'Di Doe', phone: '+1 555 0197' },
    answers: { [ids.wave]: 'Fun run' },
  });

  await page.goto(participantsPath(race));
  await expect(lastNames(page)).toHaveText(['Lee', 'Kim', 'Doe']);
  await expect(registeredTable(page).getByRole('columnheader')).toHaveText([
    L.columns.bib,
    L.columns.lastName,
    L.columns.firstName,
    L.columns.email,
    L.columns.contact,
    L.columns.info,
    L.columns.timestamp,
    L.columns.gender,
    L.columns.ageGroup,
    L.columns.tShirtSize,
    L.columns.checkedIn,
    'Actions',
  ]);
  const answerCells = async (lastName: string) =>
    (await rowWith(page, lastName).getByRole('cell').allTextContents()).slice(6, 9);
  expect(await answerCells('Lee')).toEqual(['Female', '30–39', 'M']);
  expect(await answerCells('Kim')).toEqual(['Male', '50–59', 'XL']);
  expect(await answerCells('Doe')).toEqual([L.noAnswer, '0–19', 'M']);

  // A row's details: the answers the columns do not show.
  const details = page.getByRole('button', { name: `${P.details.button}${P.details.of('Ben Kim')}` });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const benDetails = page.getByRole('group', { name: P.details.label('Ben Kim') });
  expect(await readDetails(benDetails)).toEqual({
    [EL.dateOfBirth]: bornAged(race, 52),
    [P.details.ageOnRaceDay]: '52',
    [EL.emergencyContactName]: 'Jo Kim',
    [EL.emergencyContactPhone]: '+1 555 0198',
    [QUESTIONS.club]: '=Road "Runners", North',
    [QUESTIONS.wave]: 'Elite',
    [QUESTIONS.photos]: P.details.no,
    [P.details.waiverVersion]: '1',
    [P.details.waiverAcceptedAt]: formatDateTime(ben.waiverAcceptedAt, race.timeZone),
  });
  await details.click();
  await expect(benDetails).toHaveCount(0);

  // The totals: registered runners per size, gender and age group, every value listed.
  const rowsOf = (caption: string) => totals(page, caption).getByRole('row');
  await expect(rowsOf(P.totals.tShirtSizes)).toHaveText([
    `${P.totals.value.tShirtSizes}${P.totals.count}`,
    'S0',
    'M2',
    'L0',
    'XL1',
    `${P.totals.unanswered}0`,
  ]);
  await expect(rowsOf(P.totals.genders)).toHaveText([
    `${P.totals.value.genders}${P.totals.count}`,
    `${EM.genders.female}1`,
    `${EM.genders.male}1`,
    `${EM.genders.nonbinary}0`,
    `${P.totals.unanswered}1`,
  ]);
  await expect(rowsOf(P.totals.ageGroups)).toHaveText([
    `${P.totals.value.ageGroups}${P.totals.count}`,
    '0–191',
    '20–290',
    '30–391',
    '40–490',
    '50–591',
    '60–690',
    '70+0',
    `${P.totals.unanswered}0`,
  ]);

  // The filters narrow the rows, and go into the URL and the CSV link.
  await filter(page, P.filters.gender).selectOption({ label: EM.genders.male });
  await expect(page).toHaveURL(/[?&]gender=male(&|$)/);
  await expect(lastNames(page)).toHaveText(['Kim']);
  await filter(page, P.filters.gender).selectOption({ label: P.filters.unanswered });
  await expect(lastNames(page)).toHaveText(['Doe']);
  await filter(page, P.filters.ageGroup).selectOption('50–59');
  await expect(page.getByText(L.noFilterMatch)).toBeVisible();
  await filter(page, P.filters.gender).selectOption({ label: P.filters.all });
  await expect(lastNames(page)).toHaveText(['Kim']);
  await filter(page, P.filters.ageGroup).selectOption('30–39');
  await expect(lastNames(page)).toHaveText(['Lee']);
  await expect(page).toHaveURL(/[?&]ageGroup=30%E2%80%9339(&|$)/);
  await expect(page.getByRole('link', { name: L.downloadCsv })).toHaveAttribute(
    'href',
    /[?&]ageGroup=30%E2%80%9339(&|$)/,
  );
  const filtered = await downloadCsv(page);
  expect(filtered.rows.map((row) => row['Last Name'])).toEqual(['Lee']);

  // The whole CSV: the nine columns, the entry form’s, the payment’s, the check-in’s, then one per question in form order.
  await filter(page, P.filters.ageGroup).selectOption({ label: P.filters.all });
  await expect(lastNames(page)).toHaveText(['Lee', 'Kim', 'Doe']);
  const csv = await downloadCsv(page);
  expect(csv.header).toEqual([
    ...PARTICIPANTS_CSV_HEADER,
    ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
    ...PARTICIPANTS_CSV_PAYMENT_HEADER,
    ...PARTICIPANTS_CSV_CHECKIN_HEADER,
    QUESTIONS.club,
    QUESTIONS.wave,
    QUESTIONS.photos,
  ]);
  const entryColumns = (entry: Registration) => ({
    'Waiver Version': '1',
    'Waiver Accepted At': formatIsoInZone(entry.waiverAcceptedAt!, race.timeZone),
  });
  expect(csv.rows).toEqual([
    expect.objectContaining({
      'Last Name': 'Lee',
      'Date of Birth': bornAged(race, 34),
      'Age on Race Day': '34',
      'Age Group': '30–39',
      Gender: 'female',
      'T-shirt Size': 'M',
      'Emergency Contact Name': 'Bo Lee',
      // A leading + is defused too, as in Contact.
      'Emergency Contact Phone': "'+1 555 0199",
      ...entryColumns(ann),
      [QUESTIONS.club]: 'Harriers',
      [QUESTIONS.wave]: 'Fast',
      [QUESTIONS.photos]: 'yes',
    }),
    expect.objectContaining({
      'Last Name': 'Kim',
      'Age Group': '50–59',
      Gender: 'male',
      'T-shirt Size': 'XL',
      ...entryColumns(ben),
      [QUESTIONS.club]: `'=Road "Runners", North`,
      [QUESTIONS.wave]: 'Elite',
      [QUESTIONS.photos]: 'no',
    }),
    expect.objectContaining({
      'Last Name': 'Doe',
      'Age on Race Day': '18',
      'Age Group': '0–19',
      Gender: '',
      ...entryColumns(cy),
      [QUESTIONS.club]: '',
      [QUESTIONS.wave]: 'Fun run',
      [QUESTIONS.photos]: '',
    }),
  ]);
});

/** A race with the full entry form, which the page's user has entered with every answer. */
async function enterOwnRace(page: Page, baseURL: string) {
  const race = await createMarathonViaApi(page.request, baseURL, FULL_ENTRY_FORM);
  const ids = questionIds(race);
  await registerViaApi(page.request, baseURL, race._id, {
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: bornAged(race, 34),
    gender: 'female',
    tShirtSize: 'M',
    emergencyContact: { name: 'Bo Lee', phone: '+1 555 0199' },
    answers: { [ids.club]: 'Harriers', [ids.wave]: 'Fast', [ids.photos]: true },
    waiverAccepted: true,
  });
  return { race, ids };
}

/** The organizer changes the race's waiver: its version goes up. */
async function changeWaiver(page: Page, baseURL: string, race: Marathon) {
  const changed = await page.request.patch(`/api/marathons/${race._id}`, {
    data: { waiver: { text: 'A new waiver: I run at my own risk.' } },
    headers: { Origin: baseURL },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

/** Opens the Update dialog of the runner's entry in this race. */
async function openUpdateDialog(page: Page, race: Marathon) {
  await page.goto('/dashboard/my-applies');
  await page.getByRole('button', { name: `Update ${race.title}` }).click();
  return updateDialog(page);
}

/** Opens the desk of the race with the entry's details shown. */
async function openDeskWithDetails(page: Page, race: Marathon) {
  await page.goto(participantsPath(race));
  await expect(page.getByRole('region', { name: P.totals.heading })).toBeVisible();
  await page.getByRole('button', { name: `${P.details.button}${P.details.of('Ann Lee')}` }).click();
  await expect(page.getByRole('group', { name: P.details.label('Ann Lee') })).toBeVisible();
}

test("a runner changes the answers from My Apply List's Update dialog", async ({ page, baseURL, runner }) => {
  const { race, ids } = await enterOwnRace(page, baseURL!);
  const dateOfBirth = bornAged(race, 34);

  // The answers as given; the waiver, already accepted, is not asked again.
  const dialog = await openUpdateDialog(page, race);
  await expect(field(dialog, EL.tShirtSize)).toHaveValue('M');
  await expect(field(dialog, EL.dateOfBirth)).toHaveValue(dateOfBirth);
  await expect(field(dialog, EL.gender)).toHaveValue('female');
  await expect(field(dialog, EL.emergencyContactName)).toHaveValue('Bo Lee');
  await expect(field(dialog, QUESTIONS.club)).toHaveValue('Harriers');
  await expect(field(dialog, QUESTIONS.wave)).toHaveValue('Fast');
  await expect(field(dialog, QUESTIONS.photos)).toBeChecked();
  await expect(acceptWaiver(dialog)).toHaveCount(0);

  await field(dialog, EL.tShirtSize).selectOption('L');
  await field(dialog, EL.gender).selectOption({ label: EM.choose });
  await field(dialog, QUESTIONS.club).fill('Road Runners');
  await field(dialog, QUESTIONS.wave).selectOption('Fun run');
  await field(dialog, QUESTIONS.photos).uncheck();
  await dialog.getByRole('button', { name: A.updateSubmit }).click();
  await expectAlertAndClose(page, A.update.doneTitle, UPDATED);
  await expect(dialog).toBeHidden();
  expect(await myRegistration(page, runner.email, race)).toMatchObject({
    dateOfBirth,
    gender: null,
    tShirtSize: 'L',
    emergencyContact: { name: 'Bo Lee', phone: '+1 555 0199' },
    answers: { [ids.club]: 'Road Runners', [ids.wave]: 'Fun run', [ids.photos]: false },
    waiverVersion: 1,
  });

  await openUpdateDialog(page, race);
  await expect(field(dialog, EL.tShirtSize)).toHaveValue('L');
  await expect(field(dialog, QUESTIONS.wave)).toHaveValue('Fun run');
  await expect(field(dialog, QUESTIONS.photos)).not.toBeChecked();
});

test("a newer waiver is accepted in My Apply List's Update dialog before any change is saved", async ({
  page,
  baseURL,
  runner,
}) => {
  const { race } = await enterOwnRace(page, baseURL!);
  await changeWaiver(page, baseURL!, race);

  const dialog = await openUpdateDialog(page, race);
  await expect(dialog.getByText(EM.newWaiver)).toBeVisible();
  await expect(waiverRegion(dialog)).toContainText('A new waiver');
  await field(dialog, EL.tShirtSize).selectOption('XL');
  await dialog.getByRole('button', { name: A.updateSubmit }).click();
  await expect(acceptWaiver(dialog)).toHaveAccessibleDescription(ENTRY_MESSAGES.waiver);
  await expect(acceptWaiver(dialog)).toBeFocused();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: A.updateSubmit }).click();
  await expectAlertAndClose(page, A.update.doneTitle, UPDATED);
  await expect(dialog).toBeHidden();
  expect(await myRegistration(page, runner.email, race)).toMatchObject({
    waiverVersion: 2,
    tShirtSize: 'XL',
  });
});

for (const theme of THEMES) {
  test(`the registration form with the entry form passes axe, also with errors shown (${theme} theme)`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
    await page.goto(`/registration/${race._id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(waiverRegion(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: R.submit }).click();
    await expect(acceptWaiver(page)).toHaveAccessibleDescription(ENTRY_MESSAGES.waiver);
    await expect(field(page, QUESTIONS.wave)).toHaveAccessibleDescription(
      ENTRY_MESSAGES.required(QUESTIONS.wave),
    );
    await expectNoSeriousA11yViolations(page);
  });

  test(`the Update dialog with a newer waiver, and the desk with details and totals, pass axe (${theme} theme)`, async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    await useTheme(page, theme);
    const { race } = await enterOwnRace(page, baseURL!);
    await changeWaiver(page, baseURL!, race);

    const dialog = await openUpdateDialog(page, race);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await dialog.getByRole('button', { name: A.updateSubmit }).click();
    await expect(acceptWaiver(dialog)).toHaveAccessibleDescription(ENTRY_MESSAGES.waiver);
    await expectNoSeriousA11yViolations(page);

    await openDeskWithDetails(page, race);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the entry form, the Update dialog and the desk do not scroll sideways', async ({
    page,
    baseURL,
    runner: _runner,
  }) => {
    const { race } = await enterOwnRace(page, baseURL!);
    const fresh = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
    await changeWaiver(page, baseURL!, race);

    await page.goto(`/registration/${fresh._id}`);
    await page.getByRole('button', { name: R.submit }).click();
    await expect(acceptWaiver(page)).toHaveAccessibleDescription(ENTRY_MESSAGES.waiver);
    expect(await scrollsSideways(page)).toBe(false);

    const dialog = await openUpdateDialog(page, race);
    await expect(waiverRegion(dialog)).toBeVisible();
    expect(await overflowsSideways(dialog)).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);

    await openDeskWithDetails(page, race);
    await expect(page.getByRole('table', { name: P.totals.ageGroups })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });
});
