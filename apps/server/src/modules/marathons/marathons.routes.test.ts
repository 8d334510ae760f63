import { NO_ENTRY_DETAILS } from '../../testing/entry-form-fixtures.js';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISTANCES, FEATURED_MARATHONS_LIMIT, type Marathon, PAGE_LIMITS } from '@stride/shared';
import {
  FREE_ENTRY_PAYMENT,
  FREE_RACE_PRICES,
  FIRST_COME_RACE,
  NO_BALLOT_OR_TRANSFER,
  DAY_MS,
  FOREIGN_ORIGIN,
  HOSTILE_TEXT,
  ISO_DATE_PATTERN,
  MALFORMED_IDS,
  MISSING_ID,
  SECOND_MS,
  UUID_PATTERN,
  countMarathonRows,
  countRegistrationRows,
  createMarathon,
  errorFields,
  findMyRegistrations,
  fromNow,
  getMarathon,
  getRegistrationCount,
  insertSignedInUsers,
  marathonInput,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, cookieHeaders, signUp } from '../../testing/test-app.js';
import { MARATHON_MESSAGES } from './marathons.service.js';

const main = useTestApp();
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  [owner, other] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

const inject = (options: InjectOptions) => main.current.app.inject(options);
const addMarathon = (headers: Record<string, string>, payload: object) =>
  inject({ method: 'POST', url: '/api/add-marathon', headers, payload });
const patchMarathon = (id: string, headers: Record<string, string>, payload: object) =>
  inject({ method: 'PATCH', url: `/api/marathons/${id}`, headers, payload });
const deleteMarathon = (id: string, headers: Record<string, string>) =>
  inject({ method: 'DELETE', url: `/api/marathons/${id}`, headers });
const get = (url: string) => inject({ method: 'GET', url });
const ids = (marathons: Marathon[]) => marathons.map((marathon) => marathon._id);

