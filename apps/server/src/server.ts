import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { type App, buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openServerDatabase, type ServerDatabase } from './platform/server-database.js';
import { DEMO_ORGANIZER, seedDemoData } from './demo/demo-data.js';

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

  // A stop asked for while starting waits until there is something to stop cleanly (the embedded PostgreSQL).
  let stopWhileStarting: NodeJS.Signals | undefined;
  const noteStop = (signal: NodeJS.Signals) => (stopWhileStarting = signal);
  for (const signal of stopSignals) process.on(signal, noteStop);

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

  for (const signal of stopSignals) process.off(signal, noteStop);
  if (stopWhileStarting) {
    app.log.info({ signal: stopWhileStarting }, 'stopped while starting');
    await app.close();
    await database.close();
    return;
  }
  const skip = cluster.isWorker ? (['SIGINT'] as const) : [];
  closeWithGrace({ delay: 10_000, skip: [...skip] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    app.startDraining(); // a balancer asking GET /api/health/ready stops sending requests here…
    if (!err && config.drainNoticeMs > 0) await sleep(config.drainNoticeMs);
    await app.close(); // …then new connections are refused, in-flight requests answered, claimed mails released
    await database.close(); // and stops the embedded PostgreSQL
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail((error as Error).message);
  }
  if (config.mail.worker.enabled) app.mail.worker.start();
  app.log.info(`Stride is running on ${config.publicUrl}`);
}

await main();
