import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptTransfer,
  type Marathon,
  type Registration,
  TRANSFER_MESSAGES,
  TRANSFER_OFFER_DAYS,
  type Transfer,
  type TransferDetails,
  checkEntryDetails,
} from '@stride/shared';
import type { UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import { createRaceEntryRepository, type RaceEntryRepository } from './race-entry.repository.js';
import { createRegistrationsRepository, type RegistrationsRepository } from './registrations.repository.js';
import { REGISTRATION_MESSAGES } from './registrations.service.js';
import {
  type OfferRow,
  type TransfersRepository,
  createTransfersRepository,
} from './transfers.repository.js';

/** The hex SHA-256 of a mailed token: what is stored and looked up. */
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const DAY_MS = 86_400_000;

type Runner = { id: string; email: string };

export type TransfersServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** The database, for reads outside a transaction. */
  db: Executor;
  outbox: Pick<OutboxWriter, 'enqueue'>;
  /** The race as the API answers it: a port to the marathons module. */
  findRace: (raceId: string) => Promise<Marathon | null>;
  repositoryOn?: (executor: Executor) => TransfersRepository;
  registrationsOn?: (executor: Executor) => RegistrationsRepository;
  entriesOn?: (executor: Executor) => RaceEntryRepository;
  now?: () => Date;
};

const notFound = () => new AppError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
const gone = () => new AppError('GONE', TRANSFER_MESSAGES.gone);

/**
 * Whether the offer can still be taken: open, before its end and the race's deadline, its entry still holding a
 * place and not checked in (else 410). Only its receiver learns that it exists (404 for anyone else).
 */
function requireOpenOffer(offer: OfferRow | null, receiver: Runner): OfferRow {
  if (!offer || offer.toEmail !== receiver.email.toLowerCase()) throw notFound();
  const open =
    offer.storedStatus === 'offered' &&
    !offer.expired &&
    offer.transfersOpen &&
    offer.registrationStatus === 'registered' &&
    !offer.checkedIn;
  if (!open) throw gone();
  return offer;
}

/**
 * Transfers (issue 35): a registered runner offers their place to an address; its owner, signed in, accepts it
 * with their own details and the entry becomes theirs in one transaction (same id, bib, place and payment; a new
 * check-in code), both mailed with their calendar files.
 */
