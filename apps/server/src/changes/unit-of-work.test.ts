import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../testing/test-database.js';
import { type DataChange, createChangeFeed } from './change-feed.js';
import { createUnitOfWork } from './unit-of-work.js';

describe('createUnitOfWork', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table scratch (n int)`);
  });
  afterAll(() => database?.close());

  /** A unit of work whose feed records what it publishes and how many rows were committed at that moment. */
  function observed() {
    const feed = createChangeFeed();
    const published: Array<{ change: DataChange; committedRows: Promise<number> }> = [];
    feed.subscribe((change) => {
      published.push({ change, committedRows: countRows() });
    });
    return { unitOfWork: createUnitOfWork(database.db, feed), published };
  }
  const countRows = async () => {
    const result = await database.db.execute(sql`select count(*)::int as n from scratch`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  };
  const change: DataChange = { kind: 'registration', raceId: 'race-1', runnerId: 'runner-1' };

  it('publishes what a transaction recorded once it has committed', async () => {
    const { unitOfWork, published } = observed();
    const before = await countRows();

    const result = await unitOfWork.transaction(async (tx, record) => {
      await tx.execute(sql`insert into scratch values (1)`);
      record(change);
      expect(published).toEqual([]); // not before the commit
      return 'done';
    });

    expect(result).toBe('done');
    expect(published.map((entry) => entry.change)).toEqual([change]);
    expect(await published[0]!.committedRows).toBe(before + 1);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const { unitOfWork, published } = observed();
    const before = await countRows();

    const attempt = unitOfWork.transaction(async (tx, record) => {
      await tx.execute(sql`insert into scratch values (2)`);
      record(change);
      throw new Error('refused');
    });

    await expect(attempt).rejects.toThrow('refused');
    expect(published).toEqual([]);
    expect(await countRows()).toBe(before);
  });

  it('publishes after self-committing statements, and nothing when one fails', async () => {
    const { unitOfWork, published } = observed();

    await unitOfWork.autocommit(async (db, record) => {
      await db.execute(sql`insert into scratch values (3)`);
      record(change);
    });
    await expect(
      unitOfWork.autocommit(async (db, record) => {
        record(change);
        await db.execute(sql`insert into no_such_table values (4)`);
      }),
    ).rejects.toThrow();

    expect(published.map((entry) => entry.change)).toEqual([change]);
  });
});
