import { z } from 'zod';
import { ENTRY_MODES } from './ballot.js';
import { requiredDate } from './fields.js';

/** How a race's places are given (first come or by ballot) and handed on (transfers), as the race carries them. */

export const PLACES_FIELD_LABELS = {
  entryMode: 'Entry Mode',
  ballotDrawAt: 'Ballot Draw Date',
  transfersUntil: 'Transfer Deadline',
} as const;

/** The ballot's fields of the race's add/update body: left out, each keeps its value (first come on add). */
export const ballotInputFields = {
  entryMode: z
    .enum(ENTRY_MODES, { error: `entryMode must be ${ENTRY_MODES.join(' or ')}` })
    .optional()
    .describe('first_come (the default): places go to the first runners; ballot: places are drawn'),
  ballotDrawAt: requiredDate(PLACES_FIELD_LABELS.ballotDrawAt)
    .nullable()
    .optional()
    .describe('When the ballot is drawn: after the End Registration Date; required with entryMode ballot'),
};

/** The ballot as every race the API returns carries it. */
export const ballotFields = {
  entryMode: z.enum(ENTRY_MODES),
  /** When the ballot is drawn (by itself); null for a first-come race. */
  ballotDrawAt: z.iso.datetime().nullable(),
  /** Entries in the ballot (before and after the draw). */
  ballotCount: z.number().int(),
  /** When the ballot was drawn; null before. */
  ballotDrawnAt: z.iso.datetime().nullable(),
};

/** The transfer deadline of the race's add/update body: null (the default) allows no transfers. */
export const transferInputFields = {
  transfersUntil: requiredDate(PLACES_FIELD_LABELS.transfersUntil)
    .nullable()
    .optional()
    .describe('Until when runners may hand their place on; null (the default): no transfers'),
};

/** The transfer deadline as every race the API returns carries it. */
export const transferFields = { transfersUntil: z.iso.datetime().nullable() };
