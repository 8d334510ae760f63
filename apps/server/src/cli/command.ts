import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { TableCount } from '../platform/database-copy.js';
import type { MigrationLevel } from '../platform/migration-levels.js';

/**
 * DATA_DIR as `npm start` resolves it. The backup commands work on the embedded database in it: with DATABASE_URL
 * set, Stride uses another database, which they would not touch, so they refuse rather than mislead.
 */
function findEmbeddedDataDir(command: string): string {
  if (process.env.DATABASE_URL) {
    throw new Error(
      `DATABASE_URL is set, but \`npm run ${command}\` works on the embedded database in DATA_DIR. ` +
        'Unset DATABASE_URL to run it (back up a PostgreSQL of your own with its own tools, e.g. pg_dump).',
    );
  }
  return path.resolve(process.env.DATA_DIR ?? './data');
}

/** The command line, parsed; anything else than `config` takes ends the command with its usage (exit code 2). */
export function parseArguments<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  isValid: (parsed: ReturnType<typeof parseArgs<T>>) => boolean,
): ReturnType<typeof parseArgs<T>> {
  try {
    const parsed = parseArgs(config);
    if (isValid(parsed)) return parsed;
  } catch {
    // reported below
  }
  console.error(`Usage: ${usage}`);
  process.exit(2);
}

/**
 * The one FILE a command takes, from the folder npm was run in (npm runs scripts from the project's root);
 * anything else ends the command with its usage.
 */
export function parseFileArgument(usage: string): string {
  const { positionals } = parseArguments(
    { allowPositionals: true, options: {} },
    usage,
    (parsed) => parsed.positionals.length === 1,
  );
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
}

export const formatNumber = (value: number) => value.toLocaleString('en-US');

/** "3 tables, 1,234 rows" and, indented below, every table's count. */
export function formatTables(tables: TableCount[]): string {
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  const each = tables.map(({ table, rows }) => `${table} ${formatNumber(rows)}`).join(', ');
  return `${tables.length} tables, ${formatNumber(rows)} rows\n  (${each})`;
}

/** ", then 2 later migration(s) applied" when the data came from an older Stride. */
export function formatUpgrade({ level, latest }: MigrationLevel): string {
  return level < latest ? `, then ${latest - level} later migration(s) applied` : '';
}

/**
 * Runs `npm run <command>` on the embedded database of DATA_DIR, timed (`elapsed`): a refusal or failure ends
 * it with its message and exit code 1.
 */
export async function runDataDirCommand(
  command: string,
  main: (dataDir: string, elapsed: () => string) => Promise<void>,
): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    await main(findEmbeddedDataDir(command), elapsed);
  } catch (error) {
    // A database error's cause says what went wrong beneath ("connection refused", "permission denied").
    const messages = [];
    for (let cause: unknown = error; cause !== undefined; cause = (cause as Error).cause) {
      messages.push(cause instanceof Error ? cause.message : String(cause));
    }
    console.error(messages.join('\n  because: '));
    process.exitCode = 1;
  }
}
