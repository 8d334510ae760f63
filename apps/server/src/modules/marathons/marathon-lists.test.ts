import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { marathons, users } from '../../db/schema/index.js';
import { DAY_MS } from '../../testing/marathon-fixtures.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { createMarathonLists } from './marathon-lists.js';
import { createMarathonsRepository, type MarathonList } from './marathons.repository.js';

const RACES = 95;
const NOW = new Date('2026-06-01T12:00:00.000Z');
const ORGANIZER = 'lists-organizer';

/** The list by the book: a plain OFFSET over the whole ordered list, and count(*). */
async function referencePage(database: DatabaseHandle, list: MarathonList, page: number, limit: number) {
  const order =
    list === 'newest'
      ? sql`created_at desc, id desc`
      : list === 'oldest'
        ? sql`created_at, id`
        : sql`start_date, id`;
  const where = list === 'upcoming' ? sql`where start_date > ${NOW.toISOString()}::timestamptz` : sql``;
  const rows = await database.db.execute(
    sql`select id, count(*) over ()::int as total from marathons ${where} order by ${order} limit ${limit} offset ${(page - 1) * limit}`,
  );
  return (rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

async function addRace(database: DatabaseHandle, n: number, startInDays: number) {
  const start = new Date(NOW.getTime() + startInDays * DAY_MS);
  await database.db.insert(marathons).values({
    title: `Race ${n}`,
    startRegDate: new Date(start.getTime() - 20 * DAY_MS),
    endRegDate: new Date(start.getTime() - DAY_MS),
    startDate: start,
    location: 'Berlin',
    distance: '10k',
    description: 'A race.',
    image: 'https://example.com/poster.jpg',
    creatorId: ORGANIZER,
    // Microseconds on purpose: page boundaries must not lose them on the way through JavaScript.
    createdAt: sql`${NOW.toISOString()}::timestamptz - make_interval(secs => ${RACES - n} + 0.000123)`,
  });
}

describe('the public lists, paged from remembered positions', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values({ id: ORGANIZER, name: 'Organizer', email: 'lists@example.com' });
    // Start dates repeat (every 7th race on the same day), so ties are broken by id.
    for (let n = 0; n < RACES; n++) await addRace(database, n, (n % 7) * 3 - 6);
  });
  afterAll(() => database?.close());

  const lists = () =>
    createMarathonLists(createMarathonsRepository(database.db), { anchorSpacing: 10, now: () => NOW });

  for (const list of ['newest', 'oldest', 'upcoming'] as const) {
    it(`every page of '${list}' holds exactly the rows an OFFSET query gives, with the exact total`, async () => {
      const paged = lists();
      const [expectedTotal] = (
        (await database.db.execute(
          list === 'upcoming'
            ? sql`select count(*)::int as n from marathons where start_date > ${NOW.toISOString()}::timestamptz`
            : sql`select count(*)::int as n from marathons`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      for (const limit of [1, 4, 12]) {
        for (let page = 1; page <= Math.ceil(RACES / limit) + 1; page++) {
          const { items, total } = await paged.page(list, { page, limit });
          expect(total).toBe(expectedTotal!.n);
          expect(items.map((race) => race._id)).toEqual(await referencePage(database, list, page, limit));
        }
      }
    });
  }

  it('takes one snapshot for many pages, and a new one after a change on this server or when it is old', async () => {
    let clock = NOW.getTime();
    const repository = createMarathonsRepository(database.db);
    const findListAnchors = vi.spyOn(repository, 'findListAnchors');
    const paged = createMarathonLists(repository, {
      anchorSpacing: 10,
      maxAgeMs: 5_000,
      now: () => new Date(clock),
    });

    await Promise.all([1, 2, 3, 4].map((page) => paged.page('newest', { page, limit: 12 })));
    expect(findListAnchors).toHaveBeenCalledTimes(1);

    await addRace(database, RACES, 30);
    expect((await paged.page('newest', { page: 1, limit: 1 })).total).toBe(RACES); // not seen yet: same snapshot
    paged.invalidate();
    const { items, total } = await paged.page('newest', { page: 1, limit: 1 });
    expect(total).toBe(RACES + 1);
    expect(items[0]!.title).toBe(`Race ${RACES}`);
    expect(findListAnchors).toHaveBeenCalledTimes(2);

    clock += 5_000;
    await paged.page('newest', { page: 1, limit: 1 });
    expect(findListAnchors).toHaveBeenCalledTimes(3);
  });

  it('retakes the upcoming snapshot once its soonest race has started', async () => {
    const soonestStart = NOW.getTime() + 3 * DAY_MS; // races with n % 7 === 3
    let clock = NOW.getTime();
    const repository = createMarathonsRepository(database.db);
    const findListAnchors = vi.spyOn(repository, 'findListAnchors');
    const paged = createMarathonLists(repository, { maxAgeMs: 10 * DAY_MS, now: () => new Date(clock) });

    const before = await paged.page('upcoming', { page: 1, limit: 100 });
    clock = soonestStart - 1;
    expect((await paged.page('upcoming', { page: 1, limit: 100 })).total).toBe(before.total);
    expect(findListAnchors).toHaveBeenCalledTimes(1);

    clock = soonestStart;
    const after = await paged.page('upcoming', { page: 1, limit: 100 });
    expect(findListAnchors).toHaveBeenCalledTimes(2);
    expect(after.total).toBeLessThan(before.total);
    expect(after.items.every((race) => Date.parse(race.startDate) > soonestStart)).toBe(true);
  });
});
