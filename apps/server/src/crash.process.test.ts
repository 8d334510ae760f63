import { describe, expect, it } from 'vitest';
import { openServerDatabase } from './platform/server-database.js';
import {
  findCountMismatches,
  findMarathonIds,
  findRegistrationIds,
  marathonInput,
  registrationInput,
} from './testing/marathon-fixtures.js';
import {
  type ApiAnswer,
  type ProcessUser,
  callApi,
  sendBurst,
  signUpThrough,
} from './testing/process-api.js';
import {
  type ServerProcess,
  postmasterPidOf,
  startEmbeddedServer,
  useDataDirPerTest,
} from './testing/server-process.js';

/**
 * ADR 023, "alone": one server on the default embedded database, `kill -9` in the middle of a burst of writes,
 * then started again on the same DATA_DIR (as `npm start` would be).
 */

/** Servers start tsx and, the first time in a folder, create a PostgreSQL cluster: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 180_000;
const RUNNERS = 20;
const RACES_BEFORE = 10;
const RACES_DURING = 40;
/** Writes in flight at once during the burst. */
const CONCURRENCY = 16;
/** The kill comes once this many writes have been acknowledged (of 240). */
const KILL_AFTER = 80;

const dataDir = useDataDirPerTest('stride-crash-');

const isSuccess = (answer: ApiAnswer<unknown>) => answer.status >= 200 && answer.status < 300;

type Write =
  { kind: 'race'; organizer: ProcessUser } | { kind: 'registration'; runner: ProcessUser; raceId: string };

function send(server: ServerProcess, write: Write) {
  return write.kind === 'race'
    ? callApi<{ _id?: string }>(server.url, '/api/add-marathon', {
        method: 'POST',
        token: write.organizer.token,
        body: marathonInput(),
      })
    : callApi<{ _id?: string }>(server.url, '/api/registrations', {
        method: 'POST',
        token: write.runner.token,
        body: registrationInput(write.raceId),
      });
}

describe('kill -9 during a burst of writes on the embedded database', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it.each([
    { killed: 'the server', withPostgres: false },
    { killed: 'the server and its PostgreSQL', withPostgres: true },
  ])(
    'of $killed: it starts again with every acknowledged write, and counts = rows',
    async ({ withPostgres }) => {
      const before = await startEmbeddedServer(dataDir());
      const origin = before.url;
      const organizer = await signUpThrough(before.url, origin);
      const runners = await Promise.all(
        Array.from({ length: RUNNERS }, () => signUpThrough(before.url, origin)),
      );
      const raceIds: string[] = [];
      for (let n = 0; n < RACES_BEFORE; n++) {
        const race = await callApi<{ _id: string }>(before.url, '/api/add-marathon', {
          method: 'POST',
          token: organizer.token,
          body: marathonInput(),
        });
        expect(race.status).toBe(201);
        raceIds.push(race.body._id);
      }
      // Each runner for each race, with new races created in between.
      const writes: Write[] = [];
      for (const raceId of raceIds) {
        for (const runner of runners) writes.push({ kind: 'registration', runner, raceId });
        for (let n = 0; n < RACES_DURING / RACES_BEFORE; n++) writes.push({ kind: 'race', organizer });
      }
      const postmaster = postmasterPidOf(dataDir())!;

      let killed: Promise<unknown> | undefined;
      const answers = await sendBurst(writes.length, (n) => send(before, writes[n]!), {
        concurrency: CONCURRENCY,
        onAnswer: (sofar) => {
          if (killed !== undefined || sofar.filter(isSuccess).length < KILL_AFTER) return;
          killed = before.stop('SIGKILL');
          if (withPostgres) process.kill(postmaster, 'SIGKILL');
        },
      });
      expect(await killed).toMatchObject({ signal: 'SIGKILL' });
      const acknowledged = answers.filter(isSuccess).map((answer) => ({ write: writes[answer.n]!, answer }));
      const ackedRaces = acknowledged.filter(({ write }) => write.kind === 'race');
      const ackedRegistrations = acknowledged.filter(({ write }) => write.kind === 'registration');
      // The kill came mid-burst: some writes were acknowledged, the rest were not.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.length).toBeLessThan(writes.length);
      expect(ackedRaces.length).toBeGreaterThan(0);
      // Nothing was refused for a reason of its own (4xx): what failed met the crash (no answer, or a 5xx).
      const failedStatuses = answers.filter((answer) => !isSuccess(answer)).map((answer) => answer.status);
      expect(failedStatuses.filter((status) => status !== 0 && status < 500)).toEqual([]);

      // `npm start` again: it opens the database and serves every acknowledged write.
      const after = await startEmbeddedServer(dataDir());
      for (const { answer } of ackedRaces) {
        expect((await callApi(after.url, `/api/marathons/${answer.body._id}`)).status).toBe(200);
      }
      for (const runner of runners) {
        const own = await callApi<Array<{ _id: string }>>(
          after.url,
          `/api/registrations/by-email/${encodeURIComponent(runner.email)}`,
          { token: runner.token },
        );
        expect(own.status).toBe(200);
        const listed = new Set(own.body.map((registration) => registration._id));
        const acked = ackedRegistrations.filter(
          ({ write }) => write.kind === 'registration' && write.runner === runner,
        );
        expect(acked.filter(({ answer }) => !listed.has(answer.body._id!))).toEqual([]);
      }
      expect(await after.stop('SIGTERM')).toMatchObject({ code: 0 });

      // The rows themselves, in the cluster the server left.
      const database = await openServerDatabase({ databaseUrl: undefined, dataDir: dataDir() });
      try {
        const registrationIds = ackedRegistrations.map(({ answer }) => answer.body._id!);
        expect((await findRegistrationIds(database.db, registrationIds)).size).toBe(registrationIds.length);
        const raceIdsAcked = ackedRaces.map(({ answer }) => answer.body._id!);
        expect((await findMarathonIds(database.db, raceIdsAcked)).size).toBe(raceIdsAcked.length);
        expect(await findCountMismatches(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
      console.log(
        `[crash] kill -9 of ${withPostgres ? 'the server and its PostgreSQL' : 'the server'}: ` +
          `${acknowledged.length} of ${writes.length} writes acknowledged (${ackedRaces.length} races, ` +
          `${ackedRegistrations.length} registrations), all there after the restart; counts = rows`,
      );
    },
  );
});
