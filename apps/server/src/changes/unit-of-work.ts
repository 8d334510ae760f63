import type { Database } from '../db/client.js';
import type { Executor } from '../db/transaction.js';
import type { ChangeFeed, DataChange } from './change-feed.js';

/** Notes a change that the unit of work publishes once the write has committed. */
export type RecordChange = (change: DataChange) => void;

/**
 * The one way services write: the work runs on the database (in a transaction, or as one self-committing
 * statement) and records what it changed; only once that has committed do the changes reach the feed, and with
 * it the caches (later: mail and other processes). A rolled-back write publishes nothing.
 */
export function createUnitOfWork(db: Database, feed: ChangeFeed) {
  async function run<T>(work: (record: RecordChange) => Promise<T>): Promise<T> {
    const changes: DataChange[] = [];
    const result = await work((change) => changes.push(change));
    feed.publish(changes);
    return result;
  }
  return {
    /** `work` in one transaction. */
    transaction<T>(work: (tx: Executor, record: RecordChange) => Promise<T>): Promise<T> {
      return run((record) => db.transaction((tx) => work(tx, record)));
    },
    /** `work` whose statements each commit by themselves (one write, then reads): no BEGIN/COMMIT round trips. */
    autocommit<T>(work: (db: Executor, record: RecordChange) => Promise<T>): Promise<T> {
      return run((record) => work(db, record));
    },
  };
}

export type UnitOfWork = ReturnType<typeof createUnitOfWork>;
