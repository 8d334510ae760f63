// npm run bench:mail [-- --registrants 17000 --rounds 5]: how long an organizer's date change takes when the
// race has that many registrants, each of whom gets a mail queued in the same transaction (one INSERT … SELECT).
// Runs on a fresh database of a scratch embedded PostgreSQL, or of the PostgreSQL server at TEST_DATABASE_URL
// with TEST_DATABASE_DRIVER=postgres. Sending is not measured: the worker is off, as the request does not wait for it.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { mailOutbox } from '../apps/server/src/db/schema/index.js';
import { createMarathon, fromNow } from '../apps/server/src/testing/marathon-fixtures.js';
import { bearerHeaders, buildTestApp, signUp } from '../apps/server/src/testing/test-app.js';
import {
  createPostgresTestDatabase,
  createTestDatabase,
  startScratchCluster,
} from '../apps/server/src/testing/test-database.js';

const { values: args } = parseArgs({
  options: { registrants: { type: 'string', default: '17000' }, rounds: { type: 'string', default: '5' } },
});
const registrants = Number(args.registrants);
const rounds = Number(args.rounds);
const DAY_MS = 24 * 60 * 60 * 1000;

const scratch = process.env.TEST_DATABASE_DRIVER === 'postgres' ? undefined : await startScratchCluster();
const testApp = await buildTestApp({
  database: scratch ? await createPostgresTestDatabase(scratch.serverUrl) : await createTestDatabase(),
});
try {
  const { app, database } = testApp;
  const organizer = await signUp(app);
  const race = await createMarathon(app, organizer);
  const seedStarted = performance.now();
  await database.db.execute(sql`
    with runners as (
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select ${randomUUID()} || '-' || n, 'Runner ' || n, 'runner-' || n || '@fanout.test', false, now(), now()
      from generate_series(1, ${registrants}) as n
      returning id), entered as (
    insert into registrations (marathon_id, user_id, first_name, last_name, contact, info, bib)
    select ${race._id}, id, 'First', 'Last', '+1 555 0100', '', row_number() over () from runners
    returning 1)
    update marathons set total_registration_count = (select count(*) from entered),
      bibs_issued = (select count(*) from entered)
    where id = ${race._id}`);
  console.log(
    `${registrants} registrants seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`,
  );

  const timings: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { startDate: fromNow((60 + round) * DAY_MS) },
    });
    timings.push(performance.now() - started);
    if (response.statusCode !== 200)
      throw new Error(`PATCH answered ${response.statusCode}: ${response.body}`);
  }
  const queued = await database.db.$count(mailOutbox, sql`${mailOutbox.payload}->>'kind' = 'race-changed'`);
  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `Date change of a race with ${registrants} registrants on ${database.driver}: ` +
      `median ${median.toFixed(0)} ms over ${rounds} rounds (each ${timings.map((t) => t.toFixed(0)).join(', ')} ms); ` +
      `${queued} mails queued (${registrants} × ${rounds} expected).`,
  );
  if (queued !== registrants * rounds) process.exitCode = 1;
} finally {
  await testApp.close();
  await testApp.database.close();
  await scratch?.stop();
}