export function createTransfersService({
  unitOfWork,
  db,
  outbox,
  findRace,
  repositoryOn = createTransfersRepository,
  registrationsOn = createRegistrationsRepository,
  entriesOn = createRaceEntryRepository,
  now = () => new Date(),
}: TransfersServiceDependencies) {
  return {
    async offer(runner: Runner, registrationId: string, toEmail: string): Promise<Transfer> {
      if (!isUuid(registrationId)) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
      const token = randomBytes(32).toString('base64url');
      const transfer = await unitOfWork.transaction(async (tx, record) => {
        const transfers = repositoryOn(tx);
        const entry = await transfers.findTransferable(registrationId);
        if (!entry) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
        requireOwner(entry.userId, runner.id, REGISTRATION_MESSAGES.notOwner);
        const at = now();
        if (entry.transfersUntil === null) throw new AppError('CONFLICT', TRANSFER_MESSAGES.notAllowed);
        if (at >= entry.transfersUntil) throw new AppError('CONFLICT', TRANSFER_MESSAGES.closed);
        if (entry.status !== 'registered') throw new AppError('CONFLICT', TRANSFER_MESSAGES.notRegistered);
        if (entry.checkedIn) throw new AppError('CONFLICT', TRANSFER_MESSAGES.checkedIn);
        if (toEmail === entry.fromEmail.toLowerCase()) {
          throw new AppError('VALIDATION_FAILED', TRANSFER_MESSAGES.toSelf, [
            { field: 'email', message: TRANSFER_MESSAGES.toSelf },
          ]);
        }
        if (entry.hasOpenOffer) throw new AppError('CONFLICT', TRANSFER_MESSAGES.offerOpen);
        const expiresAt = new Date(
          Math.min(at.getTime() + TRANSFER_OFFER_DAYS * DAY_MS, entry.transfersUntil.getTime()),
        );
        const created = await transfers.createOffer({
          registrationId,
          marathonId: entry.marathonId,
          fromUserId: runner.id,
          fromName: entry.fromName,
          fromEmail: entry.fromEmail,
          toEmail,
          tokenHash: tokenHashOf(token),
          expiresAt,
        });
        await outbox.enqueue(tx, [
          {
            recipient: toEmail,
            payload: {
              kind: 'transfer-offered',
              race: entry.race,
              fromName: entry.fromName,
              token,
              expiresAt: expiresAt.toISOString(),
            },
          },
        ]);
        record({ kind: 'registration', raceId: entry.marathonId, runnerId: runner.id });
        record({ kind: 'mail-queued' });
        return created;
      });
      return transfer;
    },

    /** Withdraws the entry's open offer (404 when it has none). */
    async withdraw(runner: Runner, registrationId: string): Promise<void> {
      if (!isUuid(registrationId)) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
      await unitOfWork.transaction(async (tx, record) => {
        const transfers = repositoryOn(tx);
        const entry = await transfers.findTransferable(registrationId);
        if (!entry) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
        requireOwner(entry.userId, runner.id, REGISTRATION_MESSAGES.notOwner);
        if (!(await transfers.withdrawOffer(registrationId))) {
          throw new AppError('NOT_FOUND', TRANSFER_MESSAGES.noOffer);
        }
        record({ kind: 'registration', raceId: entry.marathonId, runnerId: runner.id });
      });
    },

    /** The offer as its receiver sees it: who offers, the race and its entry form. */
    async details(receiver: Runner, token: string): Promise<TransferDetails> {
      const offer = requireOpenOffer(await repositoryOn(db).findOffer(tokenHashOf(token)), receiver);
      const marathon = await findRace(offer.marathonId);
      if (!marathon) throw gone();
      const { _id, registrationId, marathonId, toEmail, expiresAt, status, createdAt, fromName } = offer;
      return { _id, registrationId, marathonId, toEmail, expiresAt, status, createdAt, fromName, marathon };
    },

    /**
     * The receiver takes the place with their details, checked against the race's form (400), unless they are
     * entered in the race already (409). One transaction, the race locked first.
     */
    async accept(receiver: Runner, token: string, body: AcceptTransfer): Promise<Registration> {
      const tokenHash = tokenHashOf(token);
      return unitOfWork.transaction(async (tx, record) => {
        const transfers = repositoryOn(tx);
        const raceId = await transfers.findRaceOfOffer(tokenHash);
        if (raceId === null) throw notFound();
        await transfers.lockRace(raceId);
        const offer = requireOpenOffer(await transfers.findOffer(tokenHash, { lock: true }), receiver);
        if (await transfers.isEntered(raceId, receiver.id)) {
          throw new AppError('CONFLICT', TRANSFER_MESSAGES.alreadyEntered);
        }
        const form = (await entriesOn(tx).findEntryForm(raceId))!;
        const { firstName, lastName, contact, info, ...details } = body;
        const { errors, change } = checkEntryDetails(form.rules, details, 'create');
        if (errors.length > 0) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
        const sender = await transfers.findMailFacts(offer.registrationId);
        const received = await transfers.handOver(
          offer._id,
          offer.registrationId,
          receiver.id,
          { firstName, lastName, contact, info, entry: change },
          now(),
        );
        await outbox.enqueue(tx, [
          ...(offer.senderEmail
            ? [
                {
                  recipient: offer.senderEmail,
                  payload: {
                    kind: 'transfer-completed' as const,
                    ...sender,
                    toName: `${firstName} ${lastName}`,
                  },
                },
              ]
            : []),
          {
            recipient: receiver.email,
            payload: { kind: 'transfer-received', ...received, fromName: offer.fromName },
          },
        ]);
        if (offer.fromUserId !== null) record({ kind: 'registration', raceId, runnerId: offer.fromUserId });
        record({ kind: 'registration', raceId, runnerId: receiver.id });
        record({ kind: 'mail-queued' });
        const { userId: _userId, ...registration } = (await registrationsOn(tx).findById(
          offer.registrationId,
        ))!;
        return registration;
      });
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
