import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { marathons } from '../../db/schema/index.js';
import { createMarathon, getMarathon, insertSignedInUsers } from '../../testing/marathon-fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
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

  async function raceOnApp(readCache: boolean) {
    const testApp = await buildTestApp({ database, config: { readCache } });
    apps.push(testApp);
    const [organizer] = await insertSignedInUsers(testApp, 1);
    const race = await createMarathon(testApp.app, organizer!);
    expect((await getMarathon(testApp.app, race._id))!.totalRegistrationCount).toBe(0);
    return { app: testApp.app, race };
  }

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
