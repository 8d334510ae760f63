import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  bearerHeaders,
  buildTestApp,
  makeSignUpInput,
  postAuth,
  signUp,
} from '../testing/test-app.js';
import {
  sessionAnswerSchema,
  signInAnswerSchema,
  signOutAnswerSchema,
  signUpAnswerSchema,
} from './auth/auth-openapi.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

type Operation = { operationId?: string; security?: unknown[]; requestBody?: unknown };
type Document = { paths: Record<string, Record<string, Operation>> };

let testApp: TestApp;
let document: Document;
beforeAll(async () => {
  testApp = await buildTestApp();
  document = (await testApp.app.inject({ url: '/api/openapi.json' })).json<Document>();
});
afterAll(() => testApp?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

describe('/api/openapi.json', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'stride-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const cli = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const config = path.join(REPO_ROOT, 'redocly.yaml');
      // Exits 1 on errors; the JSON report is on stdout either way.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--config', config, '--format', 'json'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
      const report = JSON.parse(stdout) as LintReport;
      const problems = report.problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId} at ${problem.location.map((at) => at.pointer).join(', ')}: ${problem.message}`,
      );

      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps the operationIds clients are generated with: each operation its own, each one once', () => {
    const ids = Object.fromEntries(operations().map(({ key, operation }) => [key, operation.operationId]));

    expect(ids).toEqual({
      'POST /api/auth/sign-up/email': 'signUpWithEmail',
      'POST /api/auth/sign-in/email': 'signInWithEmail',
      'POST /api/auth/sign-out': 'signOut',
      'GET /api/auth/get-session': 'getSession',
      'GET /api/health': 'getHealth',
      'GET /api/health/ready': 'getReadiness',
      'GET /api/version': 'getVersion',
      'GET /api/marathons': 'listMarathons',
      'GET /api/marathons/featured': 'listFeaturedMarathons',
      'GET /api/upcoming-marathons': 'listUpcomingMarathons',
      'GET /api/marathons/{id}': 'getMarathon',
      'GET /api/marathons/{id}/calendar.ics': 'getMarathonCalendar',
      'POST /api/add-marathon': 'createMarathon',
      'PATCH /api/marathons/{id}': 'updateMarathon',
      'DELETE /api/marathons/{id}': 'deleteMarathon',
      'GET /api/my-marathons': 'listMyMarathons',
      'GET /api/registrations/by-email/{email}': 'listMyRegistrations',
      'POST /api/registrations': 'createRegistration',
      'GET /api/my-registrations/{id}/calendar.ics': 'getRegistrationCalendar',
      'PATCH /api/registrations/{id}': 'updateRegistration',
      'DELETE /api/registrations/{id}': 'deleteRegistration',
      'GET /api/marathons/{id}/participants': 'listParticipants',
      'GET /api/marathons/{id}/participants.csv': 'exportParticipantsCsv',
      'GET /api/marathons/{id}/stats': 'getRaceStats',
      'DELETE /api/marathons/{id}/participants/{registrationId}': 'cancelParticipantRegistration',
      'POST /api/images': 'uploadImage',
      'GET /api/images/{file}': 'getImage',
      'GET /api/me/dashboard': 'getMyDashboard',
      'GET /api/me/export': 'exportMyData',
      'GET /api/me/deletion-preview': 'previewAccountDeletion',
      'DELETE /api/me': 'deleteMyAccount',
      'POST /api/marathons/{id}/discount-codes': 'createDiscountCode',
      'GET /api/marathons/{id}/discount-codes': 'listDiscountCodes',
      'DELETE /api/marathons/{id}/discount-codes/{codeId}': 'deleteDiscountCode',
      'POST /api/marathons/{id}/participants/{registrationId}/payment': 'recordParticipantPayment',
      'POST /api/marathons/{id}/quote': 'quoteEntryFee',
      'POST /api/registrations/{id}/checkout': 'checkoutRegistration',
      'GET /api/payment-options': 'getPaymentOptions',
      'POST /api/marathons/{id}/staff': 'inviteStaffMember',
      'GET /api/marathons/{id}/staff': 'listStaffMembers',
      'PATCH /api/marathons/{id}/staff/{staffId}': 'updateStaffMember',
      'DELETE /api/marathons/{id}/staff/{staffId}': 'removeStaffMember',
      'GET /api/my-staff-invitations': 'listMyStaffInvitations',
      'POST /api/staff/{staffId}/accept': 'acceptStaffInvitation',
      'POST /api/staff/{staffId}/decline': 'declineStaffInvitation',
      'GET /api/my-staff-races': 'listMyStaffRaces',
      'GET /api/registrations/{id}': 'getRegistration',
      'GET /api/marathons/{id}/checkin/roster': 'getCheckinRoster',
      'POST /api/marathons/{id}/checkins': 'checkInRunners',
      'DELETE /api/marathons/{id}/checkins/{registrationId}': 'undoCheckIn',
      'POST /api/marathons/{id}/results': 'importResults',
      'POST /api/marathons/{id}/results/publish': 'publishResults',
      'GET /api/marathons/{id}/results': 'listResults',
      'GET /api/marathons/{id}/results.csv': 'downloadResultsCsv',
      'GET /api/marathons/{id}/results/{bib}': 'getResult',
      'GET /api/marathons/{id}/ballot': 'getBallot',
      'GET /api/marathons/{id}/ballot/entries.csv': 'downloadBallotEntries',
      'POST /api/marathons/{id}/ballot/draw': 'drawBallot',
      'POST /api/registrations/{id}/transfer': 'offerTransfer',
      'DELETE /api/registrations/{id}/transfer': 'withdrawTransfer',
      'GET /api/transfers/{token}': 'getTransfer',
      'POST /api/transfers/{token}/accept': 'acceptTransfer',
    });
    expect(new Set(Object.values(ids)).size).toBe(Object.keys(ids).length);
  });

  it('marks the signed-in routes as needing a credential, and the others as open to anyone', () => {
    const security = Object.fromEntries(operations().map(({ key, operation }) => [key, operation.security]));
    const openToAnyone = [{}, { bearerAuth: [] }, { cookieAuth: [] }];

    expect(security['POST /api/registrations']).toBeUndefined(); // the document's default: a credential
    expect(security['GET /api/marathons/{id}/participants']).toBeUndefined();
    expect(security['GET /api/marathons']).toEqual(openToAnyone);
    expect(security['GET /api/marathons/{id}']).toEqual(openToAnyone);
  });

  it('documents the auth calls a client needs, sign-up and sign-in needing no credentials', () => {
    const byKey = Object.fromEntries(operations().map(({ key, operation }) => [key, operation]));

    expect(Object.keys(byKey)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-up/email',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-out',
        'GET /api/auth/get-session',
      ]),
    );
    expect(byKey['POST /api/auth/sign-up/email']?.security).toEqual([]);
    expect(byKey['POST /api/auth/sign-in/email']?.security).toEqual([]);
    const signUpBody = JSON.stringify(byKey['POST /api/auth/sign-up/email']?.requestBody);
    for (const field of ['name', 'email', 'password', 'image']) expect(signUpBody).toContain(`"${field}"`);
  });
});

describe('the operationIds check', () => {
  it('stops the app from starting when a documented route has no operationId', async () => {
    const unlisted = await buildTestApp();
    try {
      unlisted.app.get('/api/test/unlisted', { schema: { tags: ['marathons'] } }, async () => ({}));

      await expect(unlisted.app.ready()).rejects.toThrow(
        'Every documented operation needs an operationId in its schema: GET /api/test/unlisted',
      );
    } finally {
      await unlisted.close();
    }
  });
});

describe('the documented auth answers', () => {
  it('are what the server answers: sign-up, sign-in, get-session, sign-out', async () => {
    const input = makeSignUpInput();
    const signedUp = await postAuth(testApp.app, '/sign-up/email', input);
    expect(signedUp.statusCode).toBe(200);
    expect(signUpAnswerSchema.safeParse(signedUp.json()).error).toBeUndefined();

    const signedIn = await postAuth(testApp.app, '/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signInAnswerSchema.safeParse(signedIn.json()).error).toBeUndefined();
    const token = signedIn.headers['set-auth-token'] as string;

    const session = await testApp.app.inject({ url: '/api/auth/get-session', headers: bearerHeaders(token) });
    expect(session.json()).not.toBeNull();
    expect(sessionAnswerSchema.safeParse(session.json()).error).toBeUndefined();

    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearerHeaders(token),
    });
    expect(signedOut.statusCode).toBe(200);
    expect(signOutAnswerSchema.safeParse(signedOut.json()).error).toBeUndefined();

    const noSession = await testApp.app.inject({
      url: '/api/auth/get-session',
      headers: bearerHeaders(token),
    });
    expect(noSession.json()).toBeNull();
    expect(sessionAnswerSchema.safeParse(noSession.json()).error).toBeUndefined();
  });

  it('are what the server answers to a cookie session too', async () => {
    const { cookie } = await signUp(testApp.app);
    const session = await testApp.app.inject({ url: '/api/auth/get-session', headers: { cookie } });

    expect(sessionAnswerSchema.safeParse(session.json()).error).toBeUndefined();
  });
});
