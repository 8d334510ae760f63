import type { Gender } from '@stride/shared';

/**
 * Texts of a race's entry form as runners see it (issue 31), beside the shared ENTRY_FIELD_LABELS and
 * ENTRY_MESSAGES; shared by the registration form, the Update dialog, the organizer's preview and their tests.
 */
export const ENTRY_FORM_MESSAGES = {
  groups: {
    aboutYou: 'About you',
    emergencyContact: 'Emergency contact',
    questions: 'Questions',
    waiver: 'Waiver',
  },
  /** Names the waiver's scrollable text. */
  waiverRegion: 'Waiver',
  waiverVersion: (version: number) => `Version ${version}`,
  /** Above a form that has required fields: what the mark means. */
  requiredNote: 'Fields marked * are required.',
  /** The empty choice of a select: nothing chosen yet (or, for an optional one, none). */
  choose: 'Choose…',
  genders: { female: 'Female', male: 'Male', nonbinary: 'Non-binary' } satisfies Record<Gender, string>,
  /** Below the date of birth when the race has a minimum age. */
  minimumAgeHint: (minimumAge: number, raceDay: string | null) =>
    raceDay === null
      ? `Minimum age: ${minimumAge} on race day`
      : `Minimum age: ${minimumAge} on race day (${raceDay})`,
  /** The Update dialog: a newer waiver than the one the runner accepted. */
  newWaiver: 'The waiver has changed since you accepted it: please read it and accept it again.',
  /** The Update dialog while the race's form loads, and when it could not. */
  loading: 'Loading the race’s entry form…',
  loadFailed:
    'The race’s entry form could not be loaded: only your name, contact and info can be changed now.',
} as const;
