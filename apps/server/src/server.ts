import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openServerDatabase, type ServerDatabase } from './db/server-database.js';
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

  // A stop asked for while starting waits until there is something to stop cleanly (the embedded PostgreSQL).
  let stopWhileStarting: NodeJS.Signals | undefined;
  const noteStop = (signal: NodeJS.Signals) => (stopWhileStarting = signal);
  process.on('SIGINT', noteStop).on('SIGTERM', noteStop);

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

  const app = await buildApp({ config, database });
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

  process.off('SIGINT', noteStop).off('SIGTERM', noteStop);
  if (stopWhileStarting) {
    app.log.info({ signal: stopWhileStarting }, 'stopped while starting');
    await app.close();
    await database.close();
    return;
  }
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close(); // waits for in-flight requests
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
