import {
  type CreateRegistration,
  type Registration,
  type UpdateRegistration,
  formatDateTimeInZone,
} from '@stride/shared';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { CancelledBy, MailKind } from '../../mail/mail-payloads.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import { createKeyedBatcher } from '../../lib/keyed-batcher.js';
import {
  createRaceEntryRepository,
  type EntryOutcome,
  type EntryRequest,
  type RaceEntryRepository,
} from './race-entry.repository.js';
import { createRegistrationsRepository, type RegistrationsRepository } from './registrations.repository.js';
import { createWaitlistRepository, type WaitlistRepository } from './waitlist.repository.js';

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  marathonNotFound: 'Marathon not found',
  notOwner: 'You can only change your own registrations.',
  notOrganizer: "Only the organizer of this marathon can cancel its participants' registrations.",
  alreadyRegistered: 'You have already registered for this marathon.',
  full: 'This marathon is full',
  updated: 'Registration updated successfully',
  nothingToUpdate: 'Nothing to update: send at least one of firstName, lastName, contact, info',
  deleted: 'Registration deleted successfully',
} as const;

/** The most runners entered by one statement. */
const ENTRY_BATCH_LIMIT = 100;

type Actor = { id: string };
type Runner = Actor & { email: string };

function registrationNotFound(): AppError {
  return new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
}

function marathonNotFound(): AppError {
  return new AppError('NOT_FOUND', REGISTRATION_MESSAGES.marathonNotFound);
}

/**
 * Why nothing was registered, in the words the API answers with: a closed window says when it opens, or when it
 * closed, as the race's clocks read it ("Thu 10 Dec 2026, 08:00 CET"), as the race page shows it.
 */
function refusalOf(outcome: Exclude<EntryOutcome, { kind: 'entered' }>, now: Date): AppError {
  switch (outcome.kind) {
    case 'race-missing':
      return marathonNotFound();
    case 'closed': {
      const { title, timeZone, startRegDate, endRegDate } = outcome.race;
      const when =
        now < startRegDate
          ? `opens on ${formatDateTimeInZone(startRegDate, timeZone)}`
          : `closed on ${formatDateTimeInZone(endRegDate, timeZone)}`;
      return new AppError('CONFLICT', `Registration for ${title} ${when}.`);
    }
    case 'already-registered':
      return new AppError('CONFLICT', REGISTRATION_MESSAGES.alreadyRegistered);
    case 'full':
      return new AppError('CONFLICT', REGISTRATION_MESSAGES.full);
  }
}

export type RegistrationsServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** Mails to the runner, queued in the transaction of the change they report. */
  outbox: Pick<OutboxWriter, 'enqueue'>;
  /** The repositories on a transaction or on the database. */
  repositoryOn?: (executor: Executor) => RegistrationsRepository;
  entriesOn?: (executor: Executor) => RaceEntryRepository;
  waitlistOn?: (executor: Executor) => WaitlistRepository;
  now?: () => Date;
};

/**
 * Gives the race's free places to the first runners in line (the race locked, on `tx`) and notes what moved:
 * each promoted runner's entry, their queued "A place opened up" mail, and the line itself.
 */
export async function fillPlacesFromLine(
  tx: Executor,
  raceId: string,
  record: RecordChange,
  waitlistOn: (executor: Executor) => WaitlistRepository = createWaitlistRepository,
): Promise<void> {
  const promotions = await waitlistOn(tx).fillPlaces(raceId);
  if (promotions.length === 0) return;
  for (const { runnerId } of promotions) record({ kind: 'registration', raceId, runnerId });
  record({ kind: 'mail-queued' });
  record({ kind: 'waitlist', raceId });
}

/**
 * Registering (or joining the waitlist), changing and withdrawing, each with the race's counters kept exact in
 * the same transaction; a place given up goes to the first runner in line in that transaction too.
 */