describe('POST /api/add-marathon', () => {
  it('creates the marathon for the signed-in user: 201, _id, ISO dates, creator email, count 0', async () => {
    const input = marathonInput({ distance: '25k', image: '/images/marathons/poster-1.svg' });

    const response = await addMarathon(cookieHeaders(owner.cookie), input);

    expect(response.statusCode).toBe(201);
    const created = response.json<Marathon>();
    expect(created).toEqual({
      _id: expect.stringMatching(UUID_PATTERN),
      title: input.title,
      startRegDate: input.startRegDate,
      endRegDate: input.endRegDate,
      startDate: input.startDate,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      location: input.location,
      distance: '25k',
      description: input.description,
      image: '/images/marathons/poster-1.svg',
      email: owner.user.email,
      totalRegistrationCount: 0,
      capacity: null,
      placesLeft: null,
      waitlistCount: 0,
      timeZone: 'UTC',
      rankBy: 'chip',
      resultsPublished: false,
      resultsUpdatedAt: null,
      registrationFields: { dateOfBirth: 'off', gender: 'off', tShirtSize: 'off', emergencyContact: 'off' },
      tShirtSizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
      questions: [],
      retiredQuestions: [],
      waiver: null,
      minimumAge: null,
      ageGroups: null,
      ...FREE_RACE_PRICES,
      ...FIRST_COME_RACE,
    });
    expect(Math.abs(Date.parse(created.createdAt) - Date.now())).toBeLessThan(60 * SECOND_MS);
    expect(await getMarathon(main.current.app, created._id)).toEqual(created);
  });

  it('ignores email, createdAt, totalRegistrationCount and unknown fields in the body', async () => {
    const response = await addMarathon(bearerHeaders(owner.token), {
      ...marathonInput(),
      _id: MISSING_ID,
      email: other.user.email,
      createdAt: '1/2/2001',
      totalRegistrationCount: 99,
      creatorId: other.user.id,
    });

    expect(response.statusCode).toBe(201);
    const created = response.json<Marathon>();
    expect(created._id).not.toBe(MISSING_ID);
    expect(created).toMatchObject({ email: owner.user.email, totalRegistrationCount: 0 });
    expect(created.createdAt.startsWith('2001')).toBe(false);
  });

  it.each(DISTANCES)('accepts the distance %s', async (distance) => {
    const response = await addMarathon(bearerHeaders(owner.token), marathonInput({ distance }));

    expect(response.statusCode).toBe(201);
    expect(response.json().distance).toBe(distance);
  });

  it('accepts the limits exactly, the same instant for all three dates and an http image URL', async () => {
    const sameInstant = fromNow(DAY_MS);
    const input = marathonInput({
      title: 't'.repeat(120),
      location: 'l'.repeat(120),
      description: 'd'.repeat(5000),
      startRegDate: sameInstant,
      endRegDate: sameInstant,
      startDate: sameInstant,
      image: 'http://example.com/poster.png',
    });

    const response = await addMarathon(bearerHeaders(owner.token), input);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject(input);
  });

  it('reads ISO 8601 date-times with any offset and answers them in UTC', async () => {
    const response = await addMarathon(
      bearerHeaders(owner.token),
      marathonInput({
        startRegDate: '2030-01-01T00:00Z',
        endRegDate: '2030-02-01T12:30:00+02:00',
        startDate: '2030-03-01T09:00:00.000Z',
      }),
    );

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      startRegDate: '2030-01-01T00:00:00.000Z',
      endRegDate: '2030-02-01T10:30:00.000Z',
      startDate: '2030-03-01T09:00:00.000Z',
    });
  });

  it('stores text verbatim: markup and SQL come back unchanged', async () => {
    const created = await createMarathon(main.current.app, owner, {
      title: HOSTILE_TEXT,
      location: `Robert'); DROP TABLE marathons;--`,
      description: `${HOSTILE_TEXT}\n<img src=x onerror=alert(1)> "quoted" & ünïcødé 🏃`,
    });

    const stored = await getMarathon(main.current.app, created._id);
    expect(stored).toMatchObject({
      title: HOSTILE_TEXT,
      location: `Robert'); DROP TABLE marathons;--`,
      description: `${HOSTILE_TEXT}\n<img src=x onerror=alert(1)> "quoted" & ünïcødé 🏃`,
    });
  });

  const dayAfterTomorrow = fromNow(2 * DAY_MS);
  const tomorrow = fromNow(DAY_MS);
  it.each<[string, string, Record<string, unknown>]>([
    ['title missing', 'title', { title: undefined }],
    ['title blank', 'title', { title: '   ' }],
    ['title not text', 'title', { title: 42 }],
    ['title over 120 characters', 'title', { title: 't'.repeat(121) }],
    ['startRegDate missing', 'startRegDate', { startRegDate: undefined }],
    ['startRegDate unparseable', 'startRegDate', { startRegDate: 'not a date' }],
    ['startRegDate blank', 'startRegDate', { startRegDate: '' }],
    ['endRegDate missing', 'endRegDate', { endRegDate: undefined }],
    ['endRegDate unparseable', 'endRegDate', { endRegDate: '2030-13-45' }],
    ['endRegDate blank', 'endRegDate', { endRegDate: ' ' }],
    ['startDate missing', 'startDate', { startDate: undefined }],
    ['startDate unparseable', 'startDate', { startDate: 'soon' }],
    ['startDate blank', 'startDate', { startDate: '' }],
    [
      'endRegDate before startRegDate',
      'endRegDate',
      { startRegDate: dayAfterTomorrow, endRegDate: tomorrow },
    ],
    ['startDate before endRegDate', 'startDate', { endRegDate: dayAfterTomorrow, startDate: tomorrow }],
    ['location missing', 'location', { location: undefined }],
    ['location over 120 characters', 'location', { location: 'l'.repeat(121) }],
    ['distance missing', 'distance', { distance: undefined }],
    ['distance not one of the distances', 'distance', { distance: '42k' }],
    ['distance in kilometres', 'distance', { distance: '42.2 km' }],
    ['distance in the wrong case', 'distance', { distance: '10K' }],
    ['description missing', 'description', { description: undefined }],
    ['description over 5000 characters', 'description', { description: 'd'.repeat(5001) }],
    ['image missing', 'image', { image: undefined }],
    ['image blank', 'image', { image: '  ' }],
    ['image a javascript: URL', 'image', { image: 'javascript:alert(1)' }],
    ['image a data: URL', 'image', { image: 'data:image/png;base64,AAAA' }],
    ['image an ftp: URL', 'image', { image: 'ftp://example.com/poster.png' }],
    ['image a protocol-relative URL', 'image', { image: '//evil.example/poster.png' }],
    ['image not a URL', 'image', { image: 'poster.png' }],
  ])('refuses %s with 400 naming %s, and creates nothing', async (_case, field, changes) => {
    const before = await countMarathonRows(main.current.database.db);

    const response = await addMarathon(bearerHeaders(owner.token), { ...marathonInput(), ...changes });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining(field) });
    expect(errorFields(response)).toEqual([field]);
    expect(response.json().errors[0].message).toEqual(expect.any(String));
    expect(await countMarathonRows(main.current.database.db)).toBe(before);
  });

  it('lists every failing field in one 400', async () => {
    const response = await addMarathon(bearerHeaders(owner.token), {
      ...marathonInput(),
      title: '',
      distance: '42k',
      image: 'javascript:alert(1)',
      location: undefined,
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response).sort()).toEqual(['distance', 'image', 'location', 'title']);
    expect(response.json().message).toBe('4 fields are invalid: title, location, distance, image');
  });

  it('answers 401 to an anonymous request and creates nothing', async () => {
    const before = await countMarathonRows(main.current.database.db);

    const response = await addMarathon({}, marathonInput());

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please log in to continue.' });
    expect(await countMarathonRows(main.current.database.db)).toBe(before);
  });

  it('answers 401 to an unknown bearer token and creates nothing', async () => {
    const before = await countMarathonRows(main.current.database.db);

    const response = await addMarathon(bearerHeaders('not-a-session-token'), marathonInput());

    expect(response.statusCode).toBe(401);
    expect(await countMarathonRows(main.current.database.db)).toBe(before);
  });
});

