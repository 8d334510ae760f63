import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './private-files.js';
import { isProcessAlive, procStatFields } from './process-alive.js';

const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** A process, told apart from a later one that reuses its pid by when it started. */
type ProcessIdentity = { pid: number; startedAt: string | null };

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where there is
 * no /proc or the process is gone.
 */
function startTimeOf(pid: number): string | null {
  return procStatFields(pid)?.[19] ?? null;
}

/** Linux reports process times in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** When the process started, in milliseconds since the epoch, from /proc; null where that cannot be told. */
function startedAtMs(pid: number): number | null {
  const ticks = startTimeOf(pid);
  try {
    const bootSeconds = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1];
    if (ticks === null || bootSeconds === undefined) return null;
    return (Number(bootSeconds) + Number(ticks) / TICKS_PER_SECOND) * 1000;
  } catch {
    return null;
  }
}

/** The lock file: the pid on the first line, its start time on the second (absent in older lock files). */
function readIdentity(text: string): ProcessIdentity | null {
  const [pidLine = '', startedAt = ''] = text.split('\n');
  const pid = Number(pidLine.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, startedAt: startedAt.trim() || null };
}

function formatIdentity({ pid, startedAt }: ProcessIdentity): string {
  return startedAt === null ? String(pid) : `${pid}\n${startedAt}`;
}

/**
 * Is the process that wrote the lock still running? Its pid must be alive and, where /proc tells, have started
 * when the lock says: a crashed server's pid may since belong to an unrelated process. Our own pid is never
 * the holder (a lock left before a restart that got the same pid, e.g. pid 1 in a container).
 */
function isHeldBy(holder: ProcessIdentity, lockWrittenAtMs: number): boolean {
  if (holder.pid === process.pid || !isProcessAlive(holder.pid)) return false;
  if (holder.startedAt !== null) {
    const startedAt = startTimeOf(holder.pid);
    return startedAt === null || startedAt === holder.startedAt;
  }
  // A lock file of an older version holds only the pid: its writer cannot have started after writing it
  // (a second of slack for the clock's granularity).
  const startedAt = startedAtMs(holder.pid);
  return startedAt === null || startedAt <= lockWrittenAtMs + 1000;
}

/**
 * Makes this process the only one using `dataDir`: one server owns the embedded PostgreSQL in it, and may stop
 * a postmaster it finds there as a crashed server's orphan.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const ours = formatIdentity({ pid: process.pid, startedAt: startTimeOf(process.pid) });

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      writeSync(fd, ours);
      closeSync(fd);
      // Only the process that holds DATA_DIR tightens it: another (a backup or copy beside a running server)
      // would take away the pass-through the running PostgreSQL's user was given (platform/embedded-postgres.ts).
      makePrivateDir(dataDir);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === ours) unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readIdentity(readFileSync(lockPath, 'utf8'));
    if (holder && isHeldBy(holder, statSync(lockPath).mtimeMs)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Stride server (pid ${holder.pid}). ` +
          'Stop that server first, or point DATA_DIR at another folder.',
      );
    }
    unlinkSync(lockPath); // stale: its process is gone, or its pid now belongs to another process
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another process keeps taking the lock.`);
}
