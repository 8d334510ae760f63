import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openPglite, rowsOf } from './client.js';
import type { Executor } from './transaction.js';

export type TableCount = { table: string; rows: number };

/** What the start-up import did, for the log. `keptAt` is where the PGlite folder now lies. */
export type PgliteImport = { kind: 'none' } | { kind: 'imported'; tables: TableCount[]; keptAt: string };

type Column = { name: string; isIdentity: boolean };
type Table = { name: string; columns: Column[] };

/** Rows read from PGlite and written to PostgreSQL per statement: a few megabytes of JSON at most. */
const BATCH_ROWS = 5_000;

const publicTable = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;
const formatCounts = (tables: TableCount[]) =>
  tables.map(({ table, rows }) => `${table}: ${rows}`).join(', ');

/** The tables of schema `public` and their stored (not generated) columns, from the catalog. */
async function findPublicTables(db: Executor): Promise<Table[]> {
  const result = await db.execute(sql`
    select c.table_name as "table", c.column_name as "column", c.is_identity = 'YES' as "isIdentity"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, Column[]>();
  for (const row of rowsOf<{ table: string; column: string; isIdentity: boolean }>(result)) {
    const columns = tables.get(row.table) ?? [];
    columns.push({ name: row.column, isIdentity: row.isIdentity });
    tables.set(row.table, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

async function findSequenceNames(db: Executor): Promise<string[]> {
  const result = await db.execute(
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Tables, columns and sequences as "table t(a, b)" lines: equal when both sides ran the same migrations. */
async function describeSchema(db: Executor): Promise<Set<string>> {
  const tables = await findPublicTables(db);
  const sequences = await findSequenceNames(db);
  return new Set([
    // Columns are copied by name, so their order may differ.
    ...tables.map(
      (table) =>
        `table ${table.name}(${table.columns
          .map((c) => c.name)
          .sort()
          .join(', ')})`,
    ),
    ...sequences.map((name) => `sequence ${name}`),
  ]);
}

async function requireSameSchema(source: Executor, target: Executor): Promise<void> {
  const inSource = await describeSchema(source);
  const inTarget = await describeSchema(target);
  const onlyInSource = [...inSource].filter((item) => !inTarget.has(item));
  const onlyInTarget = [...inTarget].filter((item) => !inSource.has(item));
  if (onlyInSource.length > 0 || onlyInTarget.length > 0) {
    throw new Error(
      'Cannot import PGlite into PostgreSQL: their schemas differ after migrating. ' +
        `Only in PGlite: ${onlyInSource.join('; ') || 'nothing'}. Only in PostgreSQL: ${onlyInTarget.join('; ') || 'nothing'}.`,
    );
  }
}

async function countRows(db: Executor, tables: Table[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ rows: number }>(
      await db.execute(sql`select count(*)::int as "rows" from ${publicTable(table.name)}`),
    );
    counts.push({ table: table.name, rows: row?.rows ?? 0 });
  }
  return counts;
}

async function findTablesWithRows(db: Executor, tables: Table[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ filled: boolean }>(
      await db.execute(sql`select exists (select from ${publicTable(table.name)}) as "filled"`),
    );
    if (row?.filled) filled.push(table.name);
  }
  return filled;
}

/**
 * Streams one table through a cursor, each row as PostgreSQL's own JSON text: values never pass through
 * JavaScript types, so timestamps keep their microseconds and numbers their digits.
 */
async function copyTable(reader: Executor, writer: Executor, table: Table): Promise<void> {
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const overriding = table.columns.some((column) => column.isIdentity) ? sql`overriding system value` : sql``;
  await reader.execute(sql`
    declare pglite_import no scroll cursor for
    select row_to_json(r)::text as "row" from (select ${columns} from ${publicTable(table.name)}) r`);
  for (;;) {
    const rows = rowsOf<{ row: string }>(
      await reader.execute(sql`fetch ${sql.raw(String(BATCH_ROWS))} from pglite_import`),
    );
    if (rows.length === 0) break;
    // One parameter: drizzle would spread a JavaScript array into one parameter per element.
    const batch = `[${rows.map(({ row }) => row).join(',')}]`;
    await writer.execute(sql`
      insert into ${publicTable(table.name)} (${columns}) ${overriding}
      select ${columns} from json_populate_recordset(null::${publicTable(table.name)}, ${batch}::json)`);
    if (rows.length < BATCH_ROWS) break;
  }
  await reader.execute(sql`close pglite_import`);
}

/**
 * Every sequence continues where PGlite's stopped (registrations_waitlist_seq belongs to no column, yet orders the
 * waitlists); one owned by a column (serial, identity) also moves past the highest value copied into it.
 */
async function copySequences(reader: Executor, writer: Executor): Promise<void> {
  const sequences = rowsOf<{ name: string; lastValue: string | null }>(
    await reader.execute(sql`
      select sequencename as "name", last_value::text as "lastValue"
      from pg_sequences where schemaname = 'public'`),
  );
  for (const { name, lastValue } of sequences) {
    if (lastValue === null) continue; // never used: the target's fresh sequence is in the same state
    await writer.execute(
      sql`select setval(${`public.${quoteIdentifier(name)}`}::regclass, ${lastValue}::bigint)`,
    );
  }

  const owned = rowsOf<{ sequence: string; table: string; column: string }>(
    await writer.execute(sql`
      select s.relname as "sequence", t.relname as "table", a.attname as "column"
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid and t.relnamespace = s.relnamespace
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')`),
  );
  for (const { sequence, table, column } of owned) {
    const sequenceName = `public.${quoteIdentifier(sequence)}`;
    await writer.execute(sql`
      select setval(${sequenceName}::regclass, max(${sql.identifier(column)}))
      from ${publicTable(table)}
      having max(${sql.identifier(column)}) > coalesce(
        (select last_value from pg_sequences where schemaname = 'public' and sequencename = ${sequence}), 0)`);
  }
}

