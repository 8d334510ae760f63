import type { Database } from './client.js';

/** The database or an open transaction: repositories run on either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * `work` in a read-only transaction that sees one snapshot throughout (repeatable read): several statements read
 * as one would.
 */
export function inOneSnapshot<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
