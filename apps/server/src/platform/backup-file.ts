import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { BATCH_ROWS, type DatabaseContent, type RowBatch, sumRows } from './database-copy.js';

/**
 * A Stride backup (docs/BACKUPS.md): gzip'd lines of JSON. The header, then every table's rows in the header's
 * order and numbers, each row as PostgreSQL's `row_to_json`, then a trailer holding the sha256 of all that came
 * before it, which a file cut short or changed cannot match.
 */
const FORMAT = 'stride-backup';
const VERSION = 1;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  /** The snapshot's moment. */
  createdAt: z.string(),
  postgresVersion: z.string(),
  /** drizzle.__drizzle_migrations: the schema the rows fit. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.object({ name: z.string(), isIdentity: z.boolean() })),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().nullable() })),
  /** DATA_DIR/auth-secret, which signs the sessions; null when DATA_DIR had none (its server ran with AUTH_SECRET). */
  authSecret: z.string().nullable(),
});
const trailerSchema = z.object({ end: z.literal(FORMAT), rows: z.number(), sha256: z.string() });

export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupDetails = Omit<BackupHeader, 'format' | 'version' | 'tables' | 'sequences'>;

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** The file's lines, unzipped; a damaged or cut gzip stream throws a BackupFileError. */
async function* readLines(file: string): AsyncGenerator<string> {
  const text = pipeline(createReadStream(file), createGunzip(), () => {});
  text.setEncoding('utf8');
  let pending = '';
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      yield* lines;
    }
  } catch (error) {
    if (!(error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw error;
    throw new BackupFileError(`${file} is damaged or cut short (${(error as Error).message}).`, {
      cause: error,
    });
  }
  if (pending !== '') yield pending;
}

function parseLine<T>(file: string, schema: z.ZodType<T>, line: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFileError(`${file} is damaged: ${what} is not JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BackupFileError(`${file} is damaged: ${what} is not what Stride writes there.`);
  return parsed.data;
}

/** The header (first line) of a backup: what it holds, which Stride wrote it, from what schema. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readLines(file)) {
    let value: { format?: unknown; version?: unknown } | undefined;
    try {
      value = JSON.parse(line) as typeof value;
    } catch {
      // not JSON: reported below
    }
    if (value?.format !== FORMAT) throw new BackupFileError(`${file} is not a Stride backup.`);
    if (typeof value.version === 'number' && value.version > VERSION) {
      throw new BackupFileError(
        `${file} is a backup of format version ${value.version}, written by a newer Stride; this one reads version ${VERSION}. Use that version of Stride, or a later one.`,
      );
    }
    return parseLine(file, headerSchema, line, 'its header');
  }
  throw new BackupFileError(`${file} is empty.`);
}

/** Reads the whole file, checking it, and yields the rows of the tables in `only` (every table by default). */
async function* readBackupRows(
  file: string,
  header: BackupHeader,
  only?: ReadonlySet<string>,
): AsyncGenerator<RowBatch> {
  const lines = readLines(file);
  const hash = createHash('sha256');
  const readLine = async () => {
    const next = await lines.next();
    if (next.done) throw new BackupFileError(`${file} is cut short: it ends before its last line.`);
    return next.value;
  };
  try {
    hash.update(`${await readLine()}\n`); // the header
    for (const table of header.tables) {
      for (let read = 0; read < table.rows;) {
        const rows: string[] = [];
        for (; rows.length < BATCH_ROWS && read < table.rows; read++) {
          const row = await readLine();
          hash.update(`${row}\n`);
          rows.push(row);
        }
        if (!only || only.has(table.name)) yield { table, rows };
      }
    }
    const trailer = parseLine(file, trailerSchema, await readLine(), 'its last line');
    if (trailer.rows !== sumRows(header.tables) || trailer.sha256 !== hash.digest('hex')) {
      throw new BackupFileError(`${file} is damaged: its content does not match its checksum.`);
    }
    if (!(await lines.next()).done)
      throw new BackupFileError(`${file} is damaged: it goes on after its last line.`);
  } finally {
    await lines.return(undefined);
  }
}

/**
 * Reads a backup through once, checking every line against the header's counts and the trailer's checksum, so
 * a damaged file is refused before anything is written; then its content can be loaded.
 */
export async function openBackupFile(
  file: string,
): Promise<{ header: BackupHeader; content: DatabaseContent }> {
  const header = await readBackupHeader(file);
  const content: DatabaseContent = {
    tables: header.tables,
    sequences: header.sequences,
    readRows: (only) => readBackupRows(file, header, only),
  };
  for await (const _batch of content.readRows()) {
    // only checking
  }
  return { header, content };
}

async function* backupLines(header: BackupHeader, content: DatabaseContent): AsyncGenerator<string> {
  const hash = createHash('sha256');
  const hashed = (text: string) => {
    hash.update(text);
    return text;
  };
  yield hashed(`${JSON.stringify(header)}\n`);
  const written = new Map<string, number>();
  for await (const { table, rows } of content.readRows()) {
    written.set(table.name, (written.get(table.name) ?? 0) + rows.length);
    // PostgreSQL escapes line breaks inside JSON strings; one outside them is whitespace within a `json` value.
    yield hashed(`${rows.map((row) => row.replaceAll('\n', ' ')).join('\n')}\n`);
  }
  const miscounted = header.tables.filter(({ name, rows }) => (written.get(name) ?? 0) !== rows);
  if (miscounted.length > 0) {
    throw new Error(
      `The backup read other numbers of rows than counted in ${miscounted.map((t) => t.name).join(', ')}.`,
    );
  }
  yield `${JSON.stringify({ end: FORMAT, rows: sumRows(header.tables), sha256: hash.digest('hex') })}\n`;
}

/**
 * Writes `content` as a backup to `file`, readable by its owner only. A temporary file beside it becomes `file`
 * once complete and on disk: `file` is never a partial backup. Returns the header written and the size in bytes.
 */
export async function writeBackupFile(
  file: string,
  details: BackupDetails,
  content: DatabaseContent,
): Promise<{ header: BackupHeader; bytes: number }> {
  const header: BackupHeader = {
    format: FORMAT,
    version: VERSION,
    ...details,
    tables: content.tables,
    sequences: content.sequences,
  };
  const partial = `${file}.partial-${process.pid}`;
  try {
    await pipelineAsync(
      Readable.from(backupLines(header, content)),
      createGzip(),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    const written = await open(partial, 'r');
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { header, bytes: (await stat(file)).size };
}
