import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { mailOutbox, registrations } from './db/schema/index.js';
import {
  countRegistrationRows,
  findCountMismatches,
  findRegistrationIds,
  insertSignedInUsersInto,
  marathonInput,
  registrationInput,
} from './testing/marathon-fixtures.js';
import { type NginxProcess, startNginx, stopNginxProcesses } from './testing/nginx-process.js';
import {
  type ApiAnswer,
  type BurstAnswer,
  callApi,
  describeLatencies,
  percentile,
  pollUntil,
  sendBurst,
  signInThrough,
  signUpThrough,
} from './testing/process-api.js';
import {
  type ServerProcess,
  findFreePort,
  killServerProcesses,
  startServerProcess,
} from './testing/server-process.js';
import { startSmtpReceiver } from './testing/smtp-receiver.js';
import { type TestDatabase, createTestDatabase } from './testing/test-database.js';
import { makeSignUpInput } from './testing/test-app.js';

/**
 * ADR 023: two real Stride processes on one PostgreSQL (a fresh database on the run's embedded cluster) behind
 * nginx running deploy/nginx.conf, all on loopback. Everything is checked as a client sees it, plus the rows.
 */

/** Two servers start tsx and migrate, nginx starts: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 180_000;
/** The bound: what one process did is seen by the other within this. */
const CROSS_PROCESS_MS = 100;
/** A sample not seen after this long is counted as missed (Infinity), so a broken build still ends. */
const GIVE_UP_AFTER_MS = 3_000;
/** Between two looks at the other process. */
const POLL_INTERVAL_MS = 5;
/** Samples per latency measurement. */
const SAMPLES = 100;
/** Shared by both servers, as on several machines. */
const AUTH_SECRET = 'stride-cluster-test-secret-0123456789-abcdefghij';
/** SIGTERM to exit: closeWithGrace's limit in server.ts, and what docs/DEPLOY.md promises. */
const DRAIN_LIMIT_MS = 10_000;

type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

type Cluster = {
  a: ServerProcess;
  b: ServerProcess;
  nginx: NginxProcess;
  database: TestDatabase;
  smtp: SmtpReceiver;
  /** PUBLIC_URL of both servers: nginx's address. Cookie and auth calls send it as their Origin. */
  publicUrl: string;
  /** Kills the servers, stops nginx and the SMTP receiver, drops the database. */
  stop: () => Promise<void>;
};

/** Two distinct free loopback ports. */
async function twoFreePorts(): Promise<[number, number]> {
  const first = await findFreePort();
  for (;;) {
    const second = await findFreePort();
    if (second !== first) return [first, second];
  }
}

/**
 * nginx first (its port is the servers' PUBLIC_URL; it answers 502 until they listen), then servers A and B on
 * a fresh database with the same AUTH_SECRET, sending mail to a local SMTP receiver. On any failure what was
 * started is stopped again.
 */
