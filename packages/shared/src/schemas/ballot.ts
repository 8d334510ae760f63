import { z } from 'zod';

/**
 * Entry by ballot (issue 35): while the window is open runners enter the ballot; when it closes the seed's
 * commitment is public; at the draw the seed is published and anyone can recompute the order (docs/PRODUCT.md).
 */

/** How a race's places are given: to the first runners to enter (the default), or by a drawn ballot. */
export const ENTRY_MODES = ['first_come', 'ballot'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

/** The name the ballot's public record gives the algorithm (docs/PRODUCT.md, "The ballot"). */
export const BALLOT_ALGORITHM = 'sha256-commitment+hmac-sha256-fisher-yates-v1';

/** What the draw gave an entry: a place (or a hold on one to pay for), or a place in line. */
export const BALLOT_OUTCOMES = ['won', 'waitlisted'] as const;
export type BallotOutcome = (typeof BALLOT_OUTCOMES)[number];

/** GET /api/marathons/:id/ballot/entries.csv: the header row. */
export const BALLOT_CSV_HEADER = ['position', 'entryId', 'outcome'] as const;

export const BALLOT_MESSAGES = {
  modeLocked: 'The entry mode cannot change once runners have entered',
  notBallot: 'This race is not entered by ballot',
  notClosed: 'The ballot can be drawn once entries close',
  alreadyDrawn: 'The ballot has already been drawn',
  notDrawn: 'The ballot has not been drawn yet',
  drawnLocked: 'The ballot has been drawn: its dates cannot change',
} as const;

/** GET /api/marathons/:id/ballot: the ballot's public record. */
export const ballotSchema = z.object({
  marathonId: z.string(),
  entryMode: z.enum(ENTRY_MODES),
  ballotDrawAt: z.iso.datetime().nullable(),
  /** Entries in the ballot. */
  entries: z.number().int(),
  /** Places drawn: the race's limit (null: no limit, every entry wins). */
  places: z.number().int().nullable(),
  /** SHA-256 of the seed's 32 bytes, 64 lower-case hex digits: published when the entry window closes. */
  seedCommitment: z.string().nullable(),
  /** The seed, 64 lower-case hex digits: published at the draw. */
  seed: z.string().nullable(),
  drawnAt: z.iso.datetime().nullable(),
  /** Winners at the draw; null before it. */
  winners: z.number().int().nullable(),
  algorithm: z.literal(BALLOT_ALGORITHM),
});
export type Ballot = z.infer<typeof ballotSchema>;

/** Where a runner's ballot entry came out of the draw: its 1-based drawn position and outcome. */
export const ballotResultSchema = z.object({ position: z.number().int(), outcome: z.enum(BALLOT_OUTCOMES) });
export type BallotResult = z.infer<typeof ballotResultSchema>;
