import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

describe('lockDataDir', () => {
  it('creates the folder and a lock file holding our pid; release removes it', async () => {
    const release = lockDataDir(path.join(dataDir, 'new'));
    const newLockFile = path.join(dataDir, 'new', 'server.lock');

    expect(await readFile(newLockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(newLockFile)).toBe(false);
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

    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock file with no valid pid in it', async () => {
    await writeFile(lockFile, 'garbage');

    const release = lockDataDir(dataDir);

    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
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
