import { and, asc, eq, sql } from 'drizzle-orm';
import { accounts, marathons, registrations, users, verifications } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';

/** An organizer's race as deleting the account judges it: does it still have runners (registered or waiting)? */
export type OwnRace = { _id: string; title: string; hasRunners: boolean };

/** The account's own rows: who it is, how it signs in, and what its deletion removes. */
export function createAccountsRepository(db: Executor) {
  return {
    async findAccount(userId: string) {
      const [row] = await db
        .select({ name: users.name, email: users.email, photoURL: users.image, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The hash of the account's password, or null for an account that only signs in with Google. */
    async findPasswordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? null;
    },

    /**
     * The organizer's races, oldest first, each saying whether runners are entered; with `lock`, their rows stay
     * as read for the rest of the transaction (no runner can enter one while the account goes).
     */
    async findOwnRaces(creatorId: string, { lock = false } = {}): Promise<OwnRace[]> {
      const query = db
        .select({
          _id: marathons.id,
          title: marathons.title,
          hasRunners: sql<boolean>`${marathons.totalRegistrationCount} + ${marathons.waitlistCount} > 0`,
        })
        .from(marathons)
        .where(eq(marathons.creatorId, creatorId))
        .orderBy(asc(marathons.createdAt), asc(marathons.id));
      return lock ? query.for('update') : query;
    },

    /** How many entries (registered or waitlisted) the runner has. */
    countEntries: (userId: string) => db.$count(registrations, eq(registrations.userId, userId)),

    /**
     * Deletes the account: its races (which have no runners left), its unused links (password reset), then the
     * user, whose sessions, sign-in accounts and images go with it (foreign keys). Returns the deleted races' ids.
     */
    async remove(userId: string): Promise<string[]> {
      const races = await db
        .delete(marathons)
        .where(eq(marathons.creatorId, userId))
        .returning({ id: marathons.id });
      await db.delete(verifications).where(eq(verifications.value, userId));
      await db.delete(users).where(eq(users.id, userId));
      return races.map((race) => race.id);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
