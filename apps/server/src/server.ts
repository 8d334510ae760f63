import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { type DatabaseHandle, openPglite, openPostgres } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { DEMO_ORGANIZER, seedDemoData } from './demo/demo-data.js';

/** apps/web/dist, the same relative path from src/ and dist/. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function fail(message: string): never {
  console.error(`\nStride cannot start.\n${message}\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<{ database: DatabaseHandle; releaseLock: () => void }> {
  if (config.databaseUrl) {
    return {
      database: await openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize }),
      releaseLock: () => {},
    };
  }
  const releaseLock = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), releaseLock };
  } catch (error) {
    releaseLock();
    throw error;
  }
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

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (error) {
    fail((error as Error).message);
  }
  const { database, releaseLock } = opened;

  const app = await buildApp({ config, database });
  if (database.driver === 'pglite' && config.seedDemo && (await seedDemoData(database.db, app.auth))) {
    app.log.info(
      { email: DEMO_ORGANIZER.email },
      'empty database: added a demo organizer and a dozen marathons',
    );
  }
  app.log.info(
    { driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close(); // waits for in-flight requests
    await database.close(); // PGlite flushes and closes its files
    releaseLock();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    releaseLock();
    fail((error as Error).message);
  }
  if (config.mail.worker.enabled) app.mail.worker.start();
  app.log.info(`Stride is running on ${config.publicUrl}`);
}

await main();
