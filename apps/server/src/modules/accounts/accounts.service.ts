import { ACCOUNT_MESSAGES, FRESH_SIGN_IN_MS } from '@stride/shared';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AccountsRepository, createAccountsRepository } from './accounts.repository.js';

/** What deleting an account needs of the registrations module: its withdrawal, on our transaction. */
export type RunnerEntries = {
  /** Withdraws every entry of the runner as the runner would; returns how many. */
  withdrawAll: (tx: Executor, record: RecordChange, runnerId: string) => Promise<number>;
};

export type AccountsServiceDependencies = {
  unitOfWork: UnitOfWork;
  runnerEntries: RunnerEntries;
  /** Checks a password against its stored hash (better-auth's hashing). */
  verifyPassword: (input: { hash: string; password: string }) => Promise<boolean>;
  repositoryOn?: (executor: Executor) => AccountsRepository;
  now?: () => Date;
};

/** How the request proves it is the account's owner: its password, or (without one) a recent sign-in. */
export type DeletionProof = { password?: string | undefined; signedInAt: Date | null };

const passwordError = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ field: 'password', message }]);

/** Deleting an account (docs/decisions/029-deleting-an-account.md). */
export function createAccountsService({
  unitOfWork,
  runnerEntries,
  verifyPassword,
  repositoryOn = createAccountsRepository,
  now = () => new Date(),
}: AccountsServiceDependencies) {
  /** The owner's proof, checked before any lock is taken (a password hash takes a while to check). */
  async function checkProof(userId: string, { password, signedInAt }: DeletionProof): Promise<void> {
    const hash = await unitOfWork.autocommit((db) => repositoryOn(db).findPasswordHash(userId));
    if (hash !== null) {
      if (!password) throw passwordError(ACCOUNT_MESSAGES.passwordRequired);
      if (!(await verifyPassword({ hash, password }))) throw passwordError(ACCOUNT_MESSAGES.wrongPassword);
      return;
    }
    const fresh = signedInAt !== null && now().getTime() - signedInAt.getTime() <= FRESH_SIGN_IN_MS;
    if (!fresh) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.signInAgain);
  }

  return {
    /**
     * Deletes the account, unless races of theirs still have runners (409 naming them): every entry withdrawn as
     * the runner would withdraw it, their races without runners deleted, then the account with its sessions,
     * sign-in accounts, links and images, in one transaction.
     */
    async deleteAccount(userId: string, proof: DeletionProof) {
      await checkProof(userId, proof);
      return unitOfWork.transaction(async (tx, record) => {
        const repository = repositoryOn(tx);
        const races = await repository.findOwnRaces(userId, { lock: true });
        const blocking = races.filter((race) => race.hasRunners).map((race) => race.title);
        if (blocking.length > 0) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.racesFirst(blocking));
        const registrationsWithdrawn = await runnerEntries.withdrawAll(tx, record, userId);
        const racesDeleted = await repository.remove(userId);
        for (const raceId of racesDeleted) record({ kind: 'race', raceId, runnerIds: [] });
        record({ kind: 'sessions' });
        return { registrationsWithdrawn, racesDeleted: racesDeleted.length };
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
