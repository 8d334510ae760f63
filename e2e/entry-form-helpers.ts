import type { Locator, Page } from '@playwright/test';
import {
  AGE_GROUP_PRESETS,
  formatDayInZone,
  yearsBefore,
  type CreateMarathonInput,
  type Marathon,
} from '@stride/shared';
import { expect } from './fixtures';

// Issue 31: what the entry form specs share.

/** A waiver long enough to scroll in its region. */
export const WAIVER_TEXT = Array.from(
  { length: 30 },
  (_, index) => `Clause ${index + 1}: I run at my own risk and accept the rules of the race.`,
).join('\n');

export const QUESTIONS = {
  club: 'Running club',
  wave: 'Start wave',
  photos: 'Photos may be taken',
} as const;
export const WAVES = ['Elite', 'Fast', 'Fun run'] as const;
export const SIZES = ['S', 'M', 'L', 'XL'] as const;

/**
 * A race's entry form asking everything: the four standard fields (gender optional, the others required), the
 * sizes, one question of each kind (the choice required), a waiver, a minimum age of 18 and 10-year age groups.
 */
export const FULL_ENTRY_FORM = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'optional',
    tShirtSize: 'required',
    emergencyContact: 'required',
  },
  tShirtSizes: [...SIZES],
  questions: [
    { label: QUESTIONS.club, type: 'text', required: false },
    { label: QUESTIONS.wave, type: 'select', required: true, options: [...WAVES] },
    { label: QUESTIONS.photos, type: 'checkbox', required: false },
  ],
  waiver: { text: WAIVER_TEXT },
  minimumAge: 18,
  ageGroups: [...AGE_GROUP_PRESETS.tenYear],
} satisfies Partial<CreateMarathonInput>;

/** The race's start day where it is run: the day ages are counted on. */
export const raceDayOf = (race: Pick<Marathon, 'startDate' | 'timeZone'>) =>
  formatDayInZone(race.startDate, race.timeZone);

/** The day of birth of a runner who turns `age` on race day. */
export const bornAged = (race: Pick<Marathon, 'startDate' | 'timeZone'>, age: number) =>
  yearsBefore(raceDayOf(race), age);

/** The ids of {@link FULL_ENTRY_FORM}'s questions in a race, by their key in {@link QUESTIONS}. */
export function questionIds(race: Pick<Marathon, 'questions'>): Record<keyof typeof QUESTIONS, string> {
  const idOf = (label: string) => {
    const question = race.questions.find((candidate) => candidate.label === label);
    if (!question) throw new Error(`No question "${label}" in the race`);
    return question.id;
  };
  return { club: idOf(QUESTIONS.club), wave: idOf(QUESTIONS.wave), photos: idOf(QUESTIONS.photos) };
}

/** YYYY-MM-DD as typed into a date input in the en-US locale: the digits of MM, DD and YYYY. */
export const dateKeys = (day: string) => `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`;

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through a form; fails when it is not
 * reached within `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, limit = 12) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Chooses the option `steps` below the chosen one in the focused select, from the keyboard: the app's selects
 * are customizable ones (`appearance: base-select`), so an arrow opens the list, the arrows move, Enter picks.
 */
export async function pickWithKeyboard(page: Page, steps: number) {
  await page.keyboard.press('ArrowDown');
  for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/**
 * True when this element (a dialog) or a box inside it is wider than it shows, i.e. scrolls sideways. Boxes of a
 * pixel or less (text for screen readers only) do not count.
 */
export const overflowsSideways = (element: Locator) =>
  element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].some(
      (box) => box.clientWidth > 1 && box.scrollWidth > box.clientWidth,
    ),
  );