async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const started: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    const errors: unknown[] = [];
    while (started.length > 0) await started.pop()!().catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw new AggregateError(errors, 'stopping the cluster failed');
  };
  try {
    const database = await createTestDatabase();
    started.push(() => database.close());
    const smtp = await startSmtpReceiver();
    started.push(() => smtp.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-cluster-'));
    started.push(() => rm(dataDir, { recursive: true, force: true }));
    const [portA, portB] = await twoFreePorts();
    const nginx = await startNginx({ upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] });
    started.push(() => nginx.stop());

    const serverEnv = {
      DATABASE_URL: database.url,
      AUTH_SECRET,
      PUBLIC_URL: nginx.url,
      TRUST_PROXY: 'loopback',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0.1',
      DATABASE_POOL_SIZE: '8',
      ...env,
    };
    const a = await startServerProcess({ ...serverEnv, PORT: String(portA) });
    started.push(() => a.stop('SIGKILL'));
    const b = await startServerProcess({ ...serverEnv, PORT: String(portB) });
    started.push(() => b.stop('SIGKILL'));
    await Promise.all([a.waitUntilHealthy(), b.waitUntilHealthy()]);
    return { a, b, nginx, database, smtp, publicUrl: nginx.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whatever a failed test left running: servers first (they hold connections), then nginx. */
afterAll(async () => {
  await killServerProcesses();
  await stopNginxProcesses();
});

const isSuccess = (answer: ApiAnswer<unknown>) => answer.status >= 200 && answer.status < 300;

async function createRace(cluster: Cluster, through: string, token: string, overrides = {}) {
  const answer = await callApi<{ _id: string }>(through, '/api/add-marathon', {
    method: 'POST',
    token,
    body: marathonInput(overrides),
  });
  if (answer.status !== 201)
    throw new Error(`Creating a race: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** The registrations of these runners, whatever the race: [] when none of them is registered anywhere. */
async function findRegistrationsOf(database: TestDatabase, runnerIds: string[]) {
  if (runnerIds.length === 0) return [];
  return database.db
    .select({ id: registrations.id, userId: registrations.userId })
    .from(registrations)
    .where(inArray(registrations.userId, runnerIds));
}

/**
 * Until every mail of the database is sent (none pending, none failed). The latency tests start with it, to
 * time one process's news reaching the other rather than the machine's other work: while both mail workers
 * sent the registration test's 500 confirmations on a 2-core machine, the sign-out's p99 reached 210-260 ms.
 */
async function waitUntilOutboxEmpty(database: TestDatabase): Promise<void> {
  await expect
    .poll(() => database.db.$count(mailOutbox, ne(mailOutbox.status, 'sent')), { timeout: 30_000 })
    .toBe(0);
}

async function registrationCountThrough(through: string, raceId: string): Promise<number> {
  const answer = await callApi<{ totalRegistrationCount: number }>(through, `/api/marathons/${raceId}`);
  if (answer.status !== 200) throw new Error(`Reading race ${raceId}: ${answer.status}`);
  return answer.body.totalRegistrationCount;
}

describe('two Stride processes on one PostgreSQL behind nginx', { timeout: PROCESS_TIMEOUT_MS }, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, PROCESS_TIMEOUT_MS);
  afterAll(() => cluster?.stop());

  it('answers GET /api/health/ready with 200 { status: "ready" } on each process and through nginx', async () => {
    for (const through of [cluster.a.url, cluster.b.url, cluster.nginx.url]) {
      const ready = await callApi(through, '/api/health/ready');
      expect({ through, status: ready.status, body: ready.body }).toEqual({
        through,
        status: 200,
        body: { status: 'ready' },
      });
    }
  });

  it(`lists a race created through A on B (list and details) within ${CROSS_PROCESS_MS} ms`, async () => {
    const { a, b, database, publicUrl } = cluster;
    const organizer = await signUpThrough(a.url, publicUrl);
    // Measured with no mail fan-out going on (another test's): see waitUntilOutboxEmpty.
    await waitUntilOutboxEmpty(database);
    const latencies: Array<number | null> = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      // B has read the list (and keeps it): the copy it must not go on showing.
      expect((await callApi(b.url, '/api/marathons')).status).toBe(200);

      const created = await createRace(cluster, a.url, organizer.token);
      const raceId = created.body._id;
      latencies.push(
        await pollUntil(
          async () => {
            const [list, details] = await Promise.all([
              callApi<Array<{ _id: string }>>(b.url, '/api/marathons'),
              callApi(b.url, `/api/marathons/${raceId}`),
            ]);
            return details.status === 200 && list.body.some((race) => race._id === raceId);
          },
          { since: created.at, deadlineMs: GIVE_UP_AFTER_MS, intervalMs: POLL_INTERVAL_MS },
        ),
      );
    }

    console.log(
      `[cluster] race created on A, listed on B: ${describeLatencies(latencies, GIVE_UP_AFTER_MS)}`,
    );
    expect(percentile(latencies, 99)).toBeLessThanOrEqual(CROSS_PROCESS_MS);
  });

  it('after 500 concurrent registrations over A, B and nginx: count on A = count on B = 2xx answers = rows', async () => {
    const { a, b, nginx, database, publicUrl } = cluster;
    const organizer = await signUpThrough(a.url, publicUrl);
    const race = await createRace(cluster, a.url, organizer.token);
    const raceId = race.body._id;
    const runners = await insertSignedInUsersInto(database.db, 500);
    // Both servers have the race in memory before the burst: those copies must follow it.
    expect(await registrationCountThrough(a.url, raceId)).toBe(0);
    expect(await registrationCountThrough(b.url, raceId)).toBe(0);

    const targets = [a.url, b.url, nginx.url];
    const answers = await Promise.all(
      runners.map((runner, n) =>
        callApi<{ _id: string }>(targets[n % targets.length]!, '/api/registrations', {
          method: 'POST',
          token: runner.token,
          body: registrationInput(raceId),
        }),
      ),
    );

    const acknowledged = answers.filter(isSuccess);
    expect(answers.filter((answer) => !isSuccess(answer)).map((answer) => answer.status)).toEqual([]);
    const rows = await countRegistrationRows(database.db, raceId);
    expect(rows).toBe(acknowledged.length);
    const ids = acknowledged.map((answer) => answer.body._id);
    expect((await findRegistrationIds(database.db, ids)).size).toBe(ids.length);
    // Each process has answered its own last write by now; the other's reach it through the change feed.
    await expect
      .poll(() => registrationCountThrough(a.url, raceId), { timeout: 1_000, interval: POLL_INTERVAL_MS })
      .toBe(rows);
    await expect
      .poll(() => registrationCountThrough(b.url, raceId), { timeout: 1_000, interval: POLL_INTERVAL_MS })
      .toBe(rows);
    expect(await findCountMismatches(database.db)).toEqual([]);
  });

  it(`refuses on B a token signed out through A within ${CROSS_PROCESS_MS} ms`, async () => {
    const { a, b, database, publicUrl } = cluster;
    const runner = await signUpThrough(a.url, publicUrl);
    // Measured with no mail fan-out going on (another test's): see waitUntilOutboxEmpty.
    await waitUntilOutboxEmpty(database);
    const ownList = `/api/registrations/by-email/${encodeURIComponent(runner.email)}`;
    const latencies: Array<number | null> = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const token = await signInThrough(a.url, publicUrl, runner.email);
      // B has just accepted the token: it knows the session.
      expect((await callApi(b.url, ownList, { token })).status).toBe(200);

      const signedOut = await callApi(a.url, '/api/auth/sign-out', {
        method: 'POST',
        token,
        headers: { origin: publicUrl },
        body: {},
      });
      expect(signedOut.status).toBe(200);
      expect((await callApi(a.url, ownList, { token })).status).toBe(401);
      latencies.push(
        await pollUntil(async () => (await callApi(b.url, ownList, { token })).status === 401, {
          since: signedOut.at,
          deadlineMs: GIVE_UP_AFTER_MS,
          intervalMs: POLL_INTERVAL_MS,
        }),
      );
    }

    console.log(`[cluster] signed out on A, refused on B: ${describeLatencies(latencies, GIVE_UP_AFTER_MS)}`);
    expect(percentile(latencies, 99)).toBeLessThanOrEqual(CROSS_PROCESS_MS);
  });

  it("sends each mail exactly once with both processes' mail workers running", async () => {
    const { a, b, database, smtp, publicUrl } = cluster;
    const organizer = await signUpThrough(a.url, publicUrl);
    const race = await createRace(cluster, b.url, organizer.token);
    const runners = await insertSignedInUsersInto(database.db, 40);
    const answers = await Promise.all(
      runners.map((runner, n) =>
        callApi(n % 2 === 0 ? a.url : b.url, '/api/registrations', {
          method: 'POST',
          token: runner.token,
          body: registrationInput(race.body._id),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(runners.map(() => 201));

    // Every mail of this database (the other tests' too) is sent: none waits, none failed.
    await waitUntilOutboxEmpty(database);
    const sent = await database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'));
    const received = new Map<string, number>();
    for (const mail of smtp.mails) for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
    const queued = new Map<string, number>();
    for (const { recipient } of sent) queued.set(recipient, (queued.get(recipient) ?? 0) + 1);
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(queued));
    for (const runner of runners) expect(received.get(runner.user.email)).toBe(1);
  });
});

describe(
  'shared rate limits: two processes behind nginx, RATE_LIMIT on',
  { timeout: PROCESS_TIMEOUT_MS },
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster({ RATE_LIMIT: 'on' });
    }, PROCESS_TIMEOUT_MS);
    afterAll(() => cluster?.stop());

    it('meets 20 failed sign-ins spread over A and B with a 429 once the limit is reached', async () => {
      const { a, b, nginx, publicUrl } = cluster;
      const limit = loadConfig({ AUTH_SECRET, DATA_DIR: tmpdir() }).rateLimits.signInFailures;
      const account = makeSignUpInput();
      await signUpThrough(a.url, publicUrl, account);
      const wrongPassword = { email: account.email, password: 'Wrong-pass1' };
      /** One client behind the balancer: the servers trust loopback's X-Forwarded-For (TRUST_PROXY). */
      const signInAs = (through: string, clientAddress?: string) =>
        callApi(through, '/api/auth/sign-in/email', {
          method: 'POST',
          body: wrongPassword,
          headers: { origin: publicUrl, ...(clientAddress && { 'x-forwarded-for': clientAddress }) },
        });

      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        statuses.push((await signInAs(attempt % 2 === 0 ? a.url : b.url, '203.0.113.9')).status);
      }

      expect(statuses).toContain(429);
      const firstRefusal = statuses.indexOf(429);
      // Not `limit` failures on each process: `limit` in all, then refused on both.
      expect(statuses.slice(0, firstRefusal)).toEqual(Array.from({ length: firstRefusal }, () => 401));
      expect(firstRefusal).toBeLessThanOrEqual(limit);
      expect(statuses.slice(firstRefusal)).toEqual(statuses.slice(firstRefusal).map(() => 429));

      // Other clients are not refused for that one's failures: the servers see each client's own address.
      expect((await signInAs(a.url, '203.0.113.10')).status).toBe(401);
      expect((await signInAs(nginx.url)).status).toBe(401);
    });
  },
);

/** A registration POST straight to `server` whose body is sent in two halves, for a request kept in flight. */
function startSlowRegistration(server: ServerProcess, token: string, raceId: string) {
  const body = Buffer.from(JSON.stringify(registrationInput(raceId)));
  const half = Math.floor(body.length / 2);
  const request = http.request(`${server.url}/api/registrations`, {
    method: 'POST',
    // Its own connection, closed after the answer: no idle keep-alive connection of ours holds the server open.
    agent: false,
    headers: {
      connection: 'close',
      'content-type': 'application/json',
      'content-length': String(body.length),
      authorization: `Bearer ${token}`,
      // The server's HTTP parser answers "100 Continue" once it has the request: then it is in flight there.
      expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  const inFlight = new Promise<void>((resolve, reject) => {
    request.once('error', reject);
    request.once('continue', () => request.write(body.subarray(0, half), () => resolve()));
  });
  request.flushHeaders();
  return { inFlight, finish: () => request.end(body.subarray(half)), answered };
}

type RegistrationAnswer = BurstAnswer<{ _id?: string }>;

/** Registrations of `runners` (answer `n` is runner n's) for `raceIds` in turn through `through`. */
function registrationBurst(
  through: string,
  runners: Array<{ token: string }>,
  raceIds: string[],
  options: { concurrency: number; onAnswer?: (answers: RegistrationAnswer[]) => void },
): Promise<RegistrationAnswer[]> {
  return sendBurst(
    runners.length,
    (n) =>
      callApi<{ _id?: string }>(through, '/api/registrations', {
        method: 'POST',
        token: runners[n]!.token,
        body: registrationInput(raceIds[n % raceIds.length]!),
      }),
    options,
  );
}

describe('losing a process behind nginx', { timeout: PROCESS_TIMEOUT_MS }, () => {
  let cluster: Cluster;
  beforeEach(async () => {
    cluster = await startCluster();
  }, PROCESS_TIMEOUT_MS);
  afterEach(() => cluster?.stop());

  it('kill -9 of A mid-burst loses no acknowledged write, and nginx serves on from B', async () => {
    const { a, b, nginx, database, publicUrl } = cluster;
    const organizer = await signUpThrough(b.url, publicUrl);
    const raceIds = [
      (await createRace(cluster, a.url, organizer.token)).body._id,
      (await createRace(cluster, b.url, organizer.token)).body._id,
      (await createRace(cluster, nginx.url, organizer.token)).body._id,
    ];
    const runners = await insertSignedInUsersInto(database.db, 600);

    // From the SIGKILL to when we see A gone (its exit, after the kernel has reset its connections): a request
    // sent in between may have reached A.
    let killedAt: number | undefined;
    let goneAt: number | undefined;
    let killed: Promise<unknown> | undefined;
    const answers = await registrationBurst(nginx.url, runners, raceIds, {
      concurrency: 24,
      onAnswer: (sofar) => {
        if (killed === undefined && sofar.filter(isSuccess).length >= 150) {
          killedAt = performance.now();
          killed = a.stop('SIGKILL').then((exit) => {
            goneAt = performance.now();
            return exit;
          });
        }
      },
    });

    expect(await killed).toMatchObject({ signal: 'SIGKILL' });
    const failed = answers.filter((answer) => !isSuccess(answer));
    const afterKill = answers.filter((answer) => answer.startedAt > goneAt!);
    // The burst went on well after the kill, and the only failures were requests in flight at the kill.
    expect(afterKill.length).toBeGreaterThan(300);
    const notInFlight = failed.filter((answer) => answer.startedAt > goneAt! || answer.at < killedAt!);
    expect(
      notInFlight.map(({ status, startedAt, at }) => ({
        status,
        startedAt: startedAt - killedAt!,
        at: at - killedAt!,
      })),
      `failures of requests not in flight at the kill (ms from the SIGKILL; A was seen gone after ` +
        `${(goneAt! - killedAt!).toFixed(1)} ms); nginx said:\n${await nginx.readErrorLog()}`,
    ).toEqual([]);
    expect(failed.map((answer) => answer.status).filter((status) => status !== 502)).toEqual([]);

    const acknowledged = answers.filter(isSuccess).map((answer) => answer.body._id!);
    expect((await findRegistrationIds(database.db, acknowledged)).size).toBe(acknowledged.length);
    expect(await findCountMismatches(database.db)).toEqual([]);
    for (const raceId of raceIds) {
      const rows = await countRegistrationRows(database.db, raceId);
      expect(await registrationCountThrough(nginx.url, raceId)).toBe(rows);
      expect(await registrationCountThrough(b.url, raceId)).toBe(rows);
    }
    console.log(
      `[cluster] kill -9 mid-burst: ${acknowledged.length} acknowledged, ${failed.length} in flight at the kill failed ` +
        `(${failed.map((answer) => answer.status).join(', ') || 'none'}), ${afterKill.length} sent after it all served`,
    );
  });

  it(`on SIGTERM A stops being ready, finishes its in-flight request and exits within ${DRAIN_LIMIT_MS / 1000} s; nginx serves on from B`, async () => {
    const { a, b, nginx, database, publicUrl } = cluster;
    const organizer = await signUpThrough(b.url, publicUrl);
    const raceId = (await createRace(cluster, b.url, organizer.token)).body._id;
    const [slowRunner, ...runners] = await insertSignedInUsersInto(database.db, 400);
    expect((await callApi(a.url, '/api/health/ready')).status).toBe(200);

    const slow = startSlowRegistration(a, slowRunner!.token, raceId);
    await slow.inFlight;
    // Clients of nginx all along the drain: reads and writes.
    let draining = true;
    const served: Array<ApiAnswer<unknown>> = [];
    const reader = (async () => {
      while (draining) served.push(await callApi(nginx.url, `/api/marathons/${raceId}`));
    })();
    const writes = registrationBurst(nginx.url, runners, [raceId], { concurrency: 4 });

    const sigtermAt = performance.now();
    const exited = a.stop('SIGTERM');
    const notReadyAfter = await pollUntil(
      async () => {
        const ready = await callApi(a.url, '/api/health/ready');
        return ready.status === 503 || ready.status === 0;
      },
      { since: sigtermAt, deadlineMs: DRAIN_LIMIT_MS, intervalMs: POLL_INTERVAL_MS },
    );
    expect(notReadyAfter, 'A still answered ready after SIGTERM').not.toBeNull();

    slow.finish();
    const slowAnswer = await slow.answered;
    expect(slowAnswer.status, slowAnswer.body).toBe(201);
    const exit = await exited;
    const exitAfter = performance.now() - sigtermAt;
    draining = false;
    await reader;
    const written = await writes;

    expect(exit.code, exit.output).toBe(0);
    expect(exitAfter).toBeLessThan(DRAIN_LIMIT_MS);
    // Reads are retried on B by nginx whatever A does while it stops: none fails.
    expect(served.filter((answer) => !isSuccess(answer)).map((answer) => answer.status)).toEqual([]);
    // A write is never retried (it may have been applied); one that meets A as it stops listening fails. None
    // that failed was applied: its client may safely send it again.
    const failed = written.filter((answer) => !isSuccess(answer));
    expect(
      failed.map((answer) => answer.status).filter((status) => status !== 502 && status !== 503),
    ).toEqual([]);
    const failedRunners = failed.map((answer) => runners[answer.n]!.user.id);
    expect(await findRegistrationsOf(database, failedRunners)).toEqual([]);
    const slowId = (JSON.parse(slowAnswer.body) as { _id: string })._id;
    const acknowledged = [slowId, ...written.filter(isSuccess).map((answer) => answer.body._id!)];
    expect((await findRegistrationIds(database.db, acknowledged)).size).toBe(acknowledged.length);
    expect(await findCountMismatches(database.db)).toEqual([]);
    expect((await callApi(b.url, '/api/health/ready')).status).toBe(200);
    console.log(
      `[cluster] SIGTERM: not ready after ${notReadyAfter!.toFixed(0)} ms, exited after ${exitAfter.toFixed(0)} ms; ` +
        `nginx meanwhile served ${served.length} reads (none failed) and ${written.length} writes ` +
        `(${failed.length} refused, none applied: ${failed.map((answer) => answer.status).join(', ') || '-'})`,
    );
  });
});