export function createRegistrationsService({
  unitOfWork,
  outbox,
  repositoryOn = createRegistrationsRepository,
  entriesOn = createRaceEntryRepository,
  waitlistOn = createWaitlistRepository,
  now = () => new Date(),
}: RegistrationsServiceDependencies) {
  /**
   * Runners entering the same race while its previous statement runs go in together in the next one: one lock
   * and one commit for the batch instead of one each, in arrival order (ADR 017).
   */
  const entryQueue = createKeyedBatcher<EntryRequest, EntryOutcome>(
    (raceId, requests) =>
      unitOfWork.autocommit(async (db, record) => {
        const outcomes = await entriesOn(db).enter(raceId, requests, now());
        outcomes.forEach((outcome, index) => {
          if (outcome.kind === 'entered')
            record({ kind: 'registration', raceId, runnerId: requests[index]!.userId });
        });
        if (outcomes.some((outcome) => outcome.kind === 'entered')) record({ kind: 'mail-queued' });
        return outcomes;
      }),
    { maxBatch: ENTRY_BATCH_LIMIT },
  );

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

  /**
   * Deletes the entry with its race's counters and the runner's cancellation mail, then gives a registered
   * runner's place to the first in line. Run with the race locked.
   */
  async function removeEntry(
    tx: Executor,
    registrations: RegistrationsRepository,
    record: RecordChange,
    { id, marathonId: raceId, userId: runnerId }: { id: string; marathonId: string; userId: string },
    cancelledBy?: CancelledBy,
  ): Promise<void> {
    const status = await registrations.remove(id, cancelledBy);
    // Withdrawn by a concurrent request (or with its race) while this one waited for the lock.
    if (status === null) throw registrationNotFound();
    record({ kind: 'registration', raceId, runnerId });
    record({ kind: 'mail-queued' });
    if (status === 'registered') await fillPlacesFromLine(tx, raceId, record, waitlistOn);
    // Those behind a runner who left the line move up.
    else record({ kind: 'waitlist', raceId });
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
      const { marathonId, waitlist = false, ...details } = input;
      if (!isUuid(marathonId)) throw marathonNotFound();
      const outcome = await entryQueue.submit(marathonId, {
        ...details,
        userId: runner.id,
        email: runner.email,
        waitlist,
      });
      if (outcome.kind !== 'entered') throw refusalOf(outcome, now());
      return outcome.registration;
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

    /**
     * Withdraws the entry (with the runner's cancellation mail). The race is locked first (the order every writer
     * of a race's entries follows), then a registered runner's place goes to the first in line, all in one
     * transaction.
     */
    async withdraw(actor: Actor, id: string): Promise<void> {
      if (!isUuid(id)) throw registrationNotFound();
      await unitOfWork.transaction(async (tx, record) => {
        const registrations = repositoryOn(tx);
        const owner = await registrations.findOwnerLockingRace(id);
        if (!owner) throw registrationNotFound();
        requireOwner(owner.userId, actor.id, REGISTRATION_MESSAGES.notOwner);
        await removeEntry(tx, registrations, record, { id, ...owner });
      });
    },

    /**
     * Withdraws every entry of the runner, each as {@link withdraw} does (their cancellation mails, a registered
     * runner's place to the first in line), on the caller's transaction: the account's deletion. Returns how
     * many there were.
     */
    async withdrawAll(tx: Executor, record: RecordChange, runnerId: string): Promise<number> {
      const registrations = repositoryOn(tx);
      let withdrawn = 0;
      for (const id of await registrations.findIdsByUser(runnerId)) {
        const owner = await registrations.findOwnerLockingRace(id);
        if (!owner) continue; // withdrawn meanwhile
        await removeEntry(tx, registrations, record, { id, ...owner });
        withdrawn += 1;
      }
      return withdrawn;
    },

    /**
     * The race's organizer cancels one of its entries: a withdrawal as above, the runner's mail saying the
     * organizer cancelled. A race that is not the organizer's is refused before its entries are looked at.
     */
    async cancelForOrganizer(organizer: Actor, raceId: string, id: string): Promise<void> {
      if (!isUuid(raceId)) throw marathonNotFound();
      await unitOfWork.transaction(async (tx, record) => {
        const registrations = repositoryOn(tx);
        const race = await registrations.findRaceOrganizerForUpdate(raceId);
        if (!race) throw marathonNotFound();
        requireOwner(race.creatorId, organizer.id, REGISTRATION_MESSAGES.notOrganizer);
        const entry = isUuid(id) ? await registrations.findOwnerForUpdate(id) : null;
        if (entry?.marathonId !== raceId) throw registrationNotFound();
        await removeEntry(tx, registrations, record, { id, ...entry }, 'organizer');
      });
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
