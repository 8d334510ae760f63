import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { type OpenAPI3, astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_PASSWORD, TEST_PUBLIC_URL, buildTestApp } from './testing/test-app.js';

/*
 * Is /api/openapi.json usable by a real client? Types are generated from the served document at test time
 * (nothing generated is committed, so nothing can go stale), then one client script, written only against
 * those types and openapi-fetch, is type-checked with the TypeScript compiler and run against the app
 * listening on loopback. A change to the document that breaks what the script relies on (an operationId, a
 * path, a body field, an answer's shape) fails the type-check; a document that no longer matches what the
 * server does fails the run.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Inside the repository (git-ignored), so the script resolves openapi-fetch as any project would. */
const OUTPUT_ROOT = path.join(REPO_ROOT, '.test-output');

const CLIENT_SCRIPT = `
import createClient, { type Client } from 'openapi-fetch';
import type { operations, paths } from './api.js';

type NewRace = operations['createMarathon']['requestBody']['content']['application/json'];
type NewRegistration = operations['createRegistration']['requestBody']['content']['application/json'];

function dataOf<T>(result: { data?: T; error?: unknown; response: Response }, call: string): T {
  if (result.data === undefined) {
    throw new Error(\`\${call}: \${result.response.status} \${JSON.stringify(result.error)}\`);
  }
  return result.data;
}

/**
 * Sign up, publish a race, register for it, list my registrations, sign out: with the bearer token. Sign-up
 * sends the site's Origin: fetch adds Sec-Fetch-Mode, for which better-auth wants one (see its 403).
 */
export async function runJourney(baseUrl: string, siteOrigin: string, email: string, password: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const signedUp = await anonymous.POST('/api/auth/sign-up/email', {
    body: { name: 'Ada Client', email, password },
    headers: { Origin: siteOrigin },
  });
  const account = dataOf(signedUp, 'sign-up');
  const token = signedUp.response.headers.get('set-auth-token') ?? account.token;
  const api: Client<paths> = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });

  const day = 24 * 60 * 60 * 1000;
  const newRace: NewRace = {
    title: 'Generated Client Marathon',
    startRegDate: new Date(Date.now() - day).toISOString(),
    endRegDate: new Date(Date.now() + 2 * day).toISOString(),
    startDate: new Date(Date.now() + 30 * day).toISOString(),
    location: 'Loopback',
    distance: '10k',
    description: 'Published through openapi-fetch with generated types.',
    image: 'https://images.example.org/race.svg',
  };
  const race = dataOf(await api.POST('/api/add-marathon', { body: newRace }), 'create race');

  const entry: NewRegistration = {
    marathonId: race._id,
    firstName: 'Ada',
    lastName: 'Client',
    contact: '+1 555 0100',
  };
  const registration = dataOf(await api.POST('/api/registrations', { body: entry }), 'register');

  const mine = dataOf(
    await api.GET('/api/registrations/by-email/{email}', { params: { path: { email: account.user.email } } }),
    'my registrations',
  );
  const details = dataOf(
    await api.GET('/api/marathons/{id}', { params: { path: { id: race._id }, query: { include: 'myRegistration' } } }),
    'race details',
  );
  const session = dataOf(await api.GET('/api/auth/get-session'), 'session');
  dataOf(await api.POST('/api/auth/sign-out'), 'sign-out');
  const afterSignOut = dataOf(await api.GET('/api/auth/get-session'), 'session after sign-out');
  const refused = await api.GET('/api/my-marathons');

  return {
    user: { id: account.user.id, email: account.user.email, name: account.user.name },
    race: { id: race._id, email: race.email, title: race.title },
    registration: { id: registration._id, marathonId: registration.marathonId, email: registration.email },
    myRegistrations: mine.map((item) => ({ id: item._id, marathonTitle: item.marathonTitle })),
    myRegistrationOnRace: details.myRegistration?._id ?? null,
    countAfterRegistering: details.totalRegistrationCount,
    sessionUserId: session?.user.id ?? null,
    afterSignOut,
    afterSignOutStatus: refused.response.status,
    afterSignOutMessage: refused.error?.message ?? null,
  };
}

/** Never called: shows the generated types constrain calls, so the type-check above is not vacuous. */
export function refusedByTheTypes(api: Client<paths>) {
  // @ts-expect-error no such path
  void api.GET('/api/no-such-call');
  // @ts-expect-error marathonId is required
  void api.POST('/api/registrations', { body: { firstName: 'A', lastName: 'B', contact: '1234567' } });
  // @ts-expect-error sign-in takes an e-mail, not a name
  void api.POST('/api/auth/sign-in/email', { body: { name: 'Ada', password: 'Marathon42' } });
  // @ts-expect-error no operation has this id
  type Missing = operations['registerForMarathon'];
}
`;

type JourneyModule = {
  runJourney: (
    baseUrl: string,
    siteOrigin: string,
    email: string,
    password: string,
  ) => Promise<{ user: { id: string }; race: { id: string }; registration: { id: string } }>;
};

function typeCheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.basename(diagnostic.file.fileName)}:${line + 1}:${character + 1} ${message}`;
  });
}

let testApp: TestApp;
let folder: string;
let baseUrl: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

  const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  await mkdir(OUTPUT_ROOT, { recursive: true });
  folder = await mkdtemp(path.join(OUTPUT_ROOT, 'openapi-client-'));
  await writeFile(path.join(folder, 'api.d.ts'), astToString(await openapiTS(document as OpenAPI3)));
  await writeFile(path.join(folder, 'journey.ts'), CLIENT_SCRIPT);
});
afterAll(async () => {
  await testApp?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('a client generated from /api/openapi.json', () => {
  it('type-checks against the types openapi-typescript generates from the document', () => {
    expect(typeCheck(path.join(folder, 'journey.ts'))).toEqual([]);
  }, 60_000);

  it('signs up, publishes a race, registers and lists the registration through openapi-fetch', async () => {
    const { runJourney } = (await import(path.join(folder, 'journey.ts'))) as JourneyModule;
    const email = `client-${Date.now()}@example.com`;

    const result = await runJourney(baseUrl, TEST_PUBLIC_URL, email, TEST_PASSWORD);

    const id = expect.any(String);
    expect(result).toEqual({
      user: { id, email, name: 'Ada Client' },
      race: { id, email, title: 'Generated Client Marathon' },
      registration: { id, marathonId: result.race.id, email },
      myRegistrations: [{ id: result.registration.id, marathonTitle: 'Generated Client Marathon' }],
      myRegistrationOnRace: result.registration.id,
      countAfterRegistering: 1,
      sessionUserId: result.user.id,
      afterSignOut: null,
      afterSignOutStatus: 401,
      afterSignOutMessage: 'Please log in to continue.',
    });
  });
});