describe('GET /api/marathons/:id', () => {
  it('answers the marathon', async () => {
    const created = await createMarathon(main.current.app, owner);

    const response = await get(`/api/marathons/${created._id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the id %j', async (id) => {
    const response = await get(`/api/marathons/${encodeURIComponent(id)}`);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: MARATHON_MESSAGES.notFound });
  });

  describe('?include=myRegistration: the race and the signed-in runner’s entry in one answer', () => {
    const getWithMine = (id: string, headers: Record<string, string>) =>
      inject({ method: 'GET', url: `/api/marathons/${id}?include=myRegistration`, headers });

    it("adds the runner's registration, or null when they have none", async () => {
      const race = await createMarathon(main.current.app, owner);
      const registration = await register(main.current.app, other, race._id);

      const registered = await getWithMine(race._id, bearerHeaders(other.token));
      const notRegistered = await getWithMine(race._id, cookieHeaders(owner.cookie));

      expect(registered.statusCode).toBe(200);
      expect(registered.json()).toEqual({
        ...race,
        totalRegistrationCount: 1,
        myRegistration: {
          _id: registration._id,
          status: 'registered',
          bib: 1,
          waitlistPosition: null,
          ...NO_ENTRY_DETAILS,
          ...FREE_ENTRY_PAYMENT,
          checkinCode: registration.checkinCode,
          result: null,
          ...NO_BALLOT_OR_TRANSFER,
        },
      });
      expect(notRegistered.json()).toEqual({ ...race, totalRegistrationCount: 1, myRegistration: null });
    });

    it('is a 401 when nobody is signed in, a 400 for another include, a 404 for an unknown race', async () => {
      const race = await createMarathon(main.current.app, owner);

      expect((await getWithMine(race._id, {})).statusCode).toBe(401);
      const unknownInclude = await inject({
        method: 'GET',
        url: `/api/marathons/${race._id}?include=everything`,
      });
      expect(unknownInclude.statusCode).toBe(400);
      expect(errorFields(unknownInclude)).toEqual(['include']);
      expect((await getWithMine(MISSING_ID, bearerHeaders(owner.token))).statusCode).toBe(404);
    });
  });
});

describe('GET /api/my-marathons', () => {
  let organizer: SignedIn;
  let mine: Marathon[];
  beforeAll(async () => {
    organizer = await signUp(main.current.app);
    const first = await createMarathon(main.current.app, organizer);
    const second = await createMarathon(main.current.app, organizer);
    await createMarathon(main.current.app, other);
    mine = [second, first];
  });

  it.each([
    ['without email', () => ''],
    ['with their own email', () => `?email=${encodeURIComponent(organizer.user.email)}`],
    ['with their own email in other letter case', () => `?email=${organizer.user.email.toUpperCase()}`],
  ])("lists only the signed-in user's marathons, newest first, %s", async (_case, query) => {
    const response = await inject({
      method: 'GET',
      url: `/api/my-marathons${query()}`,
      headers: cookieHeaders(organizer.cookie),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(mine);
  });

  it("answers 403 for another user's email, listing nothing", async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/my-marathons?email=${encodeURIComponent(other.user.email)}`,
      headers: bearerHeaders(organizer.token),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'You can only list your own marathons.' });
  });

  it('answers 401 to an anonymous request', async () => {
    const response = await get(`/api/my-marathons?email=${encodeURIComponent(organizer.user.email)}`);

    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});

describe('PATCH /api/marathons/:id', () => {
  it('changes the given fields for the owner and answers { success, message, marathon }', async () => {
    const created = await createMarathon(main.current.app, owner);
    const changes = {
      title: 'Harbour Half',
      distance: '3k',
      location: 'Hamburg',
      description: 'Now along the harbour.',
      image: 'https://example.com/harbour.jpg',
      startRegDate: fromNow(-2 * DAY_MS),
      endRegDate: fromNow(3 * DAY_MS),
      startDate: fromNow(40 * DAY_MS),
    };

    const response = await patchMarathon(created._id, cookieHeaders(owner.cookie), changes);

    expect(response.statusCode).toBe(200);
    const expected = { ...created, ...changes };
    expect(response.json()).toEqual({
      success: true,
      message: MARATHON_MESSAGES.updated,
      marathon: expected,
    });
    expect(await getMarathon(main.current.app, created._id)).toEqual(expected);
  });

  it('keeps the fields it was not given', async () => {
    const created = await createMarathon(main.current.app, owner);

    const response = await patchMarathon(created._id, bearerHeaders(owner.token), { location: 'Valencia' });

    expect(response.statusCode).toBe(200);
    expect(await getMarathon(main.current.app, created._id)).toEqual({ ...created, location: 'Valencia' });
  });

  it('never applies totalRegistrationCount, alone or with other fields, nor email or createdAt', async () => {
    const created = await createMarathon(main.current.app, owner);
    const [runner] = await insertSignedInUsers(main.current, 1);
    await register(main.current.app, runner!, created._id);

    const alone = await patchMarathon(created._id, bearerHeaders(owner.token), { totalRegistrationCount: 0 });
    const withOthers = await patchMarathon(created._id, bearerHeaders(owner.token), {
      title: 'Renamed',
      totalRegistrationCount: 50,
      email: other.user.email,
      createdAt: '1/2/2001',
    });

    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toMatchObject({ success: true, message: MARATHON_MESSAGES.nothingToUpdate });
    expect(withOthers.statusCode).toBe(200);
    expect(await getMarathon(main.current.app, created._id)).toEqual({
      ...created,
      title: 'Renamed',
      totalRegistrationCount: 1,
    });
  });

  it.each<[string, string, Record<string, string>]>([
    ['startDate before the stored endRegDate', 'startDate', { startDate: fromNow(DAY_MS) }],
    ['endRegDate before the stored startRegDate', 'endRegDate', { endRegDate: fromNow(-2 * DAY_MS) }],
    ['endRegDate after the stored startDate', 'startDate', { endRegDate: fromNow(31 * DAY_MS) }],
    ['startRegDate after the stored endRegDate', 'endRegDate', { startRegDate: fromNow(3 * DAY_MS) }],
    [
      'dates out of order among themselves',
      'endRegDate',
      {
        startRegDate: fromNow(10 * DAY_MS),
        endRegDate: fromNow(5 * DAY_MS),
        startDate: fromNow(40 * DAY_MS),
      },
    ],
  ])('refuses %s with 400 naming %s, changing nothing', async (_case, field, changes) => {
    // Stored: registration from yesterday to in 2 days, race in 30 days.
    const created = await createMarathon(main.current.app, owner);

    const response = await patchMarathon(created._id, bearerHeaders(owner.token), {
      title: 'Must not be saved',
      ...changes,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(errorFields(response)).toEqual([field]);
    expect(await getMarathon(main.current.app, created._id)).toEqual(created);
  });

  it('accepts moving all three dates together when they stay in order', async () => {
    const created = await createMarathon(main.current.app, owner);
    const dates = {
      startRegDate: fromNow(50 * DAY_MS),
      endRegDate: fromNow(60 * DAY_MS),
      startDate: fromNow(70 * DAY_MS),
    };

    const response = await patchMarathon(created._id, bearerHeaders(owner.token), dates);

    expect(response.statusCode).toBe(200);
    expect(await getMarathon(main.current.app, created._id)).toEqual({ ...created, ...dates });
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['a blank title', 'title', { title: ' ' }],
    ['a title over 120 characters', 'title', { title: 't'.repeat(121) }],
    ['an unknown distance', 'distance', { distance: '42.2' }],
    ['a javascript: image', 'image', { image: 'javascript:alert(1)' }],
    ['an unparseable startDate', 'startDate', { startDate: 'tomorrow-ish' }],
    ['a description over 5000 characters', 'description', { description: 'd'.repeat(5001) }],
    ['a location over 120 characters', 'location', { location: 'l'.repeat(121) }],
  ])('refuses %s with 400 naming %s, changing nothing', async (_case, field, changes) => {
    const created = await createMarathon(main.current.app, owner);

    const response = await patchMarathon(created._id, bearerHeaders(owner.token), changes);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
    expect(await getMarathon(main.current.app, created._id)).toEqual(created);
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the id %j', async (id) => {
    const response = await patchMarathon(encodeURIComponent(id), bearerHeaders(owner.token), {
      title: 'Nope',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: MARATHON_MESSAGES.notFound });
  });
});

describe('DELETE /api/marathons/:id', () => {
  it('deletes the marathon with its registrations: deletedCount 1, gone from the runners’ lists', async () => {
    const created = await createMarathon(main.current.app, owner);
    const kept = await createMarathon(main.current.app, owner);
    const runners = await insertSignedInUsers(main.current, 2);
    for (const runner of runners) await register(main.current.app, runner, created._id);
    await register(main.current.app, runners[0]!, kept._id);

    const response = await deleteMarathon(created._id, cookieHeaders(owner.cookie));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: `${MARATHON_MESSAGES.deleted} with its 2 registrations`,
      deletedCount: 1,
    });
    expect(await getMarathon(main.current.app, created._id)).toBeNull();
    expect(await countRegistrationRows(main.current.database.db, created._id)).toBe(0);
    expect(await findMyRegistrations(main.current.app, runners[1]!)).toEqual([]);
    const firstRunnerList = await findMyRegistrations(main.current.app, runners[0]!);
    expect(firstRunnerList.map((registration) => registration.marathonId)).toEqual([kept._id]);
    expect(await getRegistrationCount(main.current.app, kept._id)).toBe(1);
  });

  it('deletes a marathon without registrations and then answers 404 to a second delete', async () => {
    const created = await createMarathon(main.current.app, owner);

    const first = await deleteMarathon(created._id, bearerHeaders(owner.token));
    const second = await deleteMarathon(created._id, bearerHeaders(owner.token));

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: MARATHON_MESSAGES.deleted, deletedCount: 1 });
    expect(second.statusCode).toBe(404);
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the id %j', async (id) => {
    const response = await deleteMarathon(encodeURIComponent(id), bearerHeaders(owner.token));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: MARATHON_MESSAGES.notFound });
  });
});

