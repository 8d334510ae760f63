import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { type DatabaseHandle, openPglite } from '../db/client.js';
import {
  type CopyNames,
  type TableCount,
  copyDatabase,
  countPublicTables,
  findMismatches,
} from './database-copy.js';

/** What the start-up import did, for the log. `keptAt` is where the PGlite folder now lies. */
export type PgliteImport = { kind: 'none' } | { kind: 'imported'; tables: TableCount[]; keptAt: string };

const PGLITE_IMPORT: CopyNames = {
  action: 'import PGlite into PostgreSQL',
  source: 'PGlite',
  target: 'PostgreSQL',
};

const formatCounts = (tables: TableCount[]) =>
  tables.map(({ table, rows }) => `${table}: ${rows}`).join(', ');

/** Copies every row of a migrated PGlite database into an empty, migrated PostgreSQL database, in one transaction; checks counts. */
export function copyPgliteIntoPostgres(
  source: DatabaseHandle,
  target: DatabaseHandle,
): Promise<TableCount[]> {
  return copyDatabase(source, target, PGLITE_IMPORT);
}

/** `DATA_DIR/pglite-imported`, or with `-2`, `-3`… when an earlier import left one there. */
function findFreeImportedPath(dataDir: string): string {
  let candidate = path.join(dataDir, 'pglite-imported');
  for (let suffix = 2; existsSync(candidate); suffix++) {
    candidate = path.join(dataDir, `pglite-imported-${suffix}`);
  }
  return candidate;
}

/**
 * The target already holds data: it is this folder's if the counts match (a crash after the copy committed,
 * before the rename), or nothing is to be lost when the folder is empty. Anything else is the operator's call.
 */
async function requireAlreadyImported(
  source: DatabaseHandle,
  target: DatabaseHandle,
  folder: string,
  dataDir: string,
): Promise<TableCount[]> {
  const inFolder = await countPublicTables(source.db);
  const inTarget = await countPublicTables(target.db);
  const isFolderEmpty = inFolder.every(({ rows }) => rows === 0);
  const isSameData =
    inFolder.length === inTarget.length && findMismatches(inFolder, inTarget, PGLITE_IMPORT).length === 0;
  if (isFolderEmpty || isSameData) return inFolder;
  throw new Error(
    `Both ${folder} (the earlier PGlite database) and the PostgreSQL database hold data, and not the same ` +
      `(PGlite: ${formatCounts(inFolder)}; PostgreSQL: ${formatCounts(inTarget)}), so Stride will not merge them. ` +
      `To start on the PostgreSQL data, move ${folder} out of ${dataDir}. ` +
      `To import the PGlite data instead, empty the PostgreSQL database (the embedded one: stop Stride and move ` +
      `${path.join(dataDir, 'postgres')} away) and start again.`,
  );
}

/**
 * At start: if `DATA_DIR/pglite` exists, copy it into `target` once, then rename it to `DATA_DIR/pglite-imported`
 * (kept, not deleted). The folder's presence is what marks the import as still to do.
 */
export async function importPgliteFolderOnce(dataDir: string, target: DatabaseHandle): Promise<PgliteImport> {
  const folder = path.join(dataDir, 'pglite');
  if (!existsSync(folder)) return { kind: 'none' };

  const source = await openPglite(folder);
  let tables: TableCount[];
  try {
    const isTargetEmpty = (await countPublicTables(target.db)).every(({ rows }) => rows === 0);
    tables = isTargetEmpty
      ? await copyPgliteIntoPostgres(source, target)
      : await requireAlreadyImported(source, target, folder, dataDir);
  } finally {
    await source.close();
  }

  const keptAt = findFreeImportedPath(dataDir);
  await rename(folder, keptAt);
  return { kind: 'imported', tables, keptAt };
}
