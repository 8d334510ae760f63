import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { type App, buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openServerDatabase, type ServerDatabase } from './platform/server-database.js';
import { DEMO_ORGANIZER, seedDemoData } from './demo/demo-data.js';
import { runningLine } from './logging/running-line.js';

/** apps/web/dist, the same relative path from src/ and dist/. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function fail(message: string): never {
  console.error(`\nStride cannot start.\n${message}\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // Libraries read NODE_ENV themselves: React (mail rendering) runs its development build without it.
  process.env.NODE_ENV ??= config.env;
  config.webDistDir ??= existsSync(DEFAULT_WEB_DIST_DIR) ? DEFAULT_WEB_DIST_DIR : undefined;

  // A worker of `npm run start:cluster` stops when its primary sends SIGTERM. Ctrl-C sends SIGINT to every
  // process of the terminal, so a worker leaves that one to the primary, which stops the workers in turn.
  const stopSignals: NodeJS.Signals[] = cluster.isWorker ? ['SIGTERM'] : ['SIGINT', 'SIGTERM'];
  if (cluster.isWorker) process.on('SIGINT', () => {});

  // One listener per stop signal for the whole life of the process: removing the last listener of a signal gives
  // it back its default action (exit at once) for a moment, and under `npm start` Ctrl-C arrives twice (the
  // terminal signals the process group, and scripts/start.mjs passes its own on), often within that moment.
  // A stop asked for while starting waits until there is something to stop cleanly (the embedded PostgreSQL);
  // one asked for while stopping is the same stop.
  let stopWhileStarting: NodeJS.Signals | undefined;
  let onStopSignal = (signal: NodeJS.Signals) => {
    stopWhileStarting ??= signal;
  };
  for (const signal of stopSignals) process.on(signal, (received) => onStopSignal(received));

  // Said once the log exists: the database opens first.
  const startupNotes: string[] = [];
  let database: ServerDatabase;
  try {
    database = await openServerDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      sharedBuffersMb: config.embeddedPostgres.sharedBuffersMb,
      log: (note) => startupNotes.push(note),
    });
  } catch (error) {
    fail((error as Error).message);
  }

  let app: App;
  try {
    app = await buildApp({ config, database });
  } catch (error) {
    await database.close();
    fail((error as Error).message); // e.g. REDIS_URL does not answer
  }
  for (const note of startupNotes) app.log.info(note);
  if (database.embedded && config.seedDemo && (await seedDemoData(database.db, app.auth))) {
    app.log.info(
      { email: DEMO_ORGANIZER.email },
      'empty database: added a demo organizer and a dozen marathons',
    );
  }
  app.log.info(
    database.embedded
      ? { database: 'embedded PostgreSQL', dataDir: config.dataDir }
      : { database: 'DATABASE_URL' },
    'database ready',
  );

  if (stopWhileStarting) {
    app.log.info({ signal: stopWhileStarting }, 'stopped while starting');
    await app.close();
    await database.close();
    return;
  }
  // close-with-grace answers a fatal error, and the signals other than ours, with the same stop; it would end
  // the process at a second SIGINT or SIGTERM, before PostgreSQL has stopped.
  let stopping = false;
  let stopSignal: NodeJS.Signals | undefined;
  const graceful = closeWithGrace({ delay: 10_000, skip: ['SIGINT', 'SIGTERM'] }, async ({ err }) => {
    stopping = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal: stopSignal }, 'shutting down');
    app.startDraining(); // a balancer asking GET /api/health/ready stops sending requests here…
    if (!err && config.drainNoticeMs > 0) await sleep(config.drainNoticeMs);
    await app.close(); // …then new connections are refused, in-flight requests answered, claimed mails released
    await database.close(); // and stops the embedded PostgreSQL
  });
  onStopSignal = (signal) => {
    if (stopping) {
      app.log.info({ signal }, 'already stopping');
      return;
    }
    stopSignal = signal;
    void graceful.close();
  };

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail((error as Error).message);
  }
  if (config.mail.worker.enabled) app.mail.worker.start();
  app.payments.worker.start();
  app.ballot.worker.start();
  // Straight to stdout, after what the log holds so far: the log is written in blocks (logging/log-destination.ts).
  // A worker of `npm run start:cluster` leaves this to its primary.
  if (!cluster.isWorker) {
    await new Promise<void>((resolve) => (app.log as Logger).flush(() => resolve()));
    process.stdout.write(`${runningLine(config, app.server.address())}\n`);
  }
}

await main();