describe('refusals leave the marathon as it was', () => {
  const writes: Array<[string, (id: string, headers: Record<string, string>) => ReturnType<typeof inject>]> =
    [
      [
        'PATCH',
        (id, headers) => patchMarathon(id, headers, { title: 'Hijacked', totalRegistrationCount: 0 }),
      ],
      ['DELETE', (id, headers) => deleteMarathon(id, headers)],
    ];

  /** A race with one registration, and a check that it and the registration are untouched. */
  async function raceWithRunner() {
    const marathon = await createMarathon(main.current.app, owner);
    const [runner] = await insertSignedInUsers(main.current, 1);
    await register(main.current.app, runner!, marathon._id);
    const before = await getMarathon(main.current.app, marathon._id);
    return {
      id: marathon._id,
      expectUnchanged: async () => {
        expect(await getMarathon(main.current.app, marathon._id)).toEqual(before);
        expect(await countRegistrationRows(main.current.database.db, marathon._id)).toBe(1);
      },
    };
  }

  it.each(writes)('%s: 401 for an anonymous request', async (_method, write) => {
    const race = await raceWithRunner();

    const response = await write(race.id, {});

    expect(response.statusCode).toBe(401);
    await race.expectUnchanged();
  });

  it.each(writes)('%s: 403 for another signed-in user (cookie or bearer)', async (_method, write) => {
    const race = await raceWithRunner();

    const byCookie = await write(race.id, cookieHeaders(other.cookie));
    const byBearer = await write(race.id, bearerHeaders(other.token));

    for (const response of [byCookie, byBearer]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: MARATHON_MESSAGES.notOwner });
    }
    await race.expectUnchanged();
  });

  it.each(writes)("%s: 403 for the owner's cookie sent from a foreign Origin", async (_method, write) => {
    const race = await raceWithRunner();

    const response = await write(race.id, { cookie: owner.cookie, origin: FOREIGN_ORIGIN });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/cross-site/i);
    await race.expectUnchanged();
  });

  it("POST: 403 for the owner's cookie sent from a foreign Origin, creating nothing; same origin or bearer works", async () => {
    const before = await countMarathonRows(main.current.database.db);

    const foreign = await addMarathon({ cookie: owner.cookie, origin: FOREIGN_ORIGIN }, marathonInput());

    expect(foreign.statusCode).toBe(403);
    expect(await countMarathonRows(main.current.database.db)).toBe(before);
    const sameOrigin = await addMarathon(cookieHeaders(owner.cookie), marathonInput());
    const bearerWithoutOrigin = await addMarathon(bearerHeaders(owner.token), marathonInput());
    expect([sameOrigin.statusCode, bearerWithoutOrigin.statusCode]).toEqual([201, 201]);
    expect(await countMarathonRows(main.current.database.db)).toBe(before + 2);
  });
});

