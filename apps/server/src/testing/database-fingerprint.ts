import { sql } from 'drizzle-orm';
import { type DatabaseHandle, rowsOf } from '../db/client.js';
import { withDataDirDatabase } from '../platform/server-database.js';

/**
 * What a copy must keep: every table's rows (their count and the md5 of all of them as text, generated columns
 * included), every sequence's state and the migrations applied. Equal fingerprints, equal databases.
 */
export type DatabaseFingerprint = {
  tables: Record<string, { rows: number; md5: string }>;
  sequences: Record<string, string | null>;
  migrations: string[];
};

export async function fingerprintDatabase(database: DatabaseHandle): Promise<DatabaseFingerprint> {
  return database.db.transaction(
    async (tx) => {
      // Timestamps as text depend on the session's zone; rows sort by their bytes, whatever the collation.
      await tx.execute(sql`set local time zone 'UTC'`);
      const tableNames = rowsOf<{ name: string }>(
        await tx.execute(sql`select table_name as "name" from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
      );
      const tables: DatabaseFingerprint['tables'] = {};
      for (const { name } of tableNames) {
        const [table] = rowsOf<{ rows: number; md5: string }>(
          await tx.execute(sql`select count(*)::int as "rows",
              md5(coalesce(string_agg(t::text, E'\n' order by t::text collate "C"), '')) as "md5"
            from ${sql.identifier('public')}.${sql.identifier(name)} t`),
        );
        tables[name] = table!;
      }
      const sequences = rowsOf<{ name: string; lastValue: string | null }>(
        await tx.execute(sql`select sequencename as "name", last_value::text as "lastValue"
          from pg_sequences where schemaname = 'public' order by 1`),
      );
      const migrations = rowsOf<{ migration: string }>(
        await tx.execute(sql`select created_at || ' ' || hash as "migration"
          from drizzle.__drizzle_migrations order by created_at`),
      );
      return {
        tables,
        sequences: Object.fromEntries(sequences.map(({ name, lastValue }) => [name, lastValue])),
        migrations: migrations.map(({ migration }) => migration),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The fingerprint of DATA_DIR's embedded database, started for it unless a server runs it. */
export function fingerprintDataDir(dataDir: string): Promise<DatabaseFingerprint> {
  return withDataDirDatabase(dataDir, fingerprintDatabase);
}
