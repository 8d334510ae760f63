import type { Database } from './client.js';

/** The database or an open transaction: repositories run on either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
