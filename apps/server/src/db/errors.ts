/** PostgreSQL's SQLSTATE for a foreign-key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, looked for through the causes Drizzle wraps it in. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A row referred to a row that is gone: e.g. a registration for a race deleted while it was being written. */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === FOREIGN_KEY_VIOLATION;
