import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createChangeFeed } from './lib/change-feed.js';
import { type Mailer, createMailer } from './lib/mailer.js';
import { createUnitOfWork } from './lib/unit-of-work.js';
import { createMarathonReads } from './modules/marathons/marathons.reads.js';
import { createMarathonsRepository } from './modules/marathons/marathons.repository.js';
import { createMarathonsService } from './modules/marathons/marathons.service.js';
import { createRegistrationReads } from './modules/registrations/registrations.reads.js';
import { createRegistrationsRepository } from './modules/registrations/registrations.repository.js';
import { createRegistrationsService } from './modules/registrations/registrations.service.js';

export type ContainerOptions = {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Where mail goes; by default SMTP or the DATA_DIR outbox, as configured. */
  mailer?: Mailer;
};

/**
 * The composition root: everything the routes use is built here, once, and handed to them as plugin options.
 * Modules meet only here: what one needs of another is a narrow port wired below (e.g. `runnerEntries`).
 */
export function createContainer({ config, database, log, mailer }: ContainerOptions) {
  const { db } = database;
  const changes = createChangeFeed();
  const unitOfWork = createUnitOfWork(db, changes);
  const marathonsRepository = createMarathonsRepository(db);
  const registrationsRepository = createRegistrationsRepository(db);

  return {
    config,
    database,
    changes,
    mailer: mailer ?? createMailer(config.mail, log),
    marathons: {
      service: createMarathonsService({ unitOfWork }),
      reads: createMarathonReads({
        repository: marathonsRepository,
        runnerEntries: { findRegistrationId: registrationsRepository.findIdByRaceAndRunner },
        changes,
        readCache: config.readCache,
      }),
    },
    registrations: {
      service: createRegistrationsService({ unitOfWork }),
      reads: createRegistrationReads({
        repository: registrationsRepository,
        changes,
        readCache: config.readCache,
      }),
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
