import type { Locator, Page } from '@playwright/test';
import {
  AGE_GROUP_PRESETS,
  ENTRY_FIELD_LABELS as EL,
  ENTRY_MESSAGES,
  MARATHON_FIELD_LABELS as L,
  ageGroupLabels,
  DEFAULT_T_SHIRT_SIZES,
  NO_REGISTRATION_FIELDS,
  STANDARD_FIELDS,
  type Marathon,
} from '@stride/shared';
import { ENTRY_FORM_MESSAGES as EM } from '../apps/web/src/components/entry-form/entry-form-messages';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../apps/web/src/features/marathons/dashboard-messages';
import { DETAILS_MESSAGES as D } from '../apps/web/src/features/marathons/details-messages';
import { ENTRY_FORM_BUILDER_MESSAGES as B } from '../apps/web/src/features/marathons/entry-form-builder-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi } from './api-helpers';
import { answerConfirm, expectAlertAndClose, rowWith, scrollsSideways, typeDate } from './dashboard-helpers';
import { FULL_ENTRY_FORM, overflowsSideways, QUESTIONS, raceDayOf, WAIVER_TEXT } from './entry-form-helpers';
import { expect, expectAlertShown, test } from './fixtures';

// Issue 31, the organizer's side: the Registration form section of Add Marathon and Update Marathon.

// The date pickers show and read local time: pin it, so the dates typed are unambiguous.
test.use({ timezoneId: 'UTC' });

const UPDATED = 'Marathon updated successfully';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const TEN_YEAR = AGE_GROUP_PRESETS.tenYear.join(', ');

const myMarathons = (page: Page) =>
  page.request.get('/api/my-marathons').then((r) => r.json() as Promise<Marathon[]>);
const updateDialog = (page: Page) => page.getByRole('dialog', { name: M.updateHeading });
const section = (scope: Page | Locator) => scope.getByRole('region', { name: B.heading });
const question = (scope: Locator, position: number) =>
  scope.getByRole('group', { name: B.questionLegend(position), exact: true });
const questionLabel = (scope: Locator, position: number) =>
  question(scope, position).getByLabel(B.questionLabel, { exact: true });
type Field = keyof typeof B.standardFields;
type Collection = keyof typeof B.collection;
const collectionGroup = (scope: Locator, field: Field) =>
  scope.getByRole('group', { name: B.standardFields[field], exact: true });
const collection = (scope: Locator, field: Field, value: Collection) =>
  collectionGroup(scope, field).getByRole('radio', { name: B.collection[value] });

/** Chooses Off, Optional or Required for a standard field by its segment, as a pointer user does. */
async function choose(scope: Locator, field: Field, value: Collection) {
  await collectionGroup(scope, field).getByText(B.collection[value], { exact: true }).click();
  await expect(collection(scope, field, value)).toBeChecked();
}
/** The preview of the runner's form: a <details> opened by its summary. */
const preview = (scope: Locator) => scope.locator('details');

/** Adds a question at the end of the list and gives it a label; returns its group. */
async function addQuestion(form: Locator, position: number, label: string) {
  await form.getByRole('button', { name: B.addQuestion }).click();
  const label_ = questionLabel(form, position);
  await expect(label_).toBeFocused();
  await label_.fill(label);
  return question(form, position);
}

