import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openPostgres, rowsOf } from '../db/client.js';
import { isInsufficientPrivilege } from '../db/errors.js';
import {
  type AppliedMigration,
  type MigrationLevel,
  findMigrationLevel,
  openPostgresAtMigrationLevel,
} from './migration-levels.js';
import type { Executor } from '../db/transaction.js';

export type TableCount = { table: string; rows: number };
export type Column = { name: string; isIdentity: boolean };
/** A table of schema `public` with its stored (not generated) columns, and how many rows it holds. */
export type CountedTable = { name: string; columns: Column[]; rows: number };
/** `lastValue` is a bigint as text; null when the sequence was never used. */
export type SequenceState = { name: string; lastValue: string | null };
/** Some of a table's rows, each as PostgreSQL's own JSON text (`row_to_json`). */
export type RowBatch = { table: CountedTable; rows: string[] };

/**
 * A database's data as a copy moves it: the tables of schema `public` with their row counts, the sequences'
 * states, and the rows of the tables named in `only` (every table by default) in `tables`' order, in batches.
 * Read from a database in one snapshot ({@link readDatabaseContent}) or from a backup file; `readRows` may be
 * run through several times, one after the other.
 */
export type DatabaseContent = {
  tables: CountedTable[];
  sequences: SequenceState[];
  readRows: (only?: ReadonlySet<string>) => AsyncIterable<RowBatch>;
};

/** How a copy's messages name it, e.g. `import PGlite into PostgreSQL`, from `PGlite`, into `PostgreSQL`. */
export type CopyNames = { action: string; source: string; target: string };

/** Rows per statement, read and written: a few megabytes of JSON at most. */
export const BATCH_ROWS = 5_000;

const publicTable = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;
const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const sumRows = (tables: { rows: number }[]) => tables.reduce((sum, { rows }) => sum + rows, 0);

