import {
  isRegistrationOpen,
  type CreateRegistration,
  type Registration,
  type UpdateRegistration,
} from '@stride/shared';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import { createMarathonsRepository } from '../marathons/marathons.repository.js';
import { marathonNotFound } from '../marathons/marathons.service.js';
import {
  createRegistrationsRepository,
  toRegistration,
  type RegistrationsRepository,
} from './registrations.repository.js';

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
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

export type RegistrationsServiceOptions = {
  now?: () => Date;
  /** Called after a runner's registrations were written (their list follows). */
  onRegistrationsChanged?: (runnerId: string) => void;
};

/** Registering, changing and withdrawing, each with the race's count kept exact in the same transaction. */
export function createRegistrationsService(
  db: Database,
  { now = () => new Date(), onRegistrationsChanged = () => {} }: RegistrationsServiceOptions = {},
) {
  /** Runs `change` in a transaction with the registration locked, once it is known to exist and be the actor's. */
  async function withOwnRegistration<T>(
    actor: Actor,
    id: string,
    change: (
      tx: Executor,
      registrations: RegistrationsRepository,
      current: { userId: string; marathonId: string },
    ) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw registrationNotFound();
    const result = await db.transaction(async (tx) => {
      const registrations = createRegistrationsRepository(tx);
      const current = await registrations.findOwnerForUpdate(id);
      if (!current) throw registrationNotFound();
      requireOwner(current.userId, actor.id, REGISTRATION_MESSAGES.notOwner);
      return change(tx, registrations, current);
    });
    onRegistrationsChanged(actor.id); // the owner, as checked above
    return result;
  }

  /** Nothing was inserted: the race is missing, closed at `at`, or already holds the runner. */
  async function whyNotRegistered(marathonId: string, at: Date): Promise<AppError> {
    const marathon = await createMarathonsRepository(db).findById(marathonId);
    if (!marathon) return marathonNotFound();
    if (!isRegistrationOpen(marathon, at)) {
      return new AppError(
        'CONFLICT',
        `Registration for ${marathon.title} is closed: it is open from ${marathon.startRegDate} to ${marathon.endRegDate}.`,
      );
    }
    return new AppError('CONFLICT', REGISTRATION_MESSAGES.alreadyRegistered);
  }

  return {
    async register(runner: Runner, input: CreateRegistration): Promise<Registration> {
      if (!isUuid(input.marathonId)) throw marathonNotFound();
      const at = now();
      const created = await createRegistrationsRepository(db).registerIfOpen(
        { ...input, userId: runner.id },
        at,
      );
      if (!created) throw await whyNotRegistered(input.marathonId, at);
      onRegistrationsChanged(runner.id);
      return toRegistration({ ...input, ...created, userId: runner.id, email: runner.email });
    },

    async update(
      actor: Actor,
      id: string,
      changes: UpdateRegistration,
    ): Promise<{ registration: Registration; changed: boolean }> {
      return withOwnRegistration(actor, id, async (_tx, registrations) => {
        const changed = Object.values(changes).some((value) => value !== undefined);
        if (changed) await registrations.update(id, changes);
        const { userId: _userId, ...registration } = (await registrations.findById(id))!;
        return { registration, changed };
      });
    },

    async withdraw(actor: Actor, id: string): Promise<void> {
      await withOwnRegistration(actor, id, async (tx, registrations, current) => {
        await registrations.remove(id);
        await createMarathonsRepository(tx).adjustRegistrationCount(current.marathonId, -1);
      });
    },
  };
}
