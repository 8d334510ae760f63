import { MARATHON_FIELD_LABELS as L, type EntryMode } from '@stride/shared';

/**
 * User-facing texts of the add/update form's Places section (issue 35): how places are given and whether they may
 * be handed on, shared by the screen and its tests. Field labels are `MARATHON_FIELD_LABELS` in @stride/shared.
 */
export const PLACES_FIELDS_MESSAGES = {
  heading: 'Places',
  intro: 'How runners get a place, and whether they may hand it on to someone else.',
  entryModes: {
    first_come: 'First come, first served',
    ballot: 'Entry by ballot',
  } satisfies Record<EntryMode, string>,
  entryModeHint:
    'By ballot, runners enter while registration is open; the places are drawn at the draw date, in a way anyone can check.',
  ballotDrawAtHint: `After the ${L.endRegDate}, and not after the ${L.startDate}.`,
  transfersUntilHint: 'Empty: No transfers. Until then, a runner can offer their place to someone else.',
} as const;
