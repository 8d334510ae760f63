import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { marathons, registrations } from '../../db/schema/index.js';
import {
  MISSING_ID,
  createMarathon,
  findMyRegistrations,
  getMarathon,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { bearerHeaders, buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestDatabase } from '../../testing/test-database.js';

/** A write the app does not hear of, as another server process on the same database would make it. */
const setCountBehindTheAppsBack = (database: DatabaseHandle, id: string, count: number) =>
  database.db.update(marathons).set({ totalRegistrationCount: count }).where(eq(marathons.id, id));

describe('public reads kept in memory (READ_CACHE)', () => {
  let database: DatabaseHandle;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    await database?.close();
  });

  async function raceOnApp(readCache: boolean, maxBytes = 2 ** 24) {
    const testApp = await buildTestApp({ database, config: { readCache: { enabled: readCache, maxBytes } } });
    apps.push(testApp);
    const [organizer] = await insertSignedInUsers(testApp, 1);
    const race = await createMarathon(testApp.app, organizer!);
    expect((await getMarathon(testApp.app, race._id))!.totalRegistrationCount).toBe(0);
    return { app: testApp.app, race, organizer: organizer! };
  }

  const countsInWholeList = async (app: TestApp['app'], organizer: { token: string }) => {
    const response = await app.inject({ url: '/api/my-marathons', headers: bearerHeaders(organizer.token) });
    return response
      .json<Array<{ totalRegistrationCount: number }>>()
      .map((race) => race.totalRegistrationCount);
  };

  it("on: an organizer's whole list read again comes from memory, unless it is larger than READ_CACHE_MB", async () => {
    const kept = await raceOnApp(true);
    const tooLarge = await raceOnApp(true, 100);
    expect(await countsInWholeList(kept.app, kept.organizer)).toEqual([0]);
    expect(await countsInWholeList(tooLarge.app, tooLarge.organizer)).toEqual([0]);
    await setCountBehindTheAppsBack(database, kept.race._id, 7);
    await setCountBehindTheAppsBack(database, tooLarge.race._id, 7);

    expect(await countsInWholeList(kept.app, kept.organizer)).toEqual([0]);
    expect(await countsInWholeList(tooLarge.app, tooLarge.organizer)).toEqual([7]);
  });

  it('on (the default): a race read again within 2 s comes from memory', async () => {
    const { app, race } = await raceOnApp(true);
    await setCountBehindTheAppsBack(database, race._id, 7);
    expect((await getMarathon(app, race._id))!.totalRegistrationCount).toBe(0);
  });

  it('off: every read asks the database', async () => {
    const { app, race } = await raceOnApp(false);
    await setCountBehindTheAppsBack(database, race._id, 7);
    expect((await getMarathon(app, race._id))!.totalRegistrationCount).toBe(7);
  });
});

