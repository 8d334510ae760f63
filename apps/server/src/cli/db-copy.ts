// npm run db:copy -- --to postgres://user:password@host/database
// Copies the embedded database in DATA_DIR into an empty PostgreSQL database, to run Stride on that one instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AUTH_SECRET_FILE } from '../config.js';
import { redactDatabaseUrl } from '../db/client.js';
import { copyDataDirToPostgres } from '../platform/db-copy.js';
import { formatTables, formatUpgrade, parseArguments, runDataDirCommand } from './command.js';

const { values } = parseArguments(
  { options: { to: { type: 'string' } } },
  'npm run db:copy -- --to postgres://user:password@host:5432/database   (an empty database)',
  (parsed) => Boolean(parsed.values.to),
);
const url = values.to!;
const shownUrl = redactDatabaseUrl(url);

await runDataDirCommand('db:copy', async (dataDir, elapsed) => {
  const copied = await copyDataDirToPostgres(dataDir, url, console.log);
  console.log(
    `Copied the embedded database in DATA_DIR ${dataDir} into ${shownUrl} in ${elapsed()}${formatUpgrade(copied)}: ` +
      `every count checked, ${formatTables(copied.tables)}`,
  );
  if (copied.isServerRunning) {
    console.log(
      'The server was running: what it wrote after the copy began is in DATA_DIR only. To take that along, stop ' +
        'the server and copy again into an empty database.',
    );
  }
  const password = shownUrl.includes(':***@') ? ' (put the password back in place of ***)' : '';
  const secretFile = path.join(dataDir, AUTH_SECRET_FILE);
  // Without the file, the server ran with AUTH_SECRET set: the sessions are signed with that one.
  const secret = existsSync(secretFile) ? `$(cat ${secretFile})` : '<the AUTH_SECRET Stride runs with now>';
  console.log(
    `Next: stop Stride, then start it on that database${password}:\n` +
      `  DATABASE_URL='${shownUrl}' AUTH_SECRET=${secret} npm start`,
  );
});
