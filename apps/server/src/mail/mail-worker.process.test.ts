import { describe, expect, it } from 'vitest';
import { registrationInput, marathonInput } from '../testing/marathon-fixtures.js';
import {
  findFreePort,
  startServerProcess,
  type ServerProcess,
  useDataDirPerTest,
} from '../testing/server-process.js';
import { startSmtpReceiver } from '../testing/smtp-receiver.js';
import { makeSignUpInput } from '../testing/test-app.js';

/** Spawned servers start tsx and, the first time in a folder, initialise PGlite: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 120_000;

const dataDir = useDataDirPerTest('stride-mail-');

async function post(server: ServerProcess, url: string, body: object, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function signUp(server: ServerProcess) {
  const input = makeSignUpInput();
  const answer = await post(server, '/api/auth/sign-up/email', input);
  expect(answer.status).toBe(200);
  return { email: input.email, token: answer.headers.get('set-auth-token')! };
}

async function mailCounts(server: ServerProcess) {
  return ((await (await fetch(`${server.url}/api/health`)).json()) as { mail: object }).mail;
}

describe('mail survives a killed server', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it('a confirmation queued while SMTP is down is sent once after a kill -9 and a restart', async () => {
    const mailEnv = {
      DATA_DIR: dataDir(),
      SEED_DEMO: 'off',
      MAIL_POLL_SECONDS: '0.1',
      MAIL_RETRY_SECONDS: '0.05',
      MAIL_LEASE_SECONDS: '1',
    };
    // Nothing listens on this port: every delivery fails and waits for a retry.
    const down = await startServerProcess({
      ...mailEnv,
      SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
    });
    await down.waitUntilHealthy();
    const organizer = await signUp(down);
    const runner = await signUp(down);
    const race = await post(down, '/api/add-marathon', marathonInput(), organizer.token);
    expect(race.status).toBe(201);
    const registered = await post(
      down,
      '/api/registrations',
      registrationInput(race.body._id as string),
      runner.token,
    );
    expect(registered.status).toBe(201);
    expect(await mailCounts(down)).toEqual({ pending: 1, failed: 0 });

    expect((await down.stop('SIGKILL')).signal).toBe('SIGKILL');

    const smtp = await startSmtpReceiver();
    try {
      const up = await startServerProcess({ ...mailEnv, SMTP_URL: smtp.url });
      await up.waitUntilHealthy();
      const mail = await smtp.mailTo(runner.email);
      expect(mail.raw).toMatch(/^Subject: You're registered: /m);
      await expect.poll(() => mailCounts(up)).toEqual({ pending: 0, failed: 0 });
      expect(smtp.mails.filter((received) => received.to.includes(runner.email))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
