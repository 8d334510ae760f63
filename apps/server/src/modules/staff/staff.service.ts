import { createHash, randomBytes } from 'node:crypto';
import {
  RACE_DAY_LIMITS,
  STAFF_MESSAGES,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@stride/shared';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccessOn, requireRaceAbility } from '../../lib/race-access.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import { type StaffRepository, type TeamRace, createStaffRepository } from './staff.repository.js';

/** Bytes of an invitation's token: 256 bits, as unguessable as the hash it is kept as. */
const TOKEN_BYTES = 32;

type Actor = { id: string };

export function raceNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Marathon not found');
}

const memberNotFound = () => new AppError('NOT_FOUND', STAFF_MESSAGES.memberNotFound);
const invitationNotFound = () => new AppError('NOT_FOUND', STAFF_MESSAGES.invitationNotFound);

/** The SHA-256 of an invitation's token, lowercase hex: all the database keeps of it. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type StaffServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** The invitation's mail, queued in the transaction that makes the invitation. */
  outbox: Pick<OutboxWriter, 'enqueue'>;
  /** Who may do what on a race, read on the transaction. */
  raceAccessOn: RaceAccessOn;
  repositoryOn?: (executor: Executor) => StaffRepository;
};

/**
 * A race's team (issue 33): the organizer invites by e-mail, changes roles and ends memberships; the invitee,
 * signed in with that address and holding the mailed token, accepts or declines. Each in one transaction.
 */
export function createStaffService({
  unitOfWork,
  outbox,
  raceAccessOn,
  repositoryOn = createStaffRepository,
}: StaffServiceDependencies) {
  /** Runs `work` on the race's team once the race is known to exist and the actor to be its organizer. */
  function asOrganizer<T>(
    actor: Actor,
    raceId: string,
    work: (staff: StaffRepository, race: TeamRace, tx: Executor, record: RecordChange) => Promise<T>,
    { lock = false } = {},
  ): Promise<T> {
    if (!isUuid(raceId)) throw raceNotFound();
    return unitOfWork.transaction(async (tx, record) => {
      const staff = repositoryOn(tx);
      const race = await staff.findRace(raceId, { lock });
      if (!race) throw raceNotFound();
      await requireRaceAbility(raceAccessOn(tx), race, actor.id, 'own', STAFF_MESSAGES.onlyOrganizerTeam);
      return work(staff, race, tx, record);
    });
  }

  return {
    /**
     * Invites `email` onto the race's team: the invitation with a new token, of which only the hash is kept, and
     * its mail, in one transaction (the race locked, so two invites never both take the last place).
     */
    async invite(organizer: Actor, raceId: string, { email, role }: StaffInvite): Promise<StaffMember> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      return asOrganizer(
        organizer,
        raceId,
        async (staff, race, tx, record) => {
          if (email === race.organizerEmail.toLowerCase()) {
            throw new AppError('VALIDATION_FAILED', STAFF_MESSAGES.ownEmail, [
              { field: 'email', message: STAFF_MESSAGES.ownEmail },
            ]);
          }
          const team = await staff.findTeamSize(raceId, email);
          if (team.hasEmail) throw new AppError('CONFLICT', STAFF_MESSAGES.alreadyInvited);
          if (team.size >= RACE_DAY_LIMITS.teamSize) throw new AppError('CONFLICT', STAFF_MESSAGES.teamFull);
          const member = await staff.insertMember({ raceId, email, role, tokenHash: tokenHashOf(token) });
          const { facts, organizerName } = race;
          await outbox.enqueue(tx, [
            { recipient: email, payload: { kind: 'staff-invited', race: facts, role, organizerName, token } },
          ]);
          record({ kind: 'mail-queued' });
          return member;
        },
        { lock: true },
      );
    },

    /** The member's new role, from the next request on. */
    async changeRole(
      organizer: Actor,
      raceId: string,
      staffId: string,
      role: StaffRole,
    ): Promise<StaffMember> {
      return asOrganizer(organizer, raceId, async (staff) => {
        const member = isUuid(staffId) ? await staff.updateRole(raceId, staffId, role) : null;
        if (!member) throw memberNotFound();
        return member;
      });
    },

    /** Ends a membership or withdraws an invitation: the member's next request is a stranger's. */
    async removeMember(organizer: Actor, raceId: string, staffId: string): Promise<void> {
      await asOrganizer(organizer, raceId, async (staff) => {
        if (!isUuid(staffId) || !(await staff.removeMember(raceId, staffId))) throw memberNotFound();
      });
    },

    /** The signed-in invitee, holding the mailed token, joins the team. */
    async accept(invitee: Actor, staffId: string, token: string): Promise<StaffMember> {
      if (!isUuid(staffId) || token === '') throw invitationNotFound();
      const member = await unitOfWork.autocommit((db) =>
        repositoryOn(db).accept({ staffId, tokenHash: tokenHashOf(token), userId: invitee.id }),
      );
      if (!member) throw invitationNotFound();
      return member;
    },

    /** The signed-in invitee, holding the mailed token, says no: the invitation is gone. */
    async decline(invitee: Actor, staffId: string, token: string): Promise<void> {
      if (!isUuid(staffId) || token === '') throw invitationNotFound();
      const declined = await unitOfWork.autocommit((db) =>
        repositoryOn(db).decline({ staffId, tokenHash: tokenHashOf(token), userId: invitee.id }),
      );
      if (!declined) throw invitationNotFound();
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
