import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { createKeyedBatcher } from '../../lib/keyed-batcher.js';
import { sessions, users } from '../../db/schema/index.js';

/** better-auth's cookie names (`__Secure-` prefixed over https). */
export type SessionCookieNames = { sessionToken: string; dontRemember: string };

export type SessionRecord = {
  user: typeof users.$inferSelect;
  expiresAt: Date;
};

/**
 * better-auth's session token, as this request presents it in the everyday shapes: a bearer token, raw
 * (`<token>`) or signed (`<token>.<signature>`, possibly percent-encoded), or the signed session cookie.
 * Anything else (a bad signature, a doubled cookie, `dont_remember`) is `undefined`: better-auth itself
 * decides those, so this shortcut can never accept what better-auth would refuse.
 */
export function readSessionToken(
  request: FastifyRequest,
  { secret, cookieNames, bearer }: { secret: string; cookieNames: SessionCookieNames; bearer: boolean },
): string | undefined {
  if (bearer) {
    const header = request.headers.authorization!;
    if (header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
    const credential = header.slice(7).trim();
    if (RAW_TOKEN.test(credential)) return credential;
    return verifiedToken(decodePercent(credential), secret);
  }
  const cookies = (request.headers.cookie ?? '').split(';').map((pair) => pair.trim());
  if (cookies.some((pair) => pair.startsWith(`${cookieNames.dontRemember}=`))) return undefined;
  const prefix = `${cookieNames.sessionToken}=`;
  const values = cookies.filter((pair) => pair.startsWith(prefix));
  if (values.length !== 1) return undefined;
  return verifiedToken(decodePercent(values[0]!.slice(prefix.length)), secret);
}

/** Tokens better-auth hands out are 32 letters and digits; a raw one is signed by the bearer plugin itself. */
const RAW_TOKEN = /^[A-Za-z0-9]{16,128}$/;
/** `<token>.<base64 HMAC-SHA256 of the token>`: the form better-call's signed cookies take. */
const SIGNED_TOKEN = /^([A-Za-z0-9]{16,128})\.([A-Za-z0-9+/]{43}=)$/;

function decodePercent(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function verifiedToken(signedToken: string, secret: string): string | undefined {
  const match = SIGNED_TOKEN.exec(signedToken);
  if (!match) return undefined;
  const [, token, signature] = match;
  const expected = createHmac('sha256', secret).update(token!).digest();
  const given = Buffer.from(signature!, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/** Sessions and their users for these tokens, in one indexed lookup (`sessions.token` is unique), in their order. */
export async function findSessionsByTokens(
  db: Database,
  tokens: readonly string[],
): Promise<Array<SessionRecord | null>> {
  const rows = await db
    .select({ token: sessions.token, user: getTableColumns(users), expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.token, [...new Set(tokens)]));
  const byToken = new Map(rows.map(({ token, ...session }) => [token, session]));
  return tokens.map((token) => byToken.get(token) ?? null);
}

/** The most sessions read by one statement. */
const SESSION_BATCH_LIMIT = 100;

/**
 * Reads sessions by token. A lookup while none runs goes at once, alone; the lookups that arrive meanwhile go
 * together in the next statement, so a burst of signed-in requests costs one query per batch, not one each.
 */
export function createSessionReader(db: Database) {
  const batcher = createKeyedBatcher<string, SessionRecord | null>(
    (_key, tokens) => findSessionsByTokens(db, tokens),
    { maxBatch: SESSION_BATCH_LIMIT },
  );
  return (token: string) => batcher.submit('sessions', token);
}

/**
 * Whether better-auth would do more than read this session: delete it (expired) or push its expiry on (the
 * refresh due once `updateAge` has passed since the last one). Those requests go through better-auth.
 */
export function needsBetterAuth(
  session: { expiresAt: Date },
  { expiresInSeconds, updateAgeSeconds }: { expiresInSeconds: number; updateAgeSeconds: number },
  now = Date.now(),
): boolean {
  const expiresAt = session.expiresAt.getTime();
  return expiresAt <= now || expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= now;
}
