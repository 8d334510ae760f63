import {
  type CreateRegistration,
  ENTRY_MESSAGES,
  type EntryDetailsInput,
  type Registration,
  type UpdateRegistration,
  checkEntryDetails,
  refundOnWithdrawal,
  type RegistrationStatus,
  formatDateTimeInZone,
  isRegistrationOpen,
  PAYMENT_MESSAGES,
} from '@stride/shared';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import { type RaceAccessOn, requireRaceAbility } from '../../lib/race-access.js';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { CancelledBy, MailKind } from '../../mail/mail-payloads.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import { createKeyedBatcher } from '../../lib/keyed-batcher.js';
import {
  type CheckedEntry,
  createRaceEntryRepository,
  type EntryOutcome,
  type EntryRequest,
  type RaceEntryForm,
  type RaceEntryRepository,
} from './race-entry.repository.js';
import { createRegistrationsRepository, type RegistrationsRepository } from './registrations.repository.js';
import { createWaitlistRepository, type WaitlistRepository } from './waitlist.repository.js';
import { type CodeTerms, FREE_ENTRY, entryPaymentOf } from './entry-payment.js';

/**
 * How the server takes entry fees (issue 32): whether online payment is set up, how long a hold lasts, and how
 * long a runner in line who is offered a place has to pay for it.
 */
export type EntryPaymentSettings = {
  onlineAvailable: boolean;
  holdMinutes: number;
  waitlistClaimHours: number;
};

/** Until when a place offered from the line is held for a runner paying online. */
export const claimUntil = (now: Date, settings: Pick<EntryPaymentSettings, 'waitlistClaimHours'>) =>
  new Date(now.getTime() + settings.waitlistClaimHours * 3_600_000);

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  marathonNotFound: 'Marathon not found',
  notOwner: 'You can only change your own registrations.',
  notOrganizer: "Only the organizer of this marathon can cancel its participants' registrations.",
  alreadyRegistered: 'You have already registered for this marathon.',
  full: 'This marathon is full',
  updated: 'Registration updated successfully',
  nothingToUpdate: 'Nothing to update: send at least one of firstName, lastName, contact, info',
  detailsClosed: ENTRY_MESSAGES.closed,
  deleted: 'Registration deleted successfully',
  alreadyCancelled: 'This entry is already cancelled.',
} as const;

/** The most runners entered by one statement. */
const ENTRY_BATCH_LIMIT = 100;

/** How often an entry is checked again when the organizer keeps changing the form while it goes in. */
const FORM_CHANGE_RETRIES = 5;

/** The body's entry-form keys (issue 31): what changes only while the registration window is open. */
const ENTRY_DETAIL_KEYS = [
  'dateOfBirth',
  'gender',
  'tShirtSize',
  'emergencyContact',
  'answers',
  'waiverAccepted',
] as const satisfies ReadonlyArray<keyof EntryDetailsInput & keyof UpdateRegistration>;

/** The entry-form part of a body, and the rest (the runner's name, contact and info). */
function splitDetails<T extends EntryDetailsInput>(body: T) {
  const details: EntryDetailsInput = {};
  const rest: Record<string, unknown> = { ...body };
  for (const key of ENTRY_DETAIL_KEYS) {
    if (body[key] !== undefined) Object.assign(details, { [key]: body[key] });
    delete rest[key];
  }
  return { details, rest: rest as Omit<T, (typeof ENTRY_DETAIL_KEYS)[number]> };
}

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
    case 'invalid':
      return new AppError('VALIDATION_FAILED', outcome.errors[0]!.message, outcome.errors);
    case 'form-changed':
      return new AppError('CONFLICT', 'The race’s entry form changed while you entered: please try again.');
    case 'code-used-up':
      return new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.invalidCode, [
        { field: 'discountCode', message: PAYMENT_MESSAGES.invalidCode },
      ]);
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
  payments: EntryPaymentSettings;
  /**
   * Told of a hold's checkout session left behind by a withdrawal, once committed, so that it is expired at
   * Stripe (a port to the payments module; a payment made on it anyway is refunded).
   */
  checkouts?: { abandon: (sessionId: string) => void };
  /** Who may do what on a race (its organizer, its team), read on the transaction: a port to the staff module. */
  raceAccessOn: RaceAccessOn;
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
  claimUntil: Date,
  waitlistOn: (executor: Executor) => WaitlistRepository = createWaitlistRepository,
): Promise<void> {
  const promotions = await waitlistOn(tx).fillPlaces(raceId, claimUntil);
  if (promotions.length === 0) return;
  for (const { runnerId } of promotions) record({ kind: 'registration', raceId, runnerId });
  record({ kind: 'mail-queued' });
  record({ kind: 'waitlist', raceId });
}

