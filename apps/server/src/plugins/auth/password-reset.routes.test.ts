import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@stride/shared';
import { decodeQuotedPrintable, startSmtpReceiver } from '../../testing/smtp-receiver.js';
import { RESET_REQUEST_ANSWER_MS } from './auth-bridge.js';
import {
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  type TestApp,
  buildTestApp,
  createTestConfig,
  makeSignUpInput,
  postAuth,
  signIn,
  signUp,
} from '../../testing/test-app.js';

const NEW_PASSWORD = 'Fresh2Legs';
const RESET_PAGE = `${TEST_PUBLIC_URL}/reset-password`;

const requestReset = (testApp: TestApp, email: string) =>
  postAuth(testApp.app, '/request-password-reset', { email, redirectTo: RESET_PAGE });

/** Follows the mailed link the way a browser would: better-auth checks the token and redirects to our page. */
async function tokenFromLink(testApp: TestApp, mailText: string): Promise<string> {
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mailText)?.[0];
  expect(link, 'the mail carries a reset link').toBeDefined();
  const url = new URL(link!);
  const response = await testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string, TEST_PUBLIC_URL);
  expect(`${location.origin}${location.pathname}`).toBe(RESET_PAGE);
  return location.searchParams.get('token')!;
}

describe('password reset by e-mail, over a real SMTP exchange', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const base = createTestConfig();
    testApp = await buildTestApp({ config: { mail: { ...base.mail, smtpUrl: smtp.url } } });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('mails a single-use link; the new password works, the old one and other sessions end', async () => {
    const input = makeSignUpInput();
    const otherDevice = await signUp(testApp.app, input);

    const answer = await requestReset(testApp, input.email);
    expect(answer.statusCode).toBe(200);
    await testApp.app.mail.worker.flush();

    const mail = await smtp.mailTo(input.email);
    expect(mail.raw).toMatch(/^Subject: Reset your Stride password/m);
    const token = await tokenFromLink(testApp, mail.text);

    const weak = await postAuth(testApp.app, '/reset-password', { newPassword: 'lowercase1', token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGES.noUppercase);

    const reset = await postAuth(testApp.app, '/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode).toBe(200);

    await signIn(testApp.app, { email: input.email, password: NEW_PASSWORD });
    const old = await postAuth(testApp.app, '/sign-in/email', {
      email: input.email,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);

    const session = await testApp.app.inject({
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${otherDevice.token}` },
    });
    expect(session.json()).toBeNull();

    const reused = await postAuth(testApp.app, '/reset-password', { newPassword: 'Another3Try', token });
    expect(reused.statusCode).toBe(400);
  });

  it('voids every other link of the account once one of them is used', async () => {
    const input = makeSignUpInput();
    await signUp(testApp.app, input);
    const before = smtp.mails.length;
    expect((await requestReset(testApp, input.email)).statusCode).toBe(200);
    expect((await requestReset(testApp, input.email)).statusCode).toBe(200);
    await testApp.app.mail.worker.flush();
    const links = smtp.mails.slice(before).filter((mail) => mail.to.includes(input.email));
    expect(links).toHaveLength(2);
    const [first, second] = await Promise.all(links.map((mail) => tokenFromLink(testApp, mail.text)));

    const used = await postAuth(testApp.app, '/reset-password', { newPassword: NEW_PASSWORD, token: second });
    expect(used.statusCode).toBe(200);

    const other = await postAuth(testApp.app, '/reset-password', {
      newPassword: 'Another3Try',
      token: first,
    });
    expect(other.statusCode).toBe(400);
    await signIn(testApp.app, { email: input.email, password: NEW_PASSWORD });
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const known = makeSignUpInput();
    await signUp(testApp.app, known);

    const unknownAnswer = await requestReset(testApp, 'nobody-here@example.com');
    const knownAnswer = await requestReset(testApp, known.email);
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(unknownAnswer.json()).toEqual(knownAnswer.json());
    await testApp.app.mail.worker.flush();

    await smtp.mailTo(known.email);
    expect(smtp.mails.slice(before).flatMap((mail) => mail.to)).toEqual([known.email]);
  });
});

describe('password reset requests take the same time for known and unknown addresses', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());

  it(`answers both after ${RESET_REQUEST_ANSWER_MS} ms, whatever work one of them needed`, async () => {
    const known = makeSignUpInput();
    await signUp(testApp.app, known);
    const answerTime = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(testApp, email)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let n = 0; n < 5; n++) {
      times.known.push(await answerTime(known.email));
      times.unknown.push(await answerTime(`nobody-${n}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

    for (const time of [...times.known, ...times.unknown])
      expect(time).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 1);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(RESET_REQUEST_ANSWER_MS / 10);
  });
});

describe('password reset without SMTP (the embedded default)', () => {
  let testApp: TestApp;
  let outboxDir: string;
  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'stride-outbox-'));
    const base = createTestConfig();
    testApp = await buildTestApp({ config: { mail: { ...base.mail, smtpUrl: undefined, outboxDir } } });
  });
  afterAll(() => testApp?.close());

  it('writes the mail to DATA_DIR/outbox as an .eml file with a working link', async () => {
    const input = makeSignUpInput();
    await signUp(testApp.app, input);
    expect((await requestReset(testApp, input.email)).statusCode).toBe(200);
    await testApp.app.mail.worker.flush();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${input.email}`);
    const token = await tokenFromLink(testApp, decodeQuotedPrintable(eml));
    expect(
      (await postAuth(testApp.app, '/reset-password', { newPassword: NEW_PASSWORD, token })).statusCode,
    ).toBe(200);
  });
});
