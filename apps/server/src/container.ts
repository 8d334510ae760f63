import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { type Executor, inOneSnapshot } from './db/transaction.js';
import type { RecordChange } from './changes/unit-of-work.js';
import { createChangeNotifications } from './changes/change-notifications.js';
import { createChangeFeed } from './changes/change-feed.js';
import { createUnitOfWork } from './changes/unit-of-work.js';
import { createCalendarFiles } from './mail/calendar-files.js';
import type { MailPayload } from './mail/mail-payloads.js';
import { type MailTransport, createMailTransport } from './mail/mail-transport.js';
import { createMailWorker } from './mail/mail-worker.js';
import { createOutboxQueue, createOutboxWriter } from './mail/outbox.repository.js';
import { verifyPassword } from 'better-auth/crypto';
import { createAccountReads } from './modules/accounts/accounts.reads.js';
import { createAccountsRepository } from './modules/accounts/accounts.repository.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createImageReads } from './modules/images/images.reads.js';
import { createImagesRepository } from './modules/images/images.repository.js';
import { createImagesService } from './modules/images/images.service.js';
import { createMarathonReads } from './modules/marathons/marathons.reads.js';
import { createMarathonsRepository } from './modules/marathons/marathons.repository.js';
import { createMarathonsService } from './modules/marathons/marathons.service.js';
import { createParticipantReads } from './modules/registrations/participants.reads.js';
import { createParticipantsRepository } from './modules/registrations/participants.repository.js';
import { createRegistrationReads } from './modules/registrations/registrations.reads.js';
import { createRegistrationsRepository } from './modules/registrations/registrations.repository.js';
import { createTransfersService } from './modules/registrations/transfers.service.js';
import {
  claimUntil,
  createRegistrationsService,
  fillPlacesFromLine,
} from './modules/registrations/registrations.service.js';
import { createCheckinReads } from './modules/checkin/checkin.reads.js';
import { createCheckinRepository } from './modules/checkin/checkin.repository.js';
import { createCheckinService } from './modules/checkin/checkin.service.js';
import { createResultsReads } from './modules/results/results.reads.js';
import { createResultsRepository } from './modules/results/results.repository.js';
import { createResultsService } from './modules/results/results.service.js';
import { createRaceAccess } from './modules/staff/race-access.repository.js';
import { createStaffReads } from './modules/staff/staff.reads.js';
import { createStaffRepository } from './modules/staff/staff.repository.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createPaymentsWorker } from './modules/payments/payments-worker.js';
import { createBallotService } from './modules/ballot/ballot.service.js';
import { createSweeper } from './lib/sweeper.js';
import { type PaymentGateway, createStripeGateway } from './modules/payments/stripe-gateway.js';

/** A ballot is drawn within this long after its time. */
const BALLOT_SWEEP_MS = 1_000;

export type ContainerOptions = {
  /** Stripe, or a stand-in (tests); by default the SDK as configured, or none without STRIPE_SECRET_KEY. */
  paymentGateway?: PaymentGateway | null;
  /** Whether requests are keeping the server busy: background work gives way to them. */
  isBusy?: () => boolean;
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Where mail goes; by default SMTP or .eml files in DATA_DIR/outbox, as configured. */
  mailTransport?: MailTransport;
};

/**
 * The composition root: everything the routes use is built here, once, and handed to them as plugin options.
 * Modules meet only here: what one needs of another is a narrow port wired below (e.g. `runnerEntries`).
 */
