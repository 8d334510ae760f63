import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

let dataDir: string;
let lockFile: string;
let holder: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stride-lock-'));
  lockFile = path.join(dataDir, 'server.lock');
});
afterEach(async () => {
  if (holder && holder.exitCode === null && holder.signalCode === null) {
    const exited = once(holder, 'exit');
    holder.kill();
    await exited;
  }
  holder = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Another live process, standing in for a second Stride server that holds the lock. */
async function startHolder(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  holder = child;
  return child as ChildProcess & { pid: number };
}

/** When the process started, as /proc/<pid>/stat says (clock ticks since boot). */
async function startTimeOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

/** The pid a lock file names (its first line). */
const lockHolderPid = async (file: string) => (await readFile(file, 'utf8')).split('\n')[0];

describe('lockDataDir', () => {
  it('creates the folder and a lock file holding our pid and start time; release removes it', async () => {
    const release = lockDataDir(path.join(dataDir, 'new'));
    const newLockFile = path.join(dataDir, 'new', 'server.lock');

    expect(await readFile(newLockFile, 'utf8')).toBe(`${process.pid}\n${await startTimeOf(process.pid)}`);
    release();
    expect(existsSync(newLockFile)).toBe(false);
  });

  it('refuses a folder locked by a live process that started when its lock says', async () => {
    const { pid } = await startHolder();
    await writeFile(lockFile, `${pid}\n${await startTimeOf(pid)}`);

    expect(() => lockDataDir(dataDir)).toThrow(`is in use by another Stride server (pid ${pid})`);
  });

  it('takes over a lock whose pid now belongs to an unrelated process that started later', async () => {
    // The crashed server's pid, reused: the process alive under it did not start when the lock says.
    const { pid } = await startHolder();
    const startedEarlier = String(Number(await startTimeOf(pid)) - 1);
    await writeFile(lockFile, `${pid}\n${startedEarlier}`);

    const release = lockDataDir(dataDir);

    expect(await lockHolderPid(lockFile)).toBe(String(process.pid));
    release();
  });

  it('takes over an older, pid-only lock written before the process now holding that pid started', async () => {
    const { pid } = await startHolder();
    await writeFile(lockFile, String(pid));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(lockFile, anHourAgo, anHourAgo);

    const release = lockDataDir(dataDir);

    expect(await lockHolderPid(lockFile)).toBe(String(process.pid));
    release();
  });

  it('refuses a folder whose lock is held by another live process, leaving its lock alone', async () => {
    const { pid } = await startHolder();
    await writeFile(lockFile, String(pid));

    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is in use by another Stride server (pid ${pid})`,
    );
    expect(await readFile(lockFile, 'utf8')).toBe(String(pid));
  });

  it('takes over a stale lock once its process has exited', async () => {
    const child = await startHolder();
    await writeFile(lockFile, String(child.pid));
    const exited = once(child, 'exit');
    child.kill();
    await exited;

    const release = lockDataDir(dataDir);

    expect(await lockHolderPid(lockFile)).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock file with no valid pid in it', async () => {
    await writeFile(lockFile, 'garbage');

    const release = lockDataDir(dataDir);

    expect(await lockHolderPid(lockFile)).toBe(String(process.pid));
    release();
  });

  it('does not remove a lock another process took over after ours', async () => {
    const release = lockDataDir(dataDir);
    const { pid } = await startHolder();
    await writeFile(lockFile, String(pid));

    release();

    expect(await readFile(lockFile, 'utf8')).toBe(String(pid));
  });
});
