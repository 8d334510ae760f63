import { type PageQuery, STAFF_MESSAGES, type StaffInvitation, type StaffMember } from '@stride/shared';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccess, requireRaceAbility } from '../../lib/race-access.js';
import type { SerializedJson } from '../../lib/serialized-json.js';
import type { StaffRepository } from './staff.repository.js';
import { raceNotFound } from './staff.service.js';

/** What the staff module needs of the marathons module: races as the API writes them (a port container.ts wires). */
export type RaceJson = {
  /** The races of these ids as the API's JSON, in their order; null for an id no race has. */
  findJsonByIds: (ids: string[]) => Promise<Array<string | null>>;
};

/** The team's reads. Never cached: a role changes what the next request may see. */
export function createStaffReads({
  repository,
  raceAccess,
  races,
}: {
  repository: StaffRepository;
  raceAccess: RaceAccess;
  races: RaceJson;
}) {
  return {
    /** The race's team, the oldest invitation first: for its organizer and co-organizers. */
    async team(user: { id: string }, raceId: string): Promise<StaffMember[]> {
      const race = isUuid(raceId) ? await repository.findRace(raceId) : null;
      if (!race) throw raceNotFound();
      await requireRaceAbility(raceAccess, race, user.id, 'organize', (role) =>
        role === null ? STAFF_MESSAGES.notOnTeam : STAFF_MESSAGES.checkinOnly,
      );
      return repository.findMembers(raceId);
    },

    /** The invitations waiting for the signed-in user's address, the oldest first. */
    async invitationsTo(user: { email: string }): Promise<StaffInvitation[]> {
      return repository.findInvitationsTo(user.email.toLowerCase());
    },

    /**
     * The races the user helps with, soonest start first, each as My Marathons lists it plus the user's `role`:
     * all of them, or a page with the total.
     */
    async staffRaces(
      user: { id: string },
      page: PageQuery | null,
    ): Promise<{ body: SerializedJson<unknown>; total?: number }> {
      const { races: mine, total } = await repository.findStaffRaces(
        user.id,
        page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : { limit: null, offset: 0 },
      );
      const json = mine.length === 0 ? [] : await races.findJsonByIds(mine.map((race) => race.id));
      // Each race's JSON with one more field: `{…}` → `{…,"role":"checkin"}`; a race deleted meanwhile is left out.
      const items = mine.flatMap(({ role }, index) => {
        const race = json[index];
        return race ? [`${race.slice(0, -1)},"role":${JSON.stringify(role)}}`] : [];
      });
      return { body: `[${items.join(',')}]`, ...(page && { total }) };
    },
  };
}

export type StaffReads = ReturnType<typeof createStaffReads>;
