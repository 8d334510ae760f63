import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What DATA_DIR holds is nobody else's to read: the database, the auth secret, mails carrying live reset links.
 * Its folders are 0700 and its files 0600, for the account the server runs as alone.
 */
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** Makes `dir` (and missing parents) owner-only; an existing one loses every permission of group and others. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode } = statSync(dir);
  if ((mode & 0o077) !== 0) chmodSync(dir, mode & 0o7700);
}

/** {@link makePrivateDir}, and the files already in it (of an earlier version of Stride) made owner-only too. */
export function makePrivateDirAndFiles(dir: string): void {
  makePrivateDir(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(path.join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}
