// npm run backup -- FILE
// A consistent backup of the embedded database in DATA_DIR, whether the server runs or not (docs/BACKUPS.md).
import { backupDataDir } from '../platform/backup.js';
import { formatNumber, formatTables, parseFileArgument, runDataDirCommand } from './command.js';

const file = parseFileArgument('npm run backup -- FILE   (e.g. backups/stride.ndjson.gz)');

await runDataDirCommand('backup', async (dataDir, elapsed) => {
  const backup = await backupDataDir(dataDir, file, console.log);
  const from = backup.isServerRunning ? 'the running server’s database in' : 'the embedded database in';
  console.log(
    `Backed up ${from} DATA_DIR ${dataDir} to ${file} in ${elapsed()}: ${formatNumber(backup.bytes)} bytes ` +
      `(readable by its owner only), ${formatTables(backup.tables)}`,
  );
});
