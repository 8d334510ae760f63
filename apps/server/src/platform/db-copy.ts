import {
  type CopyNames,
  type LoadedContent,
  loadIntoEmptyPostgres,
  readDatabaseContent,
  readInSnapshot,
} from './database-copy.js';
import { findAppliedMigrations } from './migration-levels.js';
import { withDataDirDatabase } from './server-database.js';

export type DataDirCopy = LoadedContent & { isServerRunning: boolean };

const DB_COPY: CopyNames = {
  action: 'copy the embedded database',
  source: 'the embedded database',
  target: 'the target database',
};

/**
 * Copies DATA_DIR's embedded database (a server running on it or not) into the EMPTY PostgreSQL database at
 * `url`: one snapshot read, the schema built by Stride's migrations, the rows written in one transaction, every
 * table's count checked. The embedded database is left as it is.
 */
export async function copyDataDirToPostgres(
  dataDir: string,
  url: string,
  log: (message: string) => void = () => {},
): Promise<DataDirCopy> {
  return withDataDirDatabase(
    dataDir,
    async (source) => ({
      ...(await readInSnapshot(source, async (reader) =>
        loadIntoEmptyPostgres(
          url,
          { content: await readDatabaseContent(reader), migrations: await findAppliedMigrations(reader) },
          DB_COPY,
        ),
      )),
      isServerRunning: source.isServerRunning,
    }),
    log,
  );
}
