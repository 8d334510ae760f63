import { type SQL, sql } from 'drizzle-orm';

/** An instant as the API writes it (JavaScript's `toISOString()`: UTC, milliseconds, `Z`). */
export const isoInstant = (column: SQL | unknown) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
