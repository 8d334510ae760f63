import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './transaction.js';

const dialect = new PgDialect();

/**
 * A statement built once and run by name with new values (`sql.placeholder('name')` marks them): the database
 * parses and plans it once per connection, then reuses the plan. For hot reads whose planning would cost as much
 * as running them, written so that one plan suits every value. The name is the text's hash, so two statements
 * never share one.
 */
export function preparedStatement<Row>(statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = `stride_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
