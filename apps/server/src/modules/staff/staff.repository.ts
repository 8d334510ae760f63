import { sql } from 'drizzle-orm';
import type { StaffInvitation, StaffMember, StaffRole } from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import { isoInstant } from '../../db/json-text.js';
import { defineShape } from '../../db/shape.js';
import type { Executor } from '../../db/transaction.js';
import { RACE_FACTS } from '../../mail/fact-shapes.js';
import type { RaceFacts } from '../../mail/mail-payloads.js';

/** A member of a race's team as the API answers it, from a race_staff row `staff` and its user `member` (if any). */
const MEMBER = defineShape<StaffMember>({
  _id: sql`staff.id`,
  email: sql`staff.email`,
  role: sql`staff.role`,
  status: sql`staff.status`,
  name: sql`member.name`,
  invitedAt: isoInstant(sql`staff.invited_at`),
  acceptedAt: isoInstant(sql`staff.accepted_at`),
});

/** Members of `rows` (a race_staff row set aliased `staff`: the table, or what a write returned), with their names. */
const membersOf = (rows: unknown) => sql`
  select ${MEMBER.columns} from ${rows} staff left join users member on member.id = staff.user_id`;

/** An invitation waiting for its invitee, from a race_staff row `staff`, its race `race` and organizer `organizer`. */
const INVITATION = defineShape<StaffInvitation>({
  _id: sql`staff.id`,
  role: sql`staff.role`,
  invitedAt: isoInstant(sql`staff.invited_at`),
  marathonId: sql`race.id`,
  marathonTitle: sql`race.title`,
  marathonDate: isoInstant(sql`race.start_date`),
  marathonTimeZone: sql`race.time_zone`,
  organizerName: sql`organizer.name`,
});

/** The invitation of this id still waiting, for the signed-in invitee only: their address and the mailed token. */
const heldInvitation = ({ staffId, tokenHash, userId }: InvitationKey) => sql`
  staff.id = ${staffId} and staff.status = 'invited' and staff.token_hash = ${tokenHash}
  and staff.email = (select lower(email) from users where id = ${userId})`;

/** What identifies an invitation to its invitee: its id, the SHA-256 of the mailed token, who is signed in. */
export type InvitationKey = { staffId: string; tokenHash: string; userId: string };

/** A race as the team's calls need it: who organizes it, and (for an invitation's mail) its facts and organizer. */
export type TeamRace = {
  id: string;
  creatorId: string;
  organizerEmail: string;
  organizerName: string;
  facts: RaceFacts;
};

/** The race's team, the invitations to a user, the races a user helps with: the staff module's only queries. */
export function createStaffRepository(db: Executor) {
  return {
    /** The race and its organizer; `lock`: its row locked for the rest of the transaction (invites go one by one). */
    async findRace(raceId: string, { lock = false } = {}): Promise<TeamRace | null> {
      const [row] = rowsOf<TeamRace>(
        await db.execute(sql`
          select race.id, race.creator_id as "creatorId", organizer.email as "organizerEmail",
            organizer.name as "organizerName", ${RACE_FACTS.jsonb} as facts
          from marathons race join users organizer on organizer.id = race.creator_id
          where race.id = ${raceId}
          ${lock ? sql`for update of race` : sql``}`),
      );
      return row ?? null;
    },

    /** How many the team holds (invited or active), and whether `email` is one of them. */
    async findTeamSize(raceId: string, email: string): Promise<{ size: number; hasEmail: boolean }> {
      const [row] = rowsOf<{ size: number; hasEmail: boolean }>(
        await db.execute(sql`
          select count(*)::int as size, coalesce(bool_or(email = ${email}), false) as "hasEmail"
          from race_staff where marathon_id = ${raceId}`),
      );
      return row!;
    },

    async insertMember(values: {
      raceId: string;
      email: string;
      role: StaffRole;
      tokenHash: string;
    }): Promise<StaffMember> {
      const [member] = rowsOf<StaffMember>(
        await db.execute(sql`
          with added as (
            insert into race_staff (marathon_id, email, role, token_hash)
            values (${values.raceId}, ${values.email}, ${values.role}, ${values.tokenHash})
            returning *)
          ${membersOf(sql`added`)}`),
      );
      return member!;
    },

    /** The race's team, the oldest invitation first. */
    async findMembers(raceId: string): Promise<StaffMember[]> {
      return rowsOf<StaffMember>(
        await db.execute(sql`
          ${membersOf(sql`race_staff`)}
          where staff.marathon_id = ${raceId}
          order by staff.invited_at, staff.id`),
      );
    },

    /** The member of this race with a new role, or null when the race has no such member. */
    async updateRole(raceId: string, staffId: string, role: StaffRole): Promise<StaffMember | null> {
      const [member] = rowsOf<StaffMember>(
        await db.execute(sql`
          with changed as (
            update race_staff set role = ${role}
            where id = ${staffId} and marathon_id = ${raceId}
            returning *)
          ${membersOf(sql`changed`)}`),
      );
      return member ?? null;
    },

    /** Ends a membership (or withdraws an invitation): whether the race had such a member. */
    async removeMember(raceId: string, staffId: string): Promise<boolean> {
      const removed = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from race_staff where id = ${staffId} and marathon_id = ${raceId} returning id`),
      );
      return removed.length > 0;
    },

    /** The invitations still waiting for this address (lower case), the oldest first. */
    async findInvitationsTo(email: string): Promise<StaffInvitation[]> {
      return rowsOf<StaffInvitation>(
        await db.execute(sql`
          select ${INVITATION.columns}
          from race_staff staff
            join marathons race on race.id = staff.marathon_id
            join users organizer on organizer.id = race.creator_id
          where staff.email = ${email} and staff.status = 'invited'
          order by staff.invited_at, staff.id`),
      );
    },

    /** The invitee takes their place on the team: the member now, or null when `key` holds no invitation. */
    async accept(key: InvitationKey): Promise<StaffMember | null> {
      const [member] = rowsOf<StaffMember>(
        await db.execute(sql`
          with accepted as (
            update race_staff staff set status = 'active', user_id = ${key.userId}, accepted_at = now()
            where ${heldInvitation(key)}
            returning staff.*)
          ${membersOf(sql`accepted`)}`),
      );
      return member ?? null;
    },

    /** The invitee says no: the invitation is deleted. Whether `key` held one. */
    async decline(key: InvitationKey): Promise<boolean> {
      const declined = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from race_staff staff where ${heldInvitation(key)} returning staff.id`),
      );
      return declined.length > 0;
    },

    /**
     * The races the user is an active member of, soonest start first, with their role: the `limit` after
     * `offset` (all of them when `limit` is null), and how many there are in all.
     */
    async findStaffRaces(
      userId: string,
      { limit, offset }: { limit: number | null; offset: number },
    ): Promise<{ races: Array<{ id: string; role: StaffRole }>; total: number }> {
      const rows = rowsOf<{ total: number; id: string | null; role: StaffRole | null }>(
        await db.execute(sql`
          with mine as (
            select staff.marathon_id as id, staff.role, race.start_date
            from race_staff staff join marathons race on race.id = staff.marathon_id
            where staff.user_id = ${userId} and staff.status = 'active')
          select counted.total, page.id, page.role
          from (select count(*)::int as total from mine) as counted
          left join lateral (
            select id, role, start_date from mine order by start_date, id limit ${limit} offset ${offset}
          ) as page on true
          order by page.start_date, page.id`),
      );
      return {
        races: rows.flatMap(({ id, role }) => (id === null || role === null ? [] : [{ id, role }])),
        total: rows[0]?.total ?? 0,
      };
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
