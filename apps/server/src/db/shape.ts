import { type SQL, sql } from 'drizzle-orm';

/**
 * An object of the API (or of a mail) as SQL, each key once, with the expression that computes it from the
 * statement's row aliases (`race`, `creator`, `registration`, `runner`: each shape says which). From that one
 * table come the three ways a statement returns the object:
 * - `columns`: `expression as "key", …`, a select list whose rows are the object itself (dates written as the
 *   API writes them, so no row mapper runs in JavaScript);
 * - `json`: the object as JSON text PostgreSQL writes, for answers sent as they are read;
 * - `jsonb`: the object as jsonb, for payloads built inside a statement (the outbox's mails).
 * A field is added to the zod schema, its column, and one line of its shape; the type parameter makes the
 * compiler ask for that line.
 */
export function defineShape<T extends object>(fields: { [K in keyof T]-?: SQL }): Shape<T> {
  const entries = Object.entries(fields) as Array<[string, SQL]>;
  const columns = sql.join(
    entries.map(([key, expression]) => sql`${expression} as ${sql.raw(quoted(key))}`),
    sql`, `,
  );
  return {
    /**
     * The same shape where a statement knows some keys better than the shape's expressions (the entry statement's
     * places in line, counted with the runners it enters itself).
     */
    with: (overrides: Partial<{ [K in keyof T]: SQL }>) => defineShape<T>({ ...fields, ...overrides }),
    columns,
    json: sql`(select row_to_json(item) from (select ${columns}) as item)::text`,
    jsonb: sql`jsonb_build_object(${sql.join(
      entries.map(([key, expression]) => sql`${sql.raw(`'${key}'`)}, ${expression}`),
      sql`, `,
    )})`,
  };
}

export type Shape<T extends object> = {
  with: (overrides: Partial<{ [K in keyof T]: SQL }>) => Shape<T>;
  columns: SQL;
  json: SQL;
  jsonb: SQL;
};

/** A key as an SQL identifier; keys are ours (letters, digits, `_`), never input. */
function quoted(key: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`Not a shape key: ${key}`);
  return `"${key}"`;
}