test('on Add Marathon an organizer builds questions of every kind, required ones, and removes one after confirming', async ({
  page,
  alertLog,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const title = `Entry Form Race ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-marathon');
  await page.getByLabel(L.title, { exact: true }).fill(title);
  await typeDate(page, L.startRegDate, `01/10/${NEXT_YEAR} 9:00 AM`);
  await typeDate(page, L.endRegDate, `02/20/${NEXT_YEAR} 6:30 PM`);
  await typeDate(page, L.startDate, `03/15/${NEXT_YEAR} 7:30 AM`);
  await page.getByLabel(L.location, { exact: true }).fill('Porto');
  await page.getByLabel(L.description, { exact: true }).fill('Along the river.');
  await page.getByLabel(L.image, { exact: true }).fill(`${baseURL}/images/marathons/poster-2.svg`);

  const form = section(page);
  await expect(form.getByRole('heading', { level: 2, name: B.heading })).toBeVisible();

  // One question of each kind, two of them required; a fourth removed again after the confirmation.
  await expect(form.getByText(B.noQuestions)).toBeVisible();
  await addQuestion(form, 1, QUESTIONS.club);
  const photos = await addQuestion(form, 2, QUESTIONS.photos);
  await photos.getByLabel(B.typeLabel).selectOption({ label: B.types.checkbox });
  await photos.getByRole('checkbox', { name: B.requiredAnswer }).check();
  const wave = await addQuestion(form, 3, QUESTIONS.wave);
  await wave.getByLabel(B.typeLabel).selectOption({ label: B.types.select });
  await wave.getByLabel(B.optionLabel(1), { exact: true }).fill('Elite');
  await wave.getByLabel(B.optionLabel(2), { exact: true }).fill('Fast');
  await wave.getByRole('button', { name: B.addOption }).click();
  await expect(wave.getByLabel(B.optionLabel(3), { exact: true })).toBeFocused();
  await page.keyboard.type('Fun run');
  await wave.getByRole('checkbox', { name: B.requiredAnswer }).check();
  await addQuestion(form, 4, 'Pasta party');

  const removal = B.removeConfirm('Pasta party');
  await form.getByRole('button', { name: `${B.remove}${B.ofQuestion(4)}` }).click();
  await answerConfirm(page, { title: removal.title, text: removal.text }, removal.confirmButton);
  await expect(question(form, 4)).toHaveCount(0);
  // Never saved, so not listed as no longer asked.
  await expect(form.getByText(B.retiredLegend)).toHaveCount(0);

  // The preview shows the runner's form as it will be, in order, nothing to fill in.
  await form.getByText(B.preview, { exact: true }).click();
  const shown = preview(form);
  await expect(shown.getByLabel(QUESTIONS.wave, { exact: true }).getByRole('option')).toHaveText([
    EM.choose,
    'Elite',
    'Fast',
    'Fun run',
  ]);
  await expect(shown.getByLabel(QUESTIONS.club, { exact: true })).toBeDisabled();
  await expect(shown.getByLabel(QUESTIONS.photos, { exact: true })).toBeDisabled();

  await page.getByRole('button', { name: M.submit }).click();
  // Saved once the alert shows (the page moves on to My Marathons after it).
  await expectAlertShown(alertLog, { title: M.addedTitle, text: M.addedText });

  const [added] = (await myMarathons(page)).filter((marathon) => marathon.title === title);
  expect(added).toMatchObject({
    registrationFields: NO_REGISTRATION_FIELDS,
    tShirtSizes: DEFAULT_T_SHIRT_SIZES,
    questions: [
      { label: QUESTIONS.club, type: 'text', required: false, options: [] },
      { label: QUESTIONS.photos, type: 'checkbox', required: true, options: [] },
      { label: QUESTIONS.wave, type: 'select', required: true, options: ['Elite', 'Fast', 'Fun run'] },
    ],
    retiredQuestions: [],
    waiver: null,
    minimumAge: null,
    ageGroups: null,
  });
  expect(new Set(added!.questions.map((saved) => saved.id)).size).toBe(3);
});

test('in Update Marathon an organizer sets the standard fields, the sizes, a waiver, a minimum age and age groups from a preset, as the preview shows', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const race = await createMarathonViaApi(page.request, baseURL!, { questions: FULL_ENTRY_FORM.questions });
  await page.goto('/dashboard/my-marathons');
  await rowWith(page, race.title).getByRole('button', { name: 'Update' }).click();
  const dialog = updateDialog(page);
  const form = section(dialog);
  await expect(form.getByRole('heading', { level: 3, name: B.heading })).toBeVisible();

  // Every standard field starts off; a click, or the arrow keys, choose.
  for (const field of STANDARD_FIELDS) await expect(collection(form, field, 'off')).toBeChecked();
  await choose(form, 'dateOfBirth', 'optional');
  await choose(form, 'gender', 'optional');
  await choose(form, 'tShirtSize', 'required');
  await choose(form, 'emergencyContact', 'required');
  await collection(form, 'emergencyContact', 'required').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(collection(form, 'emergencyContact', 'optional')).toBeChecked();
  await expect(collection(form, 'emergencyContact', 'optional')).toBeFocused();

  // The sizes: XS out (the next box takes the focus), a 3XL in.
  await form.getByRole('button', { name: B.removeSize('XS') }).click();
  await expect(form.getByLabel(B.sizeLabel(1), { exact: true })).toBeFocused();
  await expect(form.getByLabel(B.sizeLabel(1), { exact: true })).toHaveValue('S');
  await form.getByRole('button', { name: B.addSize }).click();
  await expect(form.getByLabel(B.sizeLabel(6), { exact: true })).toBeFocused();
  await page.keyboard.type('3XL');

  await form.getByLabel(B.waiverLabel, { exact: true }).fill(WAIVER_TEXT);
  const ageGroups = form.getByLabel(B.ageGroupsLabel, { exact: true });
  await expect(ageGroups).toHaveAccessibleDescription(B.ageGroupsHint);
  await form.getByRole('group', { name: B.presetsLegend }).getByRole('button', { name: '10-year' }).click();
  await expect(ageGroups).toHaveValue(TEN_YEAR);
  await expect(ageGroups).toHaveAccessibleDescription(B.groups(ageGroupLabels(AGE_GROUP_PRESETS.tenYear)));
  // A minimum age asks for the day of birth whatever its choice says.
  await form.getByLabel(B.minimumAgeLabel, { exact: true }).fill('18');
  await expect(
    form.getByRole('group', { name: B.standardFields.dateOfBirth, exact: true }),
  ).toHaveAccessibleDescription(B.dateOfBirthByMinimumAge);

  // The preview: grouped as runners will see it, the day of birth required for the age limit, the waiver.
  await form.getByText(B.preview, { exact: true }).click();
  const shown = preview(form);
  await expect(shown.getByRole('group')).toHaveText(
    Object.values(EM.groups).map((group) => new RegExp(`^${group}`)),
  );
  await expect(shown.getByLabel(EL.tShirtSize, { exact: true }).getByRole('option')).toHaveText([
    EM.choose,
    'S',
    'M',
    'L',
    'XL',
    'XXL',
    '3XL',
  ]);
  const dateOfBirth = shown.getByLabel(EL.dateOfBirth, { exact: true });
  await expect(dateOfBirth).toHaveAttribute('required');
  await expect(dateOfBirth).toHaveAccessibleDescription(EM.minimumAgeHint(18, raceDayOf(race)));
  await expect(shown.getByLabel(EL.emergencyContactPhone, { exact: true })).not.toHaveAttribute('required');
  await expect(shown.getByRole('region', { name: EM.waiverRegion })).toContainText('Clause 30');
  await expect(shown.getByLabel(ENTRY_MESSAGES.acceptWaiver)).toBeDisabled();
  await dialog.getByRole('button', { name: M.updateSubmit }).click();
  await expectAlertAndClose(page, M.update.doneTitle, UPDATED);

  const [saved] = (await myMarathons(page)).filter((marathon) => marathon._id === race._id);
  expect(saved).toMatchObject({
    registrationFields: {
      dateOfBirth: 'optional',
      gender: 'optional',
      tShirtSize: 'required',
      emergencyContact: 'optional',
    },
    tShirtSizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    waiver: { text: WAIVER_TEXT, version: 1 },
    minimumAge: 18,
    ageGroups: [...AGE_GROUP_PRESETS.tenYear],
  });
  expect(saved!.questions).toEqual(race.questions);
});

test('in Update Marathon, questions keep their ids as they move and change; one removed is retired, then asked again', async ({
  page,
  baseURL,
  uniqueUser,
  signUpViaApi,
}) => {
  await signUpViaApi(page.request, uniqueUser());
  const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
  const [clubId, waveId, photosId] = race.questions.map((saved) => saved.id);
  const saved = async () => (await myMarathons(page)).find((marathon) => marathon._id === race._id)!;

  // The form as saved; the club moves down, the photos question is retired.
  await page.goto('/dashboard/my-marathons');
  const updateButton = rowWith(page, race.title).getByRole('button', { name: 'Update' });
  await updateButton.click();
  const dialog = updateDialog(page);
  const edited = section(dialog);
  await expect(edited.getByRole('heading', { level: 3, name: B.heading })).toBeVisible();
  await expect(collection(edited, 'emergencyContact', 'required')).toBeChecked();
  await expect(edited.getByLabel(B.ageGroupsLabel, { exact: true })).toHaveValue(TEN_YEAR);
  await expect(edited.getByLabel(B.minimumAgeLabel, { exact: true })).toHaveValue('18');
  await expect(questionLabel(edited, 1)).toHaveValue(QUESTIONS.club);

  // Moved down one place: the focus stays on its button.
  await edited.getByRole('button', { name: `${B.moveDown}${B.ofQuestion(1)}` }).click();
  await expect(edited.getByRole('button', { name: `${B.moveDown}${B.ofQuestion(2)}` })).toBeFocused();
  await expect(questionLabel(edited, 1)).toHaveValue(QUESTIONS.wave);
  await expect(questionLabel(edited, 2)).toHaveValue(QUESTIONS.club);
  // The confirmation says the answers are kept; keeping the question changes nothing.
  const retiring = B.removeConfirm(QUESTIONS.photos);
  const removeButton = edited.getByRole('button', { name: `${B.remove}${B.ofQuestion(3)}` });
  await removeButton.click();
  await answerConfirm(page, { title: retiring.title, text: retiring.detail! }, retiring.keepButton!);
  await expect(questionLabel(edited, 3)).toHaveValue(QUESTIONS.photos);
  await removeButton.click();
  await answerConfirm(page, { title: retiring.title, text: retiring.text }, retiring.confirmButton);
  await expect(question(edited, 3)).toHaveCount(0);
  const noLongerAsked = edited.getByRole('list', { name: B.retiredLegend });
  const askAgain = noLongerAsked.getByRole('button', {
    name: `${B.askAgain}${B.askAgainOf(QUESTIONS.photos)}`,
  });
  await expect(noLongerAsked.getByRole('listitem')).toHaveText([
    `${QUESTIONS.photos}${B.askAgain}${B.askAgainOf(QUESTIONS.photos)}`,
  ]);
  // A label and an option edited keep the question, and its id.
  await questionLabel(edited, 2).fill('Running club or team');
  await question(edited, 1).getByLabel(B.optionLabel(3), { exact: true }).fill('Fun runners');
  await dialog.getByRole('button', { name: M.updateSubmit }).click();
  await expectAlertAndClose(page, M.update.doneTitle, UPDATED);

  const updated = await saved();
  expect(updated.questions.map(({ id, label, options }) => ({ id, label, options }))).toEqual([
    { id: waveId, label: QUESTIONS.wave, options: ['Elite', 'Fast', 'Fun runners'] },
    { id: clubId, label: 'Running club or team', options: [] },
  ]);
  expect(updated.retiredQuestions).toEqual([
    { id: photosId, label: QUESTIONS.photos, type: 'checkbox', required: false, options: [] },
  ]);
  expect(updated.waiver).toEqual({ text: WAIVER_TEXT, version: 1 });

  // Asked again: back at the end of the list, with its id.
  await updateButton.click();
  await askAgain.click();
  await expect(questionLabel(edited, 3)).toBeFocused();
  await expect(questionLabel(edited, 3)).toHaveValue(QUESTIONS.photos);
  await expect(noLongerAsked).toHaveCount(0);
  await dialog.getByRole('button', { name: M.updateSubmit }).click();
  await expectAlertAndClose(page, M.update.doneTitle, UPDATED);
  const revived = await saved();
  expect(revived.questions.map(({ id }) => id)).toEqual([waveId, clubId, photosId]);
  expect(revived.retiredQuestions).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Registration form section, its preview open, passes axe (${theme} theme)`, async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await useTheme(page, theme);
    await signUpViaApi(page.request, uniqueUser());
    const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);
    await page.goto('/dashboard/my-marathons');
    await rowWith(page, race.title).getByRole('button', { name: 'Update' }).click();
    const form = section(updateDialog(page));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await form.getByText(B.preview, { exact: true }).click();
    await expect(preview(form).getByRole('region', { name: EM.waiverRegion })).toBeVisible();
    // A retired question is listed too.
    const retiring = B.removeConfirm(QUESTIONS.photos);
    await form.getByRole('button', { name: `${B.remove}${B.ofQuestion(3)}` }).click();
    await answerConfirm(page, retiring, retiring.confirmButton);
    await expect(form.getByRole('list', { name: B.retiredLegend })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the Registration form section and its preview fit without scrolling sideways; the race page states the minimum age', async ({
    page,
    baseURL,
    uniqueUser,
    signUpViaApi,
  }) => {
    await signUpViaApi(page.request, uniqueUser());
    const race = await createMarathonViaApi(page.request, baseURL!, FULL_ENTRY_FORM);

    await page.goto('/dashboard/add-marathon');
    const added = section(page);
    const shuttle = 'Which of the many shuttle buses will you take to the start of the race?';
    const choice = await addQuestion(added, 1, shuttle);
    await choice.getByLabel(B.typeLabel).selectOption({ label: B.types.select });
    await choice.getByLabel(B.optionLabel(1), { exact: true }).fill('The early one from the railway station');
    await added.getByText(B.preview, { exact: true }).click();
    await expect(preview(added).getByLabel(shuttle, { exact: true })).toBeDisabled();
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/dashboard/my-marathons');
    await page.getByRole('button', { name: `Update ${race.title}` }).click();
    const dialog = updateDialog(page);
    const edited = section(dialog);
    await expect(questionLabel(edited, 2)).toHaveValue(QUESTIONS.wave);
    await edited.getByText(B.preview, { exact: true }).click();
    await expect(preview(edited).getByRole('region', { name: EM.waiverRegion })).toBeVisible();
    expect(await overflowsSideways(dialog)).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);

    // The race's page says who may enter.
    await page.goto(`/marathon-details/${race._id}`);
    await expect(page.getByRole('listitem').filter({ hasText: D.minimumAge })).toHaveText(
      `${D.minimumAge}: ${D.onRaceDay(FULL_ENTRY_FORM.minimumAge)}`,
    );
  });
});