describe('GET /api/marathons (all, paged)', () => {
  const fresh = useTestApp();
  const TOTAL = 13;
  /** In creation order; the race dates run the other way, so sorting by them would show. */
  let created: Marathon[] = [];
  beforeAll(async () => {
    const [organizer] = await insertSignedInUsers(fresh.current, 1);
    created = [];
    for (let n = 0; n < TOTAL; n++) {
      created.push(
        await createMarathon(fresh.current.app, organizer!, { startDate: fromNow((40 - n) * DAY_MS) }),
      );
    }
  });
  const getList = (query: string) =>
    fresh.current.app.inject({ method: 'GET', url: `/api/marathons${query}` });
  const newestFirst = () => [...created].reverse();

  it(`answers the newest ${PAGE_LIMITS.default} by default, with X-Total-Count`, async () => {
    const response = await getList('');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(TOTAL));
    expect(response.json()).toEqual(newestFirst().slice(0, PAGE_LIMITS.default));
  });

  it.each([
    ['newest', newestFirst],
    ['oldest', () => created],
  ])('sorts by creation time: sort=%s', async (sort, expected) => {
    const response = await getList(`?sort=${sort}&limit=${PAGE_LIMITS.max}`);

    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(ids(expected()));
  });

  it('pages: limit=2 page=7 is the last single item, page=8 is empty, both with the total', async () => {
    const last = await getList('?limit=2&page=7');
    const beyond = await getList('?limit=2&page=8');

    expect(ids(last.json())).toEqual([created[0]!._id]);
    expect(last.headers['x-total-count']).toBe(String(TOTAL));
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(TOTAL));
  });

  it('walks every marathon exactly once, page by page', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...ids((await getList(`?sort=oldest&limit=5&page=${page}`)).json()));

    expect(seen).toEqual(ids(created));
  });

  it.each([
    ['sort=random', 'sort'],
    ['sort=', 'sort'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['limit=0', 'limit'],
    [`limit=${PAGE_LIMITS.max + 1}`, 'limit'],
    ['limit=ten', 'limit'],
  ])('answers 400 for ?%s naming %s', async (query, field) => {
    const response = await getList(`?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(errorFields(response)).toEqual([field]);
  });
});

describe('featured and upcoming marathons', () => {
  const fresh = useTestApp();
  /** By name: registrations and days to the start. */
  const RACES = {
    soonPopular: { registrations: 2, startsInDays: 10 },
    laterPopular: { registrations: 2, startsInDays: 20 },
    oneRunner: { registrations: 1, startsInDays: 40 },
    in3: { registrations: 0, startsInDays: 3 },
    in5: { registrations: 0, startsInDays: 5 },
    in7: { registrations: 0, startsInDays: 7 },
    in15RegistrationClosed: { registrations: 0, startsInDays: 15, window: 'closed' as const },
    in25: { registrations: 0, startsInDays: 25 },
    in35: { registrations: 0, startsInDays: 35 },
    in45: { registrations: 0, startsInDays: 45 },
  };
  type RaceName = keyof typeof RACES | 'startedPopular';
  const byName = {} as Record<RaceName, Marathon>;

  beforeAll(async () => {
    const { app } = fresh.current;
    const [organizer, ...runners] = await insertSignedInUsers(fresh.current, 4);
    for (const [name, race] of Object.entries(RACES)) {
      const marathon = await createMarathon(app, organizer!, {
        window: 'window' in race ? race.window : 'open',
        startDate: fromNow(race.startsInDays * DAY_MS),
      });
      for (const runner of runners.slice(0, race.registrations)) await register(app, runner, marathon._id);
      byName[name as RaceName] = marathon;
    }
    // The most registrations of all, but the race has started: moved into the past after registering.
    const started = await createMarathon(app, organizer!);
    for (const runner of runners) await register(app, runner, started._id);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/marathons/${started._id}`,
      headers: bearerHeaders(organizer!.token),
      payload: {
        startRegDate: fromNow(-30 * DAY_MS),
        endRegDate: fromNow(-20 * DAY_MS),
        startDate: fromNow(-DAY_MS),
      },
    });
    expect(moved.statusCode).toBe(200);
    byName.startedPopular = moved.json().marathon;
  });
  const getFresh = (url: string) => fresh.current.app.inject({ method: 'GET', url });
  const idsOf = (...names: RaceName[]) => names.map((name) => byName[name]._id);

  it(`features at most ${FEATURED_MARATHONS_LIMIT} races not started: most registrations, then soonest`, async () => {
    const response = await getFresh('/api/marathons/featured');

    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(
      idsOf(
        'soonPopular',
        'laterPopular',
        'oneRunner',
        'in3',
        'in5',
        'in7',
        'in15RegistrationClosed',
        'in25',
      ),
    );
    expect(response.json<Marathon[]>().map((marathon) => marathon.totalRegistrationCount)).toEqual([
      2, 2, 1, 0, 0, 0, 0, 0,
    ]);
  });

  const upcomingOrder: RaceName[] = [
    'in3',
    'in5',
    'in7',
    'soonPopular',
    'in15RegistrationClosed',
    'laterPopular',
    'in25',
    'in35',
    'oneRunner',
    'in45',
  ];

  it('lists upcoming races soonest first, without started ones, with X-Total-Count', async () => {
    const response = await getFresh('/api/upcoming-marathons');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(upcomingOrder.length));
    expect(ids(response.json())).toEqual(idsOf(...upcomingOrder));
    expect(response.json()[0]).toEqual(byName.in3);
  });

  it('pages the upcoming races', async () => {
    const response = await getFresh('/api/upcoming-marathons?page=2&limit=4');

    expect(ids(response.json())).toEqual(idsOf(...upcomingOrder.slice(4, 8)));
    expect(response.headers['x-total-count']).toBe(String(upcomingOrder.length));
  });

  it.each([
    ['page=0', 'page'],
    ['limit=101', 'limit'],
  ])('answers 400 for upcoming ?%s naming %s', async (query, field) => {
    const response = await getFresh(`/api/upcoming-marathons?${query}`);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });

  it('still lists the started race among all marathons and by id', async () => {
    const all = await getFresh(`/api/marathons?limit=${PAGE_LIMITS.max}`);

    expect(ids(all.json())).toContain(byName.startedPopular._id);
    expect(all.headers['x-total-count']).toBe(String(Object.keys(byName).length));
    expect((await getMarathon(fresh.current.app, byName.startedPopular._id))?.totalRegistrationCount).toBe(3);
  });
});