describe("this server's writes drop exactly the cached reads they touch", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { readCache: { enabled: true, maxBytes: 2 ** 24 } } });
  });
  afterAll(() => testApp?.close());

  /** Renames every registration's runner in the database without the app hearing of it. */
  const renameRunnersBehindTheAppsBack = () =>
    testApp.database.db.update(registrations).set({ firstName: 'Changed' });
  const firstNamesIn = async (runner: Awaited<ReturnType<typeof insertSignedInUsers>>[number]) =>
    (await findMyRegistrations(testApp.app, runner)).map((entry) => entry.firstName);

  it("renaming a race drops that race and its registrants' lists, and no one else's", async () => {
    const [organizer, runnerOfRenamed, runnerOfOther] = await insertSignedInUsers(testApp, 3);
    const renamed = await createMarathon(testApp.app, organizer!);
    const other = await createMarathon(testApp.app, organizer!);
    await register(testApp.app, runnerOfRenamed!, renamed._id, { firstName: 'Ada' });
    await register(testApp.app, runnerOfOther!, other._id, { firstName: 'Bo' });
    // Both lists and both races are read, and so kept.
    expect(await firstNamesIn(runnerOfRenamed!)).toEqual(['Ada']);
    expect(await firstNamesIn(runnerOfOther!)).toEqual(['Bo']);
    expect((await getMarathon(testApp.app, other._id))!.totalRegistrationCount).toBe(1);
    await renameRunnersBehindTheAppsBack();
    await setCountBehindTheAppsBack(testApp.database, renamed._id, 7);
    await setCountBehindTheAppsBack(testApp.database, other._id, 7);

    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${renamed._id}`,
      headers: bearerHeaders(organizer!.token),
      payload: { title: 'Renamed Marathon' },
    });

    expect(response.statusCode).toBe(200);
    expect(await findMyRegistrations(testApp.app, runnerOfRenamed!)).toEqual([
      expect.objectContaining({ marathonTitle: 'Renamed Marathon', firstName: 'Changed' }),
    ]);
    expect(await firstNamesIn(runnerOfOther!)).toEqual(['Bo']); // still the kept list
    expect((await getMarathon(testApp.app, renamed._id))!.totalRegistrationCount).toBe(7);
    expect((await getMarathon(testApp.app, other._id))!.totalRegistrationCount).toBe(1); // still kept
  });

  it("a registration in an organizer's race drops the organizer's kept whole list", async () => {
    const [organizer, runner] = await insertSignedInUsers(testApp, 2);
    const race = await createMarathon(testApp.app, organizer!);
    const wholeList = async () => {
      const response = await testApp.app.inject({
        url: '/api/my-marathons',
        headers: bearerHeaders(organizer!.token),
      });
      return response.json<Array<{ totalRegistrationCount: number }>>();
    };
    expect(await wholeList()).toEqual([expect.objectContaining({ totalRegistrationCount: 0 })]);

    await register(testApp.app, runner!, race._id);

    expect(await wholeList()).toEqual([expect.objectContaining({ totalRegistrationCount: 1 })]);
  });

  it("a registration drops its runner's list and its race, and no other runner's list", async () => {
    const [organizer, runner, bystander] = await insertSignedInUsers(testApp, 3);
    const race = await createMarathon(testApp.app, organizer!);
    const bystandersRace = await createMarathon(testApp.app, organizer!);
    await register(testApp.app, bystander!, bystandersRace._id, { firstName: 'Bo' });
    expect(await firstNamesIn(runner!)).toEqual([]);
    expect(await firstNamesIn(bystander!)).toEqual(['Bo']);
    expect((await getMarathon(testApp.app, race._id))!.totalRegistrationCount).toBe(0);
    await renameRunnersBehindTheAppsBack();

    await register(testApp.app, runner!, race._id, { firstName: 'Ada' });

    expect(await firstNamesIn(runner!)).toEqual(['Ada']);
    expect(await firstNamesIn(bystander!)).toEqual(['Bo']);
    expect((await getMarathon(testApp.app, race._id))!.totalRegistrationCount).toBe(1);
  });
});

describe('race pages read at once', () => {
  const main = useTestApp();

  it('a race page (JSON written by the database) is the race as a schema-serialised page has it', async () => {
    const [organizer] = await insertSignedInUsers(main.current, 1);
    const race = await createMarathon(main.current.app, organizer!, {
      title: 'Field "for" field',
      capacity: 5,
    });
    const page = await main.current.app.inject({
      url: '/api/my-marathons?page=1&limit=1',
      headers: bearerHeaders(organizer!.token),
    });

    const answer = await main.current.app.inject({ url: `/api/marathons/${race._id}` });

    expect(answer.json()).toEqual(page.json<unknown[]>()[0]);
    expect(answer.json()).toEqual(race);
  });

  it('each answer is its own race, read together; an unknown id among them is still a 404', async () => {
    const [organizer] = await insertSignedInUsers(main.current, 1);
    const races = [];
    for (let n = 0; n < 12; n++) {
      races.push(await createMarathon(main.current.app, organizer!, { title: `Batch Race ${n}` }));
    }
    const ids = [...races.map((race) => race._id), MISSING_ID, races[3]!._id];

    const answers = await Promise.all(
      ids.map((id) => main.current.app.inject({ url: `/api/marathons/${id}` })),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([...races.map(() => 200), 404, 200]);
    expect(
      answers.map((answer) => (answer.statusCode === 200 ? answer.json<{ title: string }>().title : null)),
    ).toEqual([...races.map((race) => race.title), null, races[3]!.title]);
  });
});