/**
 * Checks each runner's answers against the race's entry form and enters those that pass, in one statement: an
 * outcome per runner, in their order. The statement refuses entries checked against a form the organizer has
 * changed since (its revision), which are then checked again against the new one.
 */
async function enterChecked(
  entries: RaceEntryRepository,
  forms: EntryFormsKept,
  raceId: string,
  requests: readonly EntryRequest[],
  at: Date,
  payments: EntryPaymentSettings,
): Promise<EntryOutcome[]> {
  const outcomes: EntryOutcome[] = requests.map(() => ({ kind: 'form-changed' }));
  let pending = requests.map((_, index) => index);
  const codesAsked = [...new Set(requests.flatMap((request) => request.discountCode ?? []))];
  const codes =
    codesAsked.length > 0 ? await entries.findCodes(raceId, codesAsked) : new Map<string, CodeTerms>();
  const judge = (form: RaceEntryForm) =>
    judgeEntries(form, requests, pending, at, { codes, onlineAvailable: payments.onlineAvailable });
  for (let attempt = 0; attempt < FORM_CHANGE_RETRIES && pending.length > 0; attempt += 1) {
    // The kept form of a race open for entries, unless the statement found it out of date: else the race's now.
    const kept = attempt === 0 ? forms.get(raceId) : undefined;
    let form = kept && isRegistrationOpen(kept, at) ? kept : await entries.findEntryForm(raceId);
    if (!form) return requests.map(() => ({ kind: 'race-missing' }));
    let judged = judge(form);
    // A refusal is final only against the race's form as it is now: the statement confirms only the entered.
    if (form === kept && judged.refused.size > 0) {
      const current = await entries.findEntryForm(raceId);
      if (!current) return requests.map(() => ({ kind: 'race-missing' }));
      if (current.revision !== form.revision) judged = judge((form = current));
    }
    forms.keep(raceId, form);
    for (const [index, outcome] of judged.refused) outcomes[index] = outcome;
    const { checked } = judged;
    if (checked.length === 0) break;
    const entered = await entries.enter(
      raceId,
      checked.map(({ entry }) => entry),
      at,
      form.revision,
      new Date(at.getTime() + payments.holdMinutes * 60_000),
    );
    pending = [];
    entered.forEach((outcome, n) => {
      const { index } = checked[n]!;
      if (outcome.kind === 'form-changed') pending.push(index);
      else outcomes[index] = outcome;
    });
  }
  return outcomes;
}

/**
 * Checks the pending runners' answers against the form: those refused (400), and the others' entries to make. A
 * closed window is the entry statement's to report (409), before any field.
 */
function judgeEntries(
  form: RaceEntryForm,
  requests: readonly EntryRequest[],
  pending: number[],
  at: Date,
  { codes, onlineAvailable }: { codes: ReadonlyMap<string, CodeTerms>; onlineAvailable: boolean },
) {
  const open = isRegistrationOpen(form, at);
  const refused = new Map<number, EntryOutcome>();
  const checked: Array<{ index: number; entry: CheckedEntry }> = [];
  for (const index of pending) {
    const { details, rest } = splitDetails(requests[index]!);
    const { paymentMethod, discountCode, ...runner } = rest;
    const { errors, change } = checkEntryDetails(form.rules, details, 'create');
    const paying = open
      ? entryPaymentOf(form.prices, { paymentMethod, discountCode }, codes, at, onlineAvailable)
      : { payment: FREE_ENTRY };
    const problems = [...(open ? errors : []), ...('errors' in paying ? paying.errors : [])];
    if (problems.length > 0) refused.set(index, { kind: 'invalid', errors: problems });
    else if ('payment' in paying) {
      checked.push({ index, entry: { ...runner, entry: open ? change : {}, payment: paying.payment } });
    }
  }
  return { refused, checked };
}

