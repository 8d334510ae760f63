import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMarathon,
  insertSignedInUsers,
  marathonInput,
  register,
  registrationInput,
  useTestApp,
} from './testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, cookieHeaders, makeSignUpInput, signUp } from './testing/test-app.js';

/**
 * Property-based: whatever JSON a client sends to a write endpoint, the API answers 2xx or 4xx, never 5xx,
 * and a 4xx leaves every table as it was. Fixed seed, so a failure reproduces; FUZZ_RUNS raises the count.
 */
const SEED = 20_261_123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const main = useTestApp();
let organizer: SignedIn;
let raceId: string;
let runnersLeft: Array<{ token: string }>;
let ownRegistrationId: string;

beforeAll(async () => {
  organizer = await signUp(main.current.app);
  raceId = (await createMarathon(main.current.app, organizer))._id;
  const [registered, ...runners] = await insertSignedInUsers(main.current, RUNS * 2 + 1);
  ownRegistrationId = (await register(main.current.app, registered!, raceId))._id;
  runnersLeft = [registered!, ...runners];
}, 60_000);

/** One digest of every table a write could touch: equal digests, untouched data. */
async function digestOfAllData(): Promise<string> {
  const tables = ['users', 'accounts', 'sessions', 'verifications', 'marathons', 'registrations'];
  const digests = await Promise.all(
    tables.map(async (table) => {
      const result = await main.current.database.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${table} t`),
      );
      return (result as unknown as { rows: Array<{ d: string }> }).rows[0]!.d;
    }),
  );
  return digests.join(',');
}

/** Characters that have broken text handling somewhere: controls, NUL, lone surrogates, BOM, RTL, astral. */
const awkwardCharacter = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\ud800',
    '\udfff',
    '\ufeff',
    '\u202e',
    '😀',
    "'",
    '\\',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
);
const awkwardString = fc.string({ unit: awkwardCharacter, maxLength: 40 });
/** Dates JavaScript can read, across its whole range (years -271821 to 275760), in several spellings. */
const anyDate = fc
  .date({ noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom(
      date.toISOString(),
      date.toUTCString(),
      String(date.getTime()),
      date.toISOString().slice(0, 10),
    ),
  );
const anyFieldValue = fc.oneof(awkwardString, anyDate, fc.jsonValue({ maxDepth: 2 }));

/** A valid body with some fields replaced by arbitrary values or removed, or any JSON value at all. */
function bodyAround(valid: () => Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid());
  const changes = fc.dictionary(
    fc.constantFrom(...fields, 'extra'),
    fc.option(anyFieldValue, { nil: undefined }),
    {
      minKeys: 1,
      maxKeys: fields.length,
    },
  );
  return fc.oneof(
    { weight: 4, arbitrary: changes.map((changed) => ({ ...valid(), ...changed })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

type WriteCall = { method: 'POST' | 'PATCH' | 'DELETE'; url: string; headers: () => Record<string, string> };

async function expectNeverServerErrorAndRefusalsChangeNothing(
  call: WriteCall,
  body: fc.Arbitrary<unknown>,
  { reachesSuccess = true, runs = RUNS } = {},
) {
  const seen = new Set<number>();
  await fc.assert(
    fc.asyncProperty(body, async (payload) => {
      const before = await digestOfAllData();
      const response = await main.current.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...call.headers(), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      seen.add(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
      if (response.statusCode >= 400) expect(await digestOfAllData()).toBe(before);
    }),
    { seed: SEED, numRuns: runs },
  );
  // The bodies reach both outcomes, so the property is not vacuous.
  if (reachesSuccess) expect([...seen].some((status) => status < 300)).toBe(true);
  expect([...seen].some((status) => status >= 400)).toBe(true);
}

describe('every write body: 2xx or 4xx for any JSON, and a 4xx changes nothing', () => {
  const organizerHeaders = () => bearerHeaders(organizer.token);

  it('POST /api/add-marathon', async () => {
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/add-marathon', headers: organizerHeaders },
      bodyAround(() => ({ ...marathonInput() })),
    );
  });

  it('PATCH /api/marathons/:id', async () => {
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'PATCH', url: `/api/marathons/${raceId}`, headers: organizerHeaders },
      bodyAround(() => ({ ...marathonInput() })),
    );
  });

  it('POST /api/registrations (a new runner each time)', async () => {
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/registrations', headers: () => bearerHeaders(runnersLeft.pop()!.token) },
      bodyAround(() => ({ ...registrationInput(raceId) })),
    );
  });

  it('PATCH /api/registrations/:id', async () => {
    const owner = runnersLeft[0]!;
    await expectNeverServerErrorAndRefusalsChangeNothing(
      {
        method: 'PATCH',
        url: `/api/registrations/${ownRegistrationId}`,
        headers: () => bearerHeaders(owner.token),
      },
      bodyAround(() => {
        const { marathonId: _marathonId, ...fields } = registrationInput(raceId);
        return fields;
      }),
    );
  });

  it('POST /api/auth/sign-up/email', async () => {
    await expectNeverServerErrorAndRefusalsChangeNothing(
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: () => ({ origin: main.current.config.publicUrl }),
      },
      bodyAround(() => ({ ...makeSignUpInput({ image: 'https://example.com/me.png' }) })),
    );
  });

  it('POST /api/auth/sign-in/email', async () => {
    const account = makeSignUpInput();
    await signUp(main.current.app, account);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: () => ({ origin: main.current.config.publicUrl }),
      },
      bodyAround(() => ({ email: account.email, password: account.password })),
    );
  });

  it('DELETE /api/me (a new account each time: one without a password, signed in just now)', async () => {
    const accounts = await insertSignedInUsers(main.current, RUNS);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'DELETE', url: '/api/me', headers: () => bearerHeaders(accounts.pop()!.token) },
      bodyAround(() => ({ password: 'Marathon42' })),
    );
  });

  it('POST /api/auth/change-email (the link goes to the new address; nothing changes before it is followed)', async () => {
    const account = await signUp(main.current.app);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/auth/change-email', headers: () => cookieHeaders(account.cookie) },
      bodyAround(() => ({
        newEmail: `moved-${Math.random().toString(36).slice(2)}@example.com`,
        callbackURL: '/dashboard/settings?email=changed',
      })),
    );
  });

  it('POST /api/auth/update-user (the account name and photo)', async () => {
    const account = await signUp(main.current.app);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/auth/update-user', headers: () => cookieHeaders(account.cookie) },
      bodyAround(() => ({ name: 'Ada Runner', image: 'https://example.com/ada.png' })),
    );
  });
});

describe('the auth calls that take a token, an id or an address: 2xx or 4xx for any JSON, a 4xx changes nothing', () => {
  const sameOrigin = () => ({ origin: main.current.config.publicUrl });

  it('POST /api/auth/reset-password', async () => {
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/auth/reset-password', headers: sameOrigin },
      bodyAround(() => ({ token: 'a'.repeat(24), newPassword: 'Marathon43' })),
      { reachesSuccess: false }, // no token it is sent was ever mailed
    );
  });

  it('POST /api/auth/revoke-session', async () => {
    const account = await signUp(main.current.app);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/auth/revoke-session', headers: () => cookieHeaders(account.cookie) },
      bodyAround(() => ({ id: 'no-such-session' })),
      { reachesSuccess: false }, // revoking any session would end the account's own; the ids are unknown
    );
  });

  it('POST /api/auth/request-password-reset', async () => {
    const account = makeSignUpInput();
    await signUp(main.current.app, account);
    await expectNeverServerErrorAndRefusalsChangeNothing(
      { method: 'POST', url: '/api/auth/request-password-reset', headers: sameOrigin },
      bodyAround(() => ({ email: 'nobody@example.com' })),
      // Each answer waits out the reset request's fixed time (plugins/auth/auth-bridge.ts): fewer runs.
      { runs: Math.ceil(RUNS / 10) },
    );
  });
});

/** Query strings of every read that takes one: any parameters, any values, escaped or not. */
function queryAround(parameters: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(awkwardString, anyDate, fc.integer().map(String), fc.constant(''));
  const pairs = fc.array(fc.tuple(fc.constantFrom(...parameters, 'extra'), value), { maxLength: 4 });
  const rawEscape = fc.constantFrom('%00', '%', '%zz', '%C0%80', '%FF', '&&', '=', '[]=1');
  return fc.oneof(
    { weight: 4, arbitrary: pairs.map((each) => new URLSearchParams(each).toString()) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...parameters), rawEscape)
        .map(([parameter, escape]) => `${parameter}=${escape}`),
    },
  );
}

describe('every query string: 2xx or 4xx, never 5xx', () => {
  async function expectNeverServerError(
    path: string,
    parameters: readonly string[],
    headers: () => Record<string, string>,
  ) {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(queryAround(parameters), async (query) => {
        const response = await main.current.app.inject({ url: `${path}?${query}`, headers: headers() });
        seen.add(response.statusCode);
        expect(response.statusCode, `${query}: ${response.body}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect([...seen].some((status) => status < 300)).toBe(true);
    expect([...seen].some((status) => status >= 400)).toBe(true);
  }
  const organizerHeaders = () => bearerHeaders(organizer.token);

  it('GET /api/marathons', async () => {
    await expectNeverServerError(
      '/api/marathons',
      ['q', 'sort', 'distance', 'from', 'to', 'open', 'page', 'limit'],
      () => ({}),
    );
  });

  it('GET /api/marathons/:id/participants and its CSV', async () => {
    const parameters = ['q', 'status', 'sort', 'order', 'page', 'limit'];
    await expectNeverServerError(`/api/marathons/${raceId}/participants`, parameters, organizerHeaders);
    await expectNeverServerError(`/api/marathons/${raceId}/participants.csv`, parameters, organizerHeaders);
  });

  it('GET /api/registrations/by-email/:email', async () => {
    const owner = runnersLeft[0]!;
    const { email } = (
      await main.current.app.inject({ url: '/api/auth/get-session', headers: bearerHeaders(owner.token) })
    ).json().user;
    await expectNeverServerError(
      `/api/registrations/by-email/${encodeURIComponent(email)}`,
      ['q', 'page', 'limit'],
      () => bearerHeaders(owner.token),
    );
  });

  it('GET /api/my-marathons', async () => {
    await expectNeverServerError('/api/my-marathons', ['page', 'limit'], organizerHeaders);
  });
});