/**
 * Foreign keys and triggers are triggers, which the replica role skips: tables go in any order, and values the
 * triggers keep (search texts, the search dictionary) arrive as they were stored. Only a superuser may set it.
 */
async function setReplicaRole(writer: Executor): Promise<void> {
  try {
    await writer.execute(sql`set local session_replication_role = replica`);
  } catch (error) {
    throw new Error(
      'Cannot import PGlite into PostgreSQL: the import needs a superuser role (to set session_replication_role).',
      { cause: error },
    );
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function findMismatches(source: TableCount[], target: TableCount[]): string[] {
  const targetRows = new Map(target.map(({ table, rows }) => [table, rows]));
  return source
    .filter(({ table, rows }) => targetRows.get(table) !== rows)
    .map(
      ({ table, rows }) =>
        `${table}: ${rows} in PGlite, ${targetRows.get(table) ?? 'no table'} in PostgreSQL`,
    );
}

/** Copies every row of a migrated PGlite database into an empty, migrated PostgreSQL database, in one transaction; checks counts. */
export async function copyPgliteIntoPostgres(
  source: DatabaseHandle,
  target: DatabaseHandle,
): Promise<TableCount[]> {
  return source.db.transaction(
    (reader) =>
      target.db.transaction(async (writer) => {
        await requireSameSchema(reader, writer);
        const tables = await findPublicTables(reader);
        const filled = await findTablesWithRows(writer, tables);
        if (filled.length > 0) {
          throw new Error(
            `Cannot import PGlite into PostgreSQL: it already holds rows in ${filled.join(', ')}.`,
          );
        }

        await setReplicaRole(writer);
        for (const table of tables) await copyTable(reader, writer, table);
        await copySequences(reader, writer);

        const copied = await countRows(reader, tables);
        const mismatches = findMismatches(copied, await countRows(writer, tables));
        if (mismatches.length > 0) {
          throw new Error(`PGlite import rolled back, row counts differ: ${mismatches.join('; ')}.`);
        }
        return copied;
      }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
  const inFolder = await countRows(source.db, await findPublicTables(source.db));
  const inTarget = await countRows(target.db, await findPublicTables(target.db));
  const isFolderEmpty = inFolder.every(({ rows }) => rows === 0);
  const isSameData = inFolder.length === inTarget.length && findMismatches(inFolder, inTarget).length === 0;
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
    const targetTables = await findPublicTables(target.db);
    const isTargetEmpty = (await findTablesWithRows(target.db, targetTables)).length === 0;
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