/** Runs `work` on one snapshot of `source`: REPEATABLE READ, READ ONLY, so every table is read as of one moment. */
export function readInSnapshot<T>(
  source: DatabaseHandle,
  work: (reader: Executor) => Promise<T>,
): Promise<T> {
  return source.db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The tables of schema `public` and their stored (not generated) columns, from the catalog. */
async function findPublicTables(db: Executor): Promise<Omit<CountedTable, 'rows'>[]> {
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

async function readSequences(db: Executor): Promise<SequenceState[]> {
  return rowsOf<SequenceState>(
    await db.execute(sql`
      select sequencename as "name", last_value::text as "lastValue"
      from pg_sequences where schemaname = 'public' order by 1`),
  );
}

export async function countRows(db: Executor, tables: { name: string }[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ rows: number }>(
      await db.execute(sql`select count(*)::int as "rows" from ${publicTable(table.name)}`),
    );
    counts.push({ table: table.name, rows: row?.rows ?? 0 });
  }
  return counts;
}

/** Every table of schema `public` with its number of rows. */
export async function countPublicTables(db: Executor): Promise<TableCount[]> {
  return countRows(db, await findPublicTables(db));
}

async function findTablesWithRows(db: Executor, tables: { name: string }[]): Promise<string[]> {
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
 * Streams each table through a cursor, each row as PostgreSQL's own JSON text: values never pass through
 * JavaScript types, so timestamps keep their microseconds and numbers their digits.
 */
async function* readTableRows(reader: Executor, tables: CountedTable[]): AsyncGenerator<RowBatch> {
  for (const table of tables) {
    const columns = sql.join(
      table.columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
    await reader.execute(sql`
      declare database_copy no scroll cursor for
      select row_to_json(r)::text as "row" from (select ${columns} from ${publicTable(table.name)}) r`);
    for (;;) {
      const rows = rowsOf<{ row: string }>(
        await reader.execute(sql`fetch ${sql.raw(String(BATCH_ROWS))} from database_copy`),
      ).map(({ row }) => row);
      if (rows.length > 0) yield { table, rows };
      if (rows.length < BATCH_ROWS) break;
    }
    await reader.execute(sql`close database_copy`);
  }
}

/**
 * The content of the database `reader` is a snapshot of ({@link readInSnapshot}); its rows are read while they
 * are taken. The sequences are read up front: later values are never lower, and a value a row of the snapshot
 * holds was taken before the snapshot began.
 */
export async function readDatabaseContent(reader: Executor): Promise<DatabaseContent> {
  const found = await findPublicTables(reader);
  const counts = await countRows(reader, found);
  const tables = found.map((table, index) => ({ ...table, rows: counts[index]!.rows }));
  const sequences = await readSequences(reader);
  return {
    tables,
    sequences,
    readRows: (only) => readTableRows(reader, only ? tables.filter(({ name }) => only.has(name)) : tables),
  };
}

async function insertRows(writer: Executor, { table, rows }: RowBatch): Promise<void> {
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const overriding = table.columns.some((column) => column.isIdentity) ? sql`overriding system value` : sql``;
  // One parameter: drizzle would spread a JavaScript array into one parameter per element.
  const batch = `[${rows.join(',')}]`;
  await writer.execute(sql`
    insert into ${publicTable(table.name)} (${columns}) ${overriding}
    select ${columns} from json_populate_recordset(null::${publicTable(table.name)}, ${batch}::json)`);
}

/**
 * Every sequence continues where the source's stopped (registrations_waitlist_seq belongs to no column, yet
 * orders the waitlists); one owned by a column (serial, identity) also moves past the highest value copied into it.
 */
async function restoreSequences(writer: Executor, sequences: SequenceState[]): Promise<void> {
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

/** Tables, columns and sequences as "table t(a, b)" lines: equal when both sides ran the same migrations. */
function describeSchema(tables: Omit<CountedTable, 'rows'>[], sequences: { name: string }[]): Set<string> {
  return new Set([
    // Columns are copied by name, so their order may differ.
    ...tables.map(
      (table) =>
        `table ${table.name}(${table.columns
          .map((c) => c.name)
          .sort()
          .join(', ')})`,
    ),
    ...sequences.map(({ name }) => `sequence ${name}`),
  ]);
}

async function requireSameSchema(
  content: DatabaseContent,
  target: Executor,
  names: CopyNames,
): Promise<void> {
  const inSource = describeSchema(content.tables, content.sequences);
  const inTarget = describeSchema(await findPublicTables(target), await readSequences(target));
  const onlyInSource = [...inSource].filter((item) => !inTarget.has(item));
  const onlyInTarget = [...inTarget].filter((item) => !inSource.has(item));
  if (onlyInSource.length > 0 || onlyInTarget.length > 0) {
    throw new Error(
      `Cannot ${names.action}: their schemas differ after migrating. ` +
        `Only in ${names.source}: ${onlyInSource.join('; ') || 'nothing'}. Only in ${names.target}: ${onlyInTarget.join('; ') || 'nothing'}.`,
    );
  }
}

/**
 * Foreign keys and triggers are triggers, which the replica role skips for the rest of the transaction. Only a
 * superuser may set it (on PostgreSQL 15+, also a role granted SET on it); for another role, PostgreSQL refuses
 * with insufficient_privilege, the savepoint keeps the transaction usable, and the answer is false.
 */
async function trySetReplicaRole(writer: Executor): Promise<boolean> {
  try {
    await writer.transaction((savepoint) =>
      savepoint.execute(sql`set local session_replication_role = replica`),
    );
    return true;
  } catch (error) {
    if (isInsufficientPrivilege(error)) return false;
    throw error;
  }
}

/** Each table of schema `public` that has foreign keys, with the tables of `public` they refer to. */
async function findReferencedTables(db: Executor): Promise<Map<string, Set<string>>> {
  const result = await db.execute(sql`
    select t.relname as "table", r.relname as "referenced"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    where c.contype = 'f'
      and t.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace`);
  const references = new Map<string, Set<string>>();
  for (const { table, referenced } of rowsOf<{ table: string; referenced: string }>(result)) {
    references.set(table, (references.get(table) ?? new Set()).add(referenced));
  }
  return references;
}

/**
 * The tables that hold rows, in passes over the content (each pass in the content's order) such that every table
 * comes after those its foreign keys refer to: one pass when the content's order allows it. A cycle of foreign
 * keys has no such order, nor has a table that refers to itself (a row could refer to a later batch's); Stride's
 * schema has neither.
 */
export function planLoadPasses(
  tables: CountedTable[],
  references: Map<string, Set<string>>,
  names: CopyNames,
): Set<string>[] {
  const pending = new Set(tables.filter(({ rows }) => rows > 0).map(({ name }) => name));
  const passes: Set<string>[] = [];
  while (pending.size > 0) {
    const pass = new Set<string>();
    // A Set iterates in insertion order, the content's, and skips what is deleted on the way.
    for (const name of pending) {
      if ([...(references.get(name) ?? [])].some((referenced) => pending.has(referenced))) continue;
      pending.delete(name);
      pass.add(name);
    }
    if (pass.size === 0) {
      throw new Error(
        `Cannot ${names.action}: without a superuser role the tables are loaded after the tables they refer to, ` +
          `but the foreign keys of ${[...pending].join(', ')} in ${names.target} form a cycle or refer to their ` +
          'own table. Copy as a superuser role.',
      );
    }
    passes.push(pass);
  }
  return passes;
}

/**
 * Turns the tables' own triggers (`USER`: not those of the foreign keys, which stay on) off or on again, which
 * their owner may do.
 */
async function setUserTriggers(
  writer: Executor,
  tables: CountedTable[],
  state: 'disable' | 'enable',
  names: CopyNames,
): Promise<void> {
  try {
    for (const { name } of tables) {
      await writer.execute(sql`alter table ${publicTable(name)} ${sql.raw(state)} trigger user`);
    }
  } catch (error) {
    if (!isInsufficientPrivilege(error)) throw error;
    throw new Error(
      `Cannot ${names.action}: writing into ${names.target} needs a superuser role, or a role that owns its ` +
        `tables (the role Stride's migrations ran as there), to ${state} their triggers.`,
      { cause: error },
    );
  }
}

/**
 * Writes every row without the triggers, so that the values they keep (search texts, the search dictionary)
 * arrive as they were stored. With the replica role ({@link trySetReplicaRole}) foreign keys are skipped too and
 * the tables go in the content's order. Otherwise the tables' owner turns off their own triggers for the load,
 * and the foreign keys, still checked, order the tables ({@link planLoadPasses}).
 */
async function writeRows(writer: Executor, content: DatabaseContent, names: CopyNames): Promise<void> {
  if (await trySetReplicaRole(writer)) {
    for await (const batch of content.readRows()) await insertRows(writer, batch);
    return;
  }
  const passes = planLoadPasses(content.tables, await findReferencedTables(writer), names);
  await setUserTriggers(writer, content.tables, 'disable', names);
  for (const tables of passes) {
    for await (const batch of content.readRows(tables)) await insertRows(writer, batch);
  }
  await setUserTriggers(writer, content.tables, 'enable', names);
}

export function findMismatches(source: TableCount[], target: TableCount[], names: CopyNames): string[] {
  const targetRows = new Map(target.map(({ table, rows }) => [table, rows]));
  return source
    .filter(({ table, rows }) => targetRows.get(table) !== rows)
    .map(
      ({ table, rows }) =>
        `${table}: ${rows} in ${names.source}, ${targetRows.get(table) ?? 'no table'} in ${names.target}`,
    );
}

/**
 * Writes `content` into the migrated, empty database of `writer`, a transaction: checks that both schemas are
 * the same, copies every row and the sequences, and compares every table's count with the content's. Throws
 * (so the caller's transaction rolls back) on any difference.
 */
export async function writeDatabaseContent(
  writer: Executor,
  content: DatabaseContent,
  names: CopyNames,
): Promise<TableCount[]> {
  await requireSameSchema(content, writer, names);
  const filled = await findTablesWithRows(writer, content.tables);
  if (filled.length > 0) {
    throw new Error(`Cannot ${names.action}: ${names.target} already holds rows in ${filled.join(', ')}.`);
  }

  await writeRows(writer, content, names);
  await restoreSequences(writer, content.sequences);

  const expected = content.tables.map(({ name, rows }) => ({ table: name, rows }));
  const mismatches = findMismatches(expected, await countRows(writer, content.tables), names);
  if (mismatches.length > 0) {
    throw new Error(`Cannot ${names.action}, rolled back: row counts differ: ${mismatches.join('; ')}.`);
  }
  return expected;
}

/** Copies every row of a migrated database into an empty database migrated alike, in one snapshot and one transaction. */
export function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  names: CopyNames,
): Promise<TableCount[]> {
  return readInSnapshot(source, async (reader) => {
    const content = await readDatabaseContent(reader);
    return target.db.transaction((writer) => writeDatabaseContent(writer, content, names));
  });
}

/** Anything in the database at `url` that a copy would write beside (tables, views, in any schema): a few names. */
async function findRelations(url: string): Promise<string[]> {
  const database = await openPostgres(url, { poolSize: 1, migrationsFolder: false });
  try {
    const result = await database.db.execute(sql`
      select n.nspname || '.' || c.relname as "name"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'f', 'v', 'm')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1 limit 6`);
    return rowsOf<{ name: string }>(result).map(({ name }) => name);
  } finally {
    await database.close();
  }
}

export type LoadedContent = MigrationLevel & { tables: TableCount[] };

/**
 * Loads content that `migrations` made into the EMPTY database at `url`: refuses one that holds any table,
 * changing nothing. Then builds the schema with Stride's own migrations up to the content's level, writes the
 * rows and sequences in one transaction with every count checked, and applies this Stride's later migrations,
 * so that content from an older Stride is upgraded as its database would have been.
 */
export async function loadIntoEmptyPostgres(
  url: string,
  source: { content: DatabaseContent; migrations: AppliedMigration[] },
  names: CopyNames,
): Promise<LoadedContent> {
  const level = await findMigrationLevel(source.migrations, names);
  const relations = await findRelations(url);
  if (relations.length > 0) {
    throw new Error(
      `Cannot ${names.action}: ${names.target} is not empty (it holds ${relations.slice(0, 5).join(', ')}` +
        `${relations.length > 5 ? ', …' : ''}), and only an empty database is written to. ` +
        'Create a new database (e.g. `createdb`), or empty this one, and run again.',
    );
  }

  const target = await openPostgresAtMigrationLevel(url, level.level);
  let tables: TableCount[];
  try {
    tables = await target.db.transaction((writer) => writeDatabaseContent(writer, source.content, names));
  } finally {
    await target.close();
  }
  if (level.level < level.latest) await (await openPostgres(url, { poolSize: 2 })).close();
  return { ...level, tables };
}
