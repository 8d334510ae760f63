/** PostgreSQL's SQLSTATEs for the errors we answer for. */
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const INSUFFICIENT_PRIVILEGE = '42501';

/** The database error itself (SQLSTATE, constraint), found through the causes Drizzle wraps it in. */
function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' && { constraint }) };
    }
  }
  return undefined;
}

/** A row referred to a row that is gone: e.g. a registration for a race deleted while it was being written. */
export const isForeignKeyViolation = (error: unknown) => databaseError(error)?.code === FOREIGN_KEY_VIOLATION;

/** A write met the named unique constraint: e.g. the same runner entering a race twice at the same moment. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = databaseError(error);
  return found?.code === UNIQUE_VIOLATION && found.constraint === constraint;
}

/** A row written failed the named check constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const found = databaseError(error);
  return found?.code === CHECK_VIOLATION && found.constraint === constraint;
}

/** The role may not do that: e.g. set a superuser's parameter, or alter a table it does not own. */
export const isInsufficientPrivilege = (error: unknown) =>
  databaseError(error)?.code === INSUFFICIENT_PRIVILEGE;
