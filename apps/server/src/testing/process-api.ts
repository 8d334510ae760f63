import { setTimeout as delay } from 'node:timers/promises';
import { type SignUpInput, TEST_PASSWORD, makeSignUpInput } from './test-app.js';

/** What a client saw: the status (0 when no answer came: refused, reset), the parsed body, when it ended. */
export type ApiAnswer<Body = Record<string, unknown>> = {
  status: number;
  body: Body;
  /** performance.now() when the answer's headers and body had arrived (or the request failed). */
  at: number;
  /** Why no answer came, when status is 0. */
  error?: string;
};

export type ApiCall = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: object;
  /** A bearer token, as API clients send it. */
  token?: string;
  headers?: Record<string, string>;
};

/** Over HTTP to a server process (or the balancer in front of them): the status and JSON body it answered. */
export async function callApi<Body = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  { method = 'GET', body, token, headers = {} }: ApiCall = {},
): Promise<ApiAnswer<Body>> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token !== undefined && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: an nginx error page, say
    }
    return { status: response.status, body: parsed as Body, at: performance.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: 0,
      body: {} as Body,
      at: performance.now(),
      error: cause?.code ?? cause?.message ?? (error as Error).message,
    };
  }
}

export type ProcessUser = { email: string; token: string };

/**
 * Signs a new account up through `baseUrl` (same-origin for `origin`, the public URL the servers trust) and
 * returns its bearer token; throws with the answer unless it is a 200.
 */
export async function signUpThrough(
  baseUrl: string,
  origin: string,
  input: SignUpInput = makeSignUpInput(),
): Promise<ProcessUser> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(input),
  });
  const token = response.headers.get('set-auth-token');
  if (response.status !== 200 || !token) {
    throw new Error(`Sign-up through ${baseUrl}: ${response.status} ${await response.text()}`);
  }
  return { email: input.email, token };
}

/** Signs an existing account in through `baseUrl`: its new session's bearer token, or throws with the answer. */
export async function signInThrough(
  baseUrl: string,
  origin: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  const token = response.headers.get('set-auth-token');
  if (response.status !== 200 || !token) {
    throw new Error(`Sign-in through ${baseUrl}: ${response.status} ${await response.text()}`);
  }
  return token;
}

/**
 * Asks `isDone` every `intervalMs` until it says yes: the milliseconds from `since` (performance.now()) to the
 * answer that said so, or null if none did within `deadlineMs` of `since`.
 */
export async function pollUntil(
  isDone: () => Promise<boolean>,
  { since, deadlineMs, intervalMs = 5 }: { since: number; deadlineMs: number; intervalMs?: number },
): Promise<number | null> {
  for (;;) {
    const done = await isDone();
    const elapsed = performance.now() - since;
    if (done) return elapsed;
    if (elapsed > deadlineMs) return null;
    await delay(intervalMs);
  }
}

/** The nearest-rank percentile of the samples (null: none came within the deadline, counted as the largest). */
export function percentile(samples: Array<number | null>, p: number): number {
  const sorted = samples.map((sample) => sample ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `p50 3.1 ms, p99 7.9 ms (20 samples)`, saying how many never came within the deadline. */
export function describeLatencies(samples: Array<number | null>, deadlineMs: number): string {
  const show = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : `> ${deadlineMs} ms`);
  const missed = samples.filter((sample) => sample === null).length;
  return (
    `p50 ${show(percentile(samples, 50))}, p99 ${show(percentile(samples, 99))}, ` +
    `max ${show(percentile(samples, 100))} (${samples.length} samples` +
    `${missed > 0 ? `, ${missed} not within ${deadlineMs} ms` : ''})`
  );
}

/** An answer of a burst: which request it was (`n`, from 0) and when that was sent (performance.now()). */
export type BurstAnswer<Body> = ApiAnswer<Body> & { n: number; startedAt: number };

/**
 * Sends `count` requests, `concurrency` at a time, in order (`send(n)` makes the n-th), until all are answered;
 * `onAnswer` sees the answers so far after each one (to act in the middle of the burst). Answers come in the
 * order they arrived.
 */
export async function sendBurst<Body>(
  count: number,
  send: (n: number) => Promise<ApiAnswer<Body>>,
  { concurrency, onAnswer }: { concurrency: number; onAnswer?: (answers: BurstAnswer<Body>[]) => void },
): Promise<BurstAnswer<Body>[]> {
  const answers: BurstAnswer<Body>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const startedAt = performance.now();
      answers.push({ ...(await send(n)), n, startedAt });
      onAnswer?.(answers);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return answers;
}
