import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/marathon-fixtures.js';
import { signIn } from '../testing/test-app.js';
import { DEMO_ORGANIZER, seedDemoData } from './demo-data.js';
import { marathons } from '../db/schema/index.js';

describe('seedDemoData', () => {
  const testApp = useTestApp();

  it('fills an empty database once: an organizer who can sign in and races in every state', async () => {
    const { app, database } = testApp.current;
    const now = new Date();
    expect(await seedDemoData(database.db, app.auth, now)).toBe(true);
    expect(await seedDemoData(database.db, app.auth, now)).toBe(false);

    const [row] = await database.db.select({ total: count() }).from(marathons);
    expect(row?.total).toBe(12);

    const organizer = await signIn(app, { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password });
    const mine = await app.inject({
      url: '/api/my-marathons',
      headers: { authorization: `Bearer ${organizer.token}` },
    });
    const races = mine.json<
      Array<{
        title: string;
        distance: string;
        startRegDate: string;
        endRegDate: string;
        startDate: string;
        image: string;
        capacity: number | null;
      }>
    >();
    expect(races).toHaveLength(12);

    const at = (iso: string) => new Date(iso).getTime();
    const open = races.filter(
      (race) => at(race.startRegDate) <= now.getTime() && now.getTime() <= at(race.endRegDate),
    );
    const notYetOpen = races.filter((race) => at(race.startRegDate) > now.getTime());
    const closedUpcoming = races.filter(
      (race) => at(race.endRegDate) < now.getTime() && at(race.startDate) > now.getTime(),
    );
    const alreadyRun = races.filter((race) => at(race.startDate) < now.getTime());
    expect(open.length).toBeGreaterThan(0);
    expect(notYetOpen.length).toBeGreaterThan(0);
    expect(closedUpcoming.length).toBeGreaterThan(0);
    expect(alreadyRun.length).toBeGreaterThan(0);
    expect(races.every((race) => race.image.startsWith('/images/marathons/'))).toBe(true);
    expect(races.filter((race) => race.capacity !== null).length).toBeGreaterThan(0);
    const distanceOf = (title: string) => races.find((race) => race.title === title)?.distance;
    expect(distanceOf('Capital City Marathon')).toBe('42.2k');
    expect(distanceOf('Riverside Spring Marathon')).toBe('42.2k');
    expect(distanceOf('Autumn Leaves Half Marathon')).toBe('21.1k');
    expect(new Set(races.map((race) => race.distance)).size).toBeGreaterThanOrEqual(6);
  });
});
