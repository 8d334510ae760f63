import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMarathon,
  errorFields,
  marathonInput,
  register,
  useTestApp,
} from './testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, cookieHeaders, postAuth, signUp } from './testing/test-app.js';

/**
 * Query strings and auth bodies follow the rules the JSON bodies do: a control character, a day that does not
 * exist or a page past what the database can count is a 400 naming the parameter, never a 500.
 */
const main = useTestApp();
let organizer: SignedIn;
let runner: SignedIn;
let raceId: string;
beforeAll(async () => {
  [organizer, runner] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
  raceId = (await createMarathon(main.current.app, organizer))._id;
  await register(main.current.app, runner, raceId);
});

const get = (url: string, headers: Record<string, string> = {}) => main.current.app.inject({ url, headers });

describe('query strings', () => {
  it.each([
    ['/api/marathons?q=%00', 'q'],
    ['/api/marathons?q=a%01b', 'q'],
    ['/api/marathons?from=0000-01-01', 'from'],
    ['/api/marathons?to=0000-12-31', 'to'],
    ['/api/marathons?page=89478487', 'page'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const response = await get(url);

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });

  it.each([
    ['participants?q=%00', 'q'],
    ['participants?page=89478487', 'page'],
    ['participants.csv?q=%00', 'q'],
  ])("the organizer's GET …/%s → 400 naming %s", async (path, field) => {
    const response = await get(`/api/marathons/${raceId}/${path}`, bearerHeaders(organizer.token));

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });

  it.each([
    ['?q=%00', 'q'],
    ['?page=89478487', 'page'],
  ])("a runner's own list with %s → 400 naming %s", async (query, field) => {
    const response = await get(
      `/api/registrations/by-email/${encodeURIComponent(runner.user.email)}${query}`,
      bearerHeaders(runner.token),
    );

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });
});

describe('auth bodies', () => {
  it.each([
    ['/reset-password', { token: 'a\u0000b', newPassword: 'Marathon43' }, 'token'],
    ['/revoke-session', { id: 'x\u0000' }, 'id'],
    ['/request-password-reset', { email: 'a\u0000@example.com' }, 'email'],
  ])('POST /api/auth%s with a NUL → 400 naming the field', async (path, body, field) => {
    const response = await postAuth(main.current.app, path, body, cookieHeaders(runner.cookie));

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(`${field} must not contain control characters`);
  });
});

describe('race dates', () => {
  it.each([
    ['2027-02-30T08:00:00Z', 'a day that does not exist'],
    ['2027-13-01T08:00:00Z', 'a month that does not exist'],
    ['2027-03-07T24:30:00Z', 'an hour that does not exist'],
    ['1', 'a number'],
    ['March 7', 'words'],
    ['Sun, 07 Mar 2027 08:00:00 GMT', 'an HTTP date'],
  ])('refuses %j (%s) with 400 naming the field, storing nothing', async (startRegDate) => {
    const before = await get(`/api/my-marathons`, bearerHeaders(organizer.token));
    const response = await main.current.app.inject({
      method: 'POST',
      url: '/api/add-marathon',
      headers: bearerHeaders(organizer.token),
      payload: { ...marathonInput(), startRegDate },
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual(['startRegDate']);
    const after = await get(`/api/my-marathons`, bearerHeaders(organizer.token));
    expect(after.json()).toHaveLength(before.json().length);
  });

  it('takes ISO 8601 date-times with any offset, and keeps the instant', async () => {
    const input = marathonInput();
    const startDate = new Date(new Date(input.startDate as string).getTime() + 86_400_000);
    const local = `${startDate.toISOString().slice(0, 16)}+00:00`;

    const created = await createMarathon(main.current.app, organizer, { ...input, startDate: local });

    expect(created.startDate).toBe(new Date(local).toISOString());
  });
});