/**
 * Races' entry forms as the last entries were checked against them, kept in this process: the entry statement
 * refuses those checked against a revision that is not the race's (any change of the race raises it, here or
 * in another process), so a kept form is never trusted beyond what the statement confirms.
 */
function keptEntryForms(maxRaces = 1_000) {
  const kept = new Map<string, RaceEntryForm>();
  return {
    get: (raceId: string) => kept.get(raceId),
    keep(raceId: string, form: RaceEntryForm) {
      kept.delete(raceId);
      kept.set(raceId, form);
      if (kept.size > maxRaces) kept.delete(kept.keys().next().value!);
    },
  };
}
type EntryFormsKept = ReturnType<typeof keptEntryForms>;

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
  payments,
  checkouts,
  raceAccessOn,
  now = () => new Date(),
}: RegistrationsServiceDependencies) {
  /**
   * Runners entering the same race while its previous statement runs go in together in the next one: one lock
   * and one commit for the batch instead of one each, in arrival order (ADR 017).
   */
  const entryForms = keptEntryForms();
  const entryQueue = createKeyedBatcher<EntryRequest, EntryOutcome>(
    (raceId, requests) =>
      unitOfWork.autocommit(async (db, record) => {
        const outcomes = await enterChecked(entriesOn(db), entryForms, raceId, requests, now(), payments);
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
   * Withdraws the entry (the runner's cancellation mail), then gives a place it held to the first in line. An
   * entry without money on it is deleted; one with money is kept as cancelled, and gives back what the race's
   * refund policy says to a runner who withdraws, everything when the organizer cancels. Run with the race locked.
   * Answers the amount refunded, and the hold's checkout session to expire once committed.
   */
  async function removeEntry(
    tx: Executor,
    registrations: RegistrationsRepository,
    record: RecordChange,
    { id, marathonId: raceId, userId: runnerId }: { id: string; marathonId: string; userId: string },
    cancelledBy?: CancelledBy,
  ): Promise<{ refundAmount: number; sessionToExpire: string | null }> {
    const money = await registrations.findMoney(id);
    // Withdrawn by a concurrent request (or with its race) while this one waited for the lock.
    if (!money) throw registrationNotFound();
    if (money.status === 'cancelled') throw new AppError('CONFLICT', REGISTRATION_MESSAGES.alreadyCancelled);
    let refundAmount = 0;
    let status: RegistrationStatus | null;
    if (money.amountPaid === 0) status = await registrations.remove(id, cancelledBy);
    else {
      const held = money.amountPaid - money.amountRefunded - money.refundDue;
      refundAmount =
        cancelledBy === 'organizer'
          ? held
          : Math.min(
              held,
              refundOnWithdrawal(
                money.amountPaid,
                {
                  percent: money.refundPercent,
                  // Read from the row as text: a Date only by its type.
                  until: money.refundUntil && new Date(money.refundUntil).toISOString(),
                },
                new Date(money.raceStart),
                now(),
              ),
            );
      status = await registrations.cancelKeepingMoney(id, refundAmount, cancelledBy);
    }
    if (status === null) throw registrationNotFound();
    record({ kind: 'registration', raceId, runnerId });
    record({ kind: 'mail-queued' });
    if (status === 'registered' || status === 'pending_payment') await fillPlaces(tx, raceId, record);
    // Those behind a runner who left the line move up.
    else record({ kind: 'waitlist', raceId });
    return {
      refundAmount,
      sessionToExpire: status === 'pending_payment' ? money.checkoutSessionId : null,
    };
  }

  /** {@link fillPlacesFromLine} with this service's claim time for places offered to runners paying online. */
  const fillPlaces = (tx: Executor, raceId: string, record: RecordChange) =>
    fillPlacesFromLine(tx, raceId, record, claimUntil(now(), payments), waitlistOn);

  /**
   * Runs `change` in a transaction with the registration locked, once it is known to exist and be the actor's.
   * Its race's row is share-locked first (the order every writer of a race's entries follows): its entry form
   * cannot change until the transaction ends, so answers checked against it stay valid.
   */
  async function withOwnRegistration<T>(
    actor: Actor,
    id: string,
    change: (
      registrations: RegistrationsRepository,
      tx: Executor,
      record: RecordChange,
      race: { entryForm: () => Promise<RaceEntryForm> },
    ) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw registrationNotFound();
    return unitOfWork.transaction(async (tx, record) => {
      const registrations = repositoryOn(tx);
      const raceId = await registrations.lockRaceOf(id);
      const current = raceId === null ? null : await registrations.findOwnerForUpdate(id);
      if (!current || current.marathonId !== raceId) throw registrationNotFound();
      requireOwner(current.userId, actor.id, REGISTRATION_MESSAGES.notOwner);
      record({ kind: 'registration', raceId: current.marathonId, runnerId: current.userId });
      const entryForm = async () => (await entriesOn(tx).findEntryForm(current.marathonId))!;
      return change(registrations, tx, record, { entryForm });
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
      const { details, rest } = splitDetails(changes);
      const changesDetails = Object.keys(details).length > 0;
      return withOwnRegistration(actor, id, async (registrations, tx, record, race) => {
        const changed = changesDetails || Object.values(rest).some((value) => value !== undefined);
        if (changesDetails) {
          const form = await race.entryForm();
          if (now() > form.endRegDate) throw new AppError('CONFLICT', REGISTRATION_MESSAGES.detailsClosed);
          const { errors, change } = checkEntryDetails(form.rules, details, 'update');
          if (errors.length > 0) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
          await registrations.updateEntryDetails(id, change, now());
        }
        if (changed) {
          await registrations.update(id, rest);
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
    async withdraw(actor: Actor, id: string): Promise<{ refundAmount: number }> {
      if (!isUuid(id)) throw registrationNotFound();
      const { refundAmount, sessionToExpire } = await unitOfWork.transaction(async (tx, record) => {
        const registrations = repositoryOn(tx);
        const owner = await registrations.findOwnerLockingRace(id);
        if (!owner) throw registrationNotFound();
        requireOwner(owner.userId, actor.id, REGISTRATION_MESSAGES.notOwner);
        return removeEntry(tx, registrations, record, { id, ...owner });
      });
      if (sessionToExpire) checkouts?.abandon(sessionToExpire);
      return { refundAmount };
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
        const money = await registrations.findMoney(id);
        if (money?.status === 'cancelled') continue;
        const { sessionToExpire } = await removeEntry(tx, registrations, record, { id, ...owner });
        if (sessionToExpire) checkouts?.abandon(sessionToExpire);
        withdrawn += 1;
      }
      return withdrawn;
    },

    /**
     * The race's organizer (or a co-organizer) cancels one of its entries: a withdrawal as above, the runner's
     * mail saying the organizer cancelled. Anyone else is refused before the race's entries are looked at.
     */
    async cancelForOrganizer(
      organizer: Actor,
      raceId: string,
      id: string,
    ): Promise<{ refundAmount: number }> {
      if (!isUuid(raceId)) throw marathonNotFound();
      const { refundAmount, sessionToExpire } = await unitOfWork.transaction(async (tx, record) => {
        const registrations = repositoryOn(tx);
        const race = await registrations.findRaceOrganizerForUpdate(raceId);
        if (!race) throw marathonNotFound();
        await requireRaceAbility(
          raceAccessOn(tx),
          { id: raceId, ...race },
          organizer.id,
          'organize',
          REGISTRATION_MESSAGES.notOrganizer,
        );
        const entry = isUuid(id) ? await registrations.findOwnerForUpdate(id) : null;
        if (entry?.marathonId !== raceId) throw registrationNotFound();
        return removeEntry(tx, registrations, record, { id, ...entry }, 'organizer');
      });
      if (sessionToExpire) checkouts?.abandon(sessionToExpire);
      return { refundAmount };
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
