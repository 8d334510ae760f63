import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/marathon-fixtures.js';
import { signIn } from '../testing/test-app.js';
import { bulkSeed } from './bulk-seed.js';
import { marathons, registrations } from '../db/schema/index.js';

describe('bulkSeed', () => {
  const testApp = useTestApp();

  it('adds exactly the rows asked for, with every count equal to its rows and valid date windows', async () => {
    const { app, database } = testApp.current;
    const result = await bulkSeed(database.db, {
      marathons: 50,
      registrations: 400,
      users: 40,
      password: 'SeedRunner1',
    });

    const [races] = await database.db.select({ total: count() }).from(marathons);
    const [entries] = await database.db.select({ total: count() }).from(registrations);
    expect(races?.total).toBe(50);
    expect(entries?.total).toBe(400);

    const [mismatched] = await database.db
      .select({ total: count() })
      .from(marathons)
      .where(
        sql`${marathons.totalRegistrationCount} <> (select count(*) from ${registrations} where ${eq(registrations.marathonId, marathons.id)})`,
      );
    expect(mismatched?.total).toBe(0);
    const [badWindows] = await database.db
      .select({ total: count() })
      .from(marathons)
      .where(
        sql`${marathons.startRegDate} > ${marathons.endRegDate} or ${marathons.endRegDate} > ${marathons.startDate}`,
      );
    expect(badWindows?.total).toBe(0);

    // Seeded runners can sign in, which load tests rely on.
    await signIn(app, { email: `runner1.${result.runId}@seed.example.org`, password: 'SeedRunner1' });
  });

  it('refuses more registrations than distinct (race, runner) pairs allow', async () => {
    await expect(
      bulkSeed(testApp.current.database.db, {
        marathons: 2,
        registrations: 5,
        users: 2,
        password: 'SeedRunner1',
      }),
    ).rejects.toThrow(/allow 4/);
  });
});
