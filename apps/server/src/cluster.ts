/**
 * `npm run start:cluster -- --workers N`: N server processes on one machine sharing PORT (node:cluster hands
 * them the connections in turn), on one PostgreSQL: DATABASE_URL's, or the embedded one, which this primary
 * process starts, migrates and seeds before any worker runs, and stops after the last. A worker that dies is
 * replaced; SIGTERM or Ctrl-C drains every worker (each within 10 s), then the primary leaves.
 */
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openServerDatabase, type ServerDatabase } from './platform/server-database.js';
import { DEMO_ORGANIZER, seedDemoData } from './demo/demo-data.js';
import { createMemoryRateLimitStore } from './rate-limits/memory-rate-limit-store.js';
import { createAuth } from './plugins/auth/better-auth.js';
import { createLogDestination } from './logging/log-destination.js';
import { runningLine } from './logging/running-line.js';

/** The worker's entry: server.ts beside this file (server.js once built). */
const SERVER_ENTRY = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url),
);
/** A worker that died is replaced after this pause, so that one failing at start does not spin the CPU. */
const RESTART_DELAY_MS = 1_000;
/** Workers drain within 10 s (server.ts); past this the primary ends them. */
const WORKER_STOP_TIMEOUT_MS = 12_000;
const MAX_WORKERS = 64;

function fail(message: string): never {
  console.error(`\nStride cannot start.\n${message}\n`);
  process.exit(1);
}

/** `--workers N` (default: one per core). */
function parseWorkerCount(args: string[], cores = os.availableParallelism()): number {
  const { values } = parseArgs({ args, options: { workers: { type: 'string', short: 'w' } } });
  if (values.workers === undefined) return cores;
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new ConfigError([
      `--workers: must be a whole number from 1 to ${MAX_WORKERS} (got ${values.workers})`,
    ]);
  }
  return workers;
}

/**
 * The embedded database, made ready for the workers: started (with connections for all of them), migrated,
 * filled with the demo races when empty. The workers reach it through its socket as their DATABASE_URL.
 */
async function prepareEmbeddedDatabase(
  config: Config,
  workers: number,
  log: pino.Logger,
): Promise<ServerDatabase> {
  const database = await openServerDatabase({
    databaseUrl: undefined,
    dataDir: config.dataDir,
    poolSize: 2, // the migrations run beside the connection holding their lock
    // Each worker's pool and its listening connection for the change feed.
    otherConnections: workers * (config.databasePoolSize + 1),
    sharedBuffersMb: config.embeddedPostgres.sharedBuffersMb,
    log: (note) => log.info(note),
  });
  const auth = createAuth(database.db, config, log, async () => {}, createMemoryRateLimitStore());
  if (config.seedDemo && (await seedDemoData(database.db, auth))) {
    log.info({ email: DEMO_ORGANIZER.email }, 'empty database: added a demo organizer and a dozen marathons');
  }
  return database;
}

async function stopWorkers(workers: Worker[], log: pino.Logger): Promise<void> {
  await Promise.all(
    workers.map(async (worker) => {
      if (worker.isDead()) return;
      const exited = once(worker, 'exit');
      worker.process.kill('SIGTERM');
      const timer = setTimeout(() => {
        log.warn({ pid: worker.process.pid }, 'a worker did not stop in time; ending it');
        worker.process.kill('SIGKILL');
      }, WORKER_STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }),
  );
}

async function main() {
  let config: Config;
  let workerCount: number;
  try {
    config = loadConfig();
    workerCount = parseWorkerCount(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = pino(
    { level: config.logLevel, base: { role: 'primary', pid: process.pid } },
    createLogDestination({ buffered: false }).stream,
  );

  let database: ServerDatabase | undefined;
  const workerEnv: Record<string, string> = {};
  if (!config.databaseUrl) {
    try {
      database = await prepareEmbeddedDatabase(config, workerCount, log);
    } catch (error) {
      fail((error as Error).message);
    }
    Object.assign(workerEnv, { DATABASE_URL: database.embeddedUrl!, AUTH_SECRET: config.authSecret });
  }

  cluster.setupPrimary({ exec: SERVER_ENTRY });
  let stopping = false;
  const start = () => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.warn({ pid: worker.process.pid, code, signal }, 'a worker stopped; starting another');
    setTimeout(() => stopping || start(), RESTART_DELAY_MS);
  });
  // Said once, by the primary, when the first worker listens (straight to stdout, as server.ts does).
  let announced = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    process.stdout.write(`${runningLine(config, address)}\n`);
  });
  for (let index = 0; index < workerCount; index += 1) start();
  log.info(
    { workers: workerCount, database: database ? 'embedded PostgreSQL' : 'DATABASE_URL' },
    `Stride is starting ${workerCount} workers on ${config.publicUrl}`,
  );

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the workers');
    await stopWorkers(
      Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined),
      log,
    );
    await database?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
}

await main();
