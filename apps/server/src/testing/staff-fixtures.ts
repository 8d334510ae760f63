import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffMember, StaffRole } from '@stride/shared';
import type { App } from '../app.js';
import { type Database, rowsOf } from '../db/client.js';
import type { Actor } from './marathon-fixtures.js';
import { type AuthUser, bearerHeaders } from './test-app.js';

/** The organizer invites `email` onto the race's team (POST /api/marathons/:id/staff). */
export function inviteToTeam(app: App, organizer: Actor, raceId: string, email: string, role: StaffRole) {
  return app.inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/staff`,
    headers: bearerHeaders(organizer.token),
    payload: { email, role },
  });
}

/** `actor` answers the invitation `staffId` (accept or decline) with `token`, or with no token at all. */
export function answerInvitation(
  app: App,
  actor: Actor,
  staffId: string,
  answer: 'accept' | 'decline',
  token?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/${answer}`,
    headers: bearerHeaders(actor.token),
    payload: token === undefined ? {} : { token },
  });
}

/** The token of the newest invitation mail queued for `email`: what its link carries. */
export async function invitationTokenFor(db: Database, email: string): Promise<string> {
  const [row] = rowsOf<{ token: string }>(
    await db.execute(sql`
      select payload ->> 'token' as token from mail_outbox
      where recipient = ${email} and payload ->> 'kind' = 'staff-invited'
      order by created_at desc, id desc limit 1`),
  );
  if (!row) throw new Error(`No invitation mail for ${email}`);
  return row.token;
}

function expectStatus<T>(response: LightMyRequestResponse, status: number, what: string): T {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return response.json<T>();
}

/**
 * Puts `member` on the race's team as `role` through the API: the organizer invites them, and they accept with
 * the mailed token. Answers the active member.
 */
export async function joinTeam(
  { app, database }: { app: App; database: { db: Database } },
  organizer: Actor,
  member: Actor & { user: Pick<AuthUser, 'email'> },
  raceId: string,
  role: StaffRole,
): Promise<StaffMember> {
  const invited = expectStatus<StaffMember>(
    await inviteToTeam(app, organizer, raceId, member.user.email, role),
    201,
    'Inviting',
  );
  const token = await invitationTokenFor(database.db, member.user.email.toLowerCase());
  return expectStatus<StaffMember>(
    await answerInvitation(app, member, invited._id, 'accept', token),
    200,
    'Accepting',
  );
}

/** The organizer ends `staffId`'s membership (DELETE /api/marathons/:id/staff/:staffId). */
export function removeFromTeam(app: App, organizer: Actor, raceId: string, staffId: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/marathons/${raceId}/staff/${staffId}`,
    headers: bearerHeaders(organizer.token),
  });
}
