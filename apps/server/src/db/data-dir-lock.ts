import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // our own pid in the file: left by a crash before a restart (e.g. pid 1 in a container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes this process the only one using `dataDir`: two PGlite instances on one folder corrupt it.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    if (Number.isInteger(holder) && isRunning(holder)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Stride server (pid ${holder}). ` +
          'Stop that server first, or point DATA_DIR at another folder.',
      );
    }
    unlinkSync(lockPath); // stale: its process is gone
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another process keeps taking the lock.`);
}
