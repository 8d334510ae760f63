// npm run seed -- --marathons N --registrations M [--users U] [--password P]
// Fills DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: it owns that folder).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bulkSeed } from './bulk-seed.js';
import { openServerDatabase } from '../platform/server-database.js';

const { values } = parseArgs({
  options: {
    marathons: { type: 'string', default: '1000' },
    registrations: { type: 'string', default: '10000' },
    users: { type: 'string' },
    password: { type: 'string', default: 'SeedRunner1' },
  },
});

const asCount = (name: string, value: string | undefined) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} must be a whole number, got ${value}`);
    process.exit(2);
  }
  return number;
};

const marathons = asCount('marathons', values.marathons);
const registrations = asCount('registrations', values.registrations);
const users = asCount('users', values.users ?? String(Math.max(100, Math.ceil(registrations / 20))));

const database = await openServerDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  log: console.log,
});

const started = performance.now();
try {
  const result = await bulkSeed(database.db, { marathons, registrations, users, password: values.password! });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${result.marathons} marathons, ${result.registrations} registrations and ${result.users} users ` +
      `in ${seconds} s on ${database.embedded ? 'the embedded PostgreSQL' : 'DATABASE_URL'}. Users sign in as runner<n>.${result.runId}@seed.example.org / ${values.password}.`,
  );
} finally {
  await database.close();
}