export function createContainer({
  config,
  database,
  log,
  mailTransport,
  isBusy,
  paymentGateway,
}: ContainerOptions) {
  const { db } = database;
  // On a database of one's own, other server processes may share it: their caches hear of our writes.
  const changeNotifications = config.databaseUrl
    ? createChangeNotifications({ connectionString: config.databaseUrl, log })
    : undefined;
  const changes = createChangeFeed(changeNotifications);
  const unitOfWork = createUnitOfWork(db, changes);
  const marathonsRepository = createMarathonsRepository(db);
  /**
   * Who may do what on a race (its organizer, its team), read from the database on every call (the staff module):
   * services guard inside their transactions, on the transaction (`raceAccessOn`).
   */
  const raceAccess = createRaceAccess(db);
  const raceAccessOn = createRaceAccess;
  const registrationsRepository = createRegistrationsRepository(db);
  const outbox = createOutboxWriter();
  const mailQueue = createOutboxQueue(db);
  const mailWorker = createMailWorker({
    queue: mailQueue,
    transport: mailTransport ?? createMailTransport(config.mail, log),
    context: { publicUrl: config.publicUrl },
    settings: config.mail.worker,
    log,
    ...(isBusy && { isBusy }),
  });
  changes.subscribe((change) => {
    if (change.kind === 'mail-queued') mailWorker.wake();
  });
  const calendars = createCalendarFiles(config.publicUrl);
  const gateway =
    paymentGateway !== undefined
      ? paymentGateway
      : config.payments.stripe && createStripeGateway(config.payments.stripe);
  const { holdMinutes, waitlistClaimHours, defaultCurrency } = config.payments;
  /** A race's free places to its line: a runner paying online gets the place held until the claim time. */
  const fillPlaces = (tx: Executor, raceId: string, record: RecordChange) =>
    fillPlacesFromLine(tx, raceId, record, claimUntil(new Date(), { waitlistClaimHours }));
  const paymentsService = createPaymentsService({
    unitOfWork,
    db,
    gateway,
    publicUrl: config.publicUrl,
    defaultCurrency,
    fillPlaces,
    findRegistration: async (tx, id) => {
      const found = await createRegistrationsRepository(tx).findById(id);
      if (!found) return null;
      const { userId: _userId, ...registration } = found;
      return registration;
    },
    raceAccessOn,
    log,
  });
  const paymentsWorker = createPaymentsWorker({
    releaseDueHolds: paymentsService.releaseDueHolds,
    makeDueRefunds: paymentsService.makeDueRefunds,
    log,
  });
  const registrationsService = createRegistrationsService({
    unitOfWork,
    outbox,
    payments: { onlineAvailable: gateway !== null, holdMinutes, waitlistClaimHours },
    checkouts: { abandon: paymentsService.abandon },
    raceAccessOn,
  });
  const imagesRepository = createImagesRepository(db);
  const ballotService = createBallotService({ unitOfWork, db, raceAccessOn, claimHours: waitlistClaimHours });

  return {
    config,
    database,
    changes,
    changeNotifications,
    mail: {
      worker: mailWorker,
      counts: mailQueue.counts,
      /** Queues mail that no other write goes with (a password reset), committed at once. */
      async send(recipient: string, payload: MailPayload): Promise<void> {
        await unitOfWork.autocommit(async (executor, record) => {
          await outbox.enqueue(executor, [{ recipient, payload }]);
          record({ kind: 'mail-queued' });
        });
      },
    },
    marathons: {
      service: createMarathonsService({
        unitOfWork,
        outbox,
        fillPlaces,
        payments: { defaultCurrency, onlineAvailable: gateway !== null },
        refundRace: paymentsService.refundRace,
        raceAccessOn,
        prepareBallot: ballotService.prepare,
      }),
      reads: createMarathonReads({
        repository: marathonsRepository,
        runnerEntries: { findEntry: registrationsRepository.findEntry },
        changes,
        readCache: config.readCache,
      }),
      calendars,
    },
    registrations: {
      service: registrationsService,
      reads: createRegistrationReads({
        repository: registrationsRepository,
        changes,
        readCache: config.readCache,
      }),
      /** Places handed on between runners (issue 35). */
      transfers: createTransfersService({
        unitOfWork,
        db,
        outbox,
        findRace: marathonsRepository.findById,
      }),
      /** The organizer's read model of the same rows: the race desk. */
      participants: createParticipantReads({ repository: createParticipantsRepository(db), raceAccess }),
      calendars,
    },
    /** The signed-in account: deleting it withdraws its entries through the registrations module. */
    accounts: {
      service: createAccountsService({
        unitOfWork,
        runnerEntries: { withdrawAll: registrationsService.withdrawAll },
        verifyPassword,
      }),
      reads: createAccountReads({
        repository: createAccountsRepository(db),
        runnerRegistrations: registrationsRepository,
        organizerRaces: marathonsRepository,
      }),
    },
    /** A race's team: invitations, roles, the races one helps with (their JSON from the marathons module). */
    staff: {
      service: createStaffService({ unitOfWork, outbox, raceAccessOn }),
      reads: createStaffReads({
        repository: createStaffRepository(db),
        raceAccess,
        races: { findJsonByIds: marathonsRepository.findJsonByIds },
      }),
    },
    /** Race day's check-in: the roster, scans, undoing (roles answered by the staff module). */
    checkin: {
      service: createCheckinService({ unitOfWork, raceAccess, repository: createCheckinRepository(db) }),
      reads: createCheckinReads({
        repository: createCheckinRepository(db),
        inOneSnapshot: (work) => inOneSnapshot(db, (tx) => work(createCheckinRepository(tx))),
        raceAccess,
      }),
    },
    /** Results: the timer's file imported, published (the finishers mailed once), read by anyone once published. */
    results: {
      service: createResultsService({
        unitOfWork,
        raceAccess,
        raceAccessOn,
        repository: createResultsRepository(db),
      }),
      reads: createResultsReads({ repository: createResultsRepository(db), raceAccess }),
    },
    /** Entry fees: codes, on-site records, checkouts, Stripe's webhook; the worker releasing holds and refunding. */
    payments: { service: paymentsService, worker: paymentsWorker },
    /** The ballot: its public record, the organizer's early draw, and the worker drawing ballots when due. */
    ballot: {
      service: ballotService,
      worker: createSweeper({
        name: 'ballot',
        steps: [ballotService.drawDue],
        log,
        intervalMs: BALLOT_SWEEP_MS,
      }),
    },
    images: {
      service: createImagesService({ repository: imagesRepository }),
      reads: createImageReads({ repository: imagesRepository, readCache: config.readCache }),
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
