import type { CreateRegistration, Registration, UpdateRegistration } from '@stride/shared';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import type { RecordChange, UnitOfWork } from '../../lib/unit-of-work.js';
import type { MailKind } from '../../mail/mail-payloads.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import {
  createRegistrationsRepository,
  toRegistration,
  type RegisterOutcome,
  type RegistrationsRepository,
} from './registrations.repository.js';

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  marathonNotFound: 'Marathon not found',
  notOwner: 'You can only change your own registrations.',
  alreadyRegistered: 'You have already registered for this marathon.',
  updated: 'Registration updated successfully',
  nothingToUpdate: 'Nothing to update: send at least one of firstName, lastName, contact, info',
  deleted: 'Registration deleted successfully',
} as const;

type Actor = { id: string };
type Runner = Actor & { email: string };

function registrationNotFound(): AppError {
  return new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
}

/** Why nothing was registered, in the words the API answers with. */
function refusalOf(outcome: Exclude<RegisterOutcome, { kind: 'registered' }>): AppError {
  switch (outcome.kind) {
    case 'race-missing':
      return new AppError('NOT_FOUND', REGISTRATION_MESSAGES.marathonNotFound);
    case 'closed': {
      const { title, startRegDate, endRegDate } = outcome.race;
      return new AppError(
        'CONFLICT',
        `Registration for ${title} is closed: it is open from ${startRegDate.toISOString()} to ${endRegDate.toISOString()}.`,
      );
    }
    case 'already-registered':
      return new AppError('CONFLICT', REGISTRATION_MESSAGES.alreadyRegistered);
  }
}

export type RegistrationsServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** Mails to the runner, queued in the transaction of the change they report. */
  outbox: Pick<OutboxWriter, 'enqueue'>;
  /** The repository on a transaction or on the database. */
  repositoryOn?: (executor: Executor) => RegistrationsRepository;
  now?: () => Date;
};

/** Registering, changing and withdrawing, each with the race's count kept exact in the same transaction. */
export function createRegistrationsService({
  unitOfWork,
  outbox,
  repositoryOn = createRegistrationsRepository,
  now = () => new Date(),
}: RegistrationsServiceDependencies) {
  /** Queues the runner's mail about the registration, on the same transaction as the change. */
  async function mailRunner(
    tx: Executor,
    registrations: RegistrationsRepository,
    id: string,
    kind: Extract<MailKind, `registration-${string}`>,
    record: RecordChange,
  ): Promise<void> {
    const facts = await registrations.findMailFacts(id);
    if (!facts) return;
    const { recipient, race, registration } = facts;
    await outbox.enqueue(tx, [{ recipient, payload: { kind, race, registration } }]);
    record({ kind: 'mail-queued' });
  }

  /** Runs `change` in a transaction with the registration locked, once it is known to exist and be the actor's. */
  async function withOwnRegistration<T>(
    actor: Actor,
    id: string,
    change: (registrations: RegistrationsRepository, tx: Executor, record: RecordChange) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw registrationNotFound();
    return unitOfWork.transaction(async (tx, record) => {
      const registrations = repositoryOn(tx);
      const current = await registrations.findOwnerForUpdate(id);
      if (!current) throw registrationNotFound();
      requireOwner(current.userId, actor.id, REGISTRATION_MESSAGES.notOwner);
      record({ kind: 'registration', raceId: current.marathonId, runnerId: current.userId });
      return change(registrations, tx, record);
    });
  }

  return {
    async register(runner: Runner, input: CreateRegistration): Promise<Registration> {
      if (!isUuid(input.marathonId)) throw refusalOf({ kind: 'race-missing' });
      return unitOfWork.autocommit(async (db, record) => {
        const outcome = await repositoryOn(db).registerIfOpen({ ...input, userId: runner.id }, now(), {
          confirmTo: runner.email,
        });
        if (outcome.kind !== 'registered') throw refusalOf(outcome);
        record({ kind: 'registration', raceId: input.marathonId, runnerId: runner.id });
        record({ kind: 'mail-queued' });
        return toRegistration({
          ...input,
          id: outcome.id,
          createdAt: outcome.createdAt,
          marathonTitle: outcome.race.title,
          marathonDate: outcome.race.startDate,
          userId: runner.id,
          email: runner.email,
        });
      });
    },

    async update(
      actor: Actor,
      id: string,
      changes: UpdateRegistration,
    ): Promise<{ registration: Registration; changed: boolean }> {
      return withOwnRegistration(actor, id, async (registrations, tx, record) => {
        const changed = Object.values(changes).some((value) => value !== undefined);
        if (changed) {
          await registrations.update(id, changes);
          await mailRunner(tx, registrations, id, 'registration-updated', record);
        }
        const { userId: _userId, ...registration } = (await registrations.findById(id))!;
        return { registration, changed };
      });
    },

    async withdraw(actor: Actor, id: string): Promise<void> {
      await withOwnRegistration(actor, id, async (registrations, tx, record) => {
        await mailRunner(tx, registrations, id, 'registration-cancelled', record);
        await registrations.remove(id);
      });
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
