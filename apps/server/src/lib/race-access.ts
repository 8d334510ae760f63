import type { RaceRole } from '@stride/shared';
import type { Executor } from '../db/transaction.js';
import { AppError } from './app-error.js';

/**
 * Who may do what on a race (issue 33): its organizer, and the members of its team. Answered by the staff module
 * (wired in container.ts) from the database on every call, so a role changed or ended holds at once, in every
 * server process.
 */
export type RaceAccess = {
  /** The user's active role on the race, or null: read only when the user is not its organizer. */
  staffRole(raceId: string, userId: string): Promise<Exclude<RaceRole, 'organizer'> | null>;
};

/**
 * The port on a transaction or on the database: a guard inside a transaction reads the team on the transaction's
 * own connection (a second connection per transaction could wait forever on a busy pool).
 */
export type RaceAccessOn = (executor: Executor) => RaceAccess;

/** The user's part in a race: `organizer` when they created it, else their active role on its team, or null. */
export async function roleOn(
  access: RaceAccess,
  race: { id: string; creatorId: string },
  userId: string,
): Promise<RaceRole | null> {
  if (race.creatorId === userId) return 'organizer';
  return access.staffRole(race.id, userId);
}

/** What each role may do on a race. */
export const RACE_ABILITIES = {
  /** Delete the race, manage its team. */
  own: ['organizer'],
  /** Change the race; its desk, CSV, stats, cancellations, payments and codes; read the team. */
  organize: ['organizer', 'coorganizer'],
  /** Read the check-in roster and check runners in. */
  checkIn: ['organizer', 'coorganizer', 'checkin'],
} as const satisfies Record<string, readonly RaceRole[]>;
export type RaceAbility = keyof typeof RACE_ABILITIES;

/** A refusal's words: one message, or one chosen by the caller's role (null: not on the race's team at all). */
export type RefusalMessage = string | ((role: RaceRole | null) => string);

/**
 * Guards an act on a race: the caller's role must allow `ability`, else 403 with `message`. Answers the role,
 * for a call that also depends on it (a check-in volunteer undoes only their own check-ins).
 */
export async function requireRaceAbility(
  access: RaceAccess,
  race: { id: string; creatorId: string },
  userId: string,
  ability: RaceAbility,
  message: RefusalMessage,
): Promise<RaceRole> {
  const role = await roleOn(access, race, userId);
  if (role === null || !(RACE_ABILITIES[ability] as readonly RaceRole[]).includes(role)) {
    throw new AppError('FORBIDDEN', typeof message === 'string' ? message : message(role));
  }
  return role;
}
