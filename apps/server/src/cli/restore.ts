// npm run restore -- FILE
// Restores a backup (npm run backup) into an empty DATA_DIR, upgrading an older one (docs/BACKUPS.md).
import { restoreDataDir } from '../platform/backup.js';
import { formatTables, formatUpgrade, parseFileArgument, runDataDirCommand } from './command.js';

const file = parseFileArgument('DATA_DIR=<an empty folder> npm run restore -- FILE');

await runDataDirCommand('restore', async (dataDir, elapsed) => {
  const restored = await restoreDataDir(file, dataDir, console.log);
  console.log(
    `Restored ${file} into DATA_DIR ${dataDir} in ${elapsed()}${formatUpgrade(restored)}: every count checked, ${formatTables(restored.tables)}`,
  );
  if (!restored.hasAuthSecret) {
    console.log(
      'The backup holds no auth-secret (its DATA_DIR had none): the first start makes a new one, which ends every ' +
        'session, unless Stride starts with the AUTH_SECRET its old server ran with.',
    );
  }
  console.log(`Start Stride on it: DATA_DIR=${dataDir} npm start`);
});
