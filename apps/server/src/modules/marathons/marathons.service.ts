import {
  findMarathonDateProblems,
  type CreateMarathon,
  type Marathon,
  type UpdateMarathon,
} from '@stride/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { requireOwner } from '../../lib/ownership.js';
import { createMarathonsRepository, type MarathonsRepository } from './marathons.repository.js';

export const MARATHON_MESSAGES = {
  notFound: 'Marathon not found',
  notOwner: 'Only the organizer who created this marathon can change it.',
  updated: 'Marathon updated successfully',
  nothingToUpdate: 'Nothing to update: send at least one editable field',
  deleted: 'Marathon deleted successfully',
} as const;

type Actor = { id: string };

export function marathonNotFound(): AppError {
  return new AppError('NOT_FOUND', MARATHON_MESSAGES.notFound);
}

export type MarathonsServiceOptions = {
  /** Called after a race is created, changed or deleted (the lists' snapshots follow). */
  onRacesChanged?: () => void;
};

/** Rules that span queries: ownership and the date order against what is stored, each in one transaction. */
export function createMarathonsService(
  db: Database,
  { onRacesChanged = () => {} }: MarathonsServiceOptions = {},
) {
  /**
   * Runs `change` in a transaction with the race locked, once it is known to exist and be the actor's;
   * after the commit the lists and cached reads hear of it.
   */
  async function withOwnMarathon<T>(
    actor: Actor,
    id: string,
    change: (
      marathons: MarathonsRepository,
      current: NonNullable<Awaited<ReturnType<MarathonsRepository['findForUpdate']>>>,
    ) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw marathonNotFound();
    const result = await db.transaction(async (tx) => {
      const marathons = createMarathonsRepository(tx);
      const current = await marathons.findForUpdate(id);
      if (!current) throw marathonNotFound();
      requireOwner(current.creatorId, actor.id, MARATHON_MESSAGES.notOwner);
      return change(marathons, current);
    });
    onRacesChanged();
    return result;
  }

  return {
    async createMarathon(actor: Actor, input: CreateMarathon): Promise<Marathon> {
      const id = await createMarathonsRepository(db).create({ ...input, creatorId: actor.id });
      onRacesChanged();
      return (await createMarathonsRepository(db).findById(id))!;
    },

    async updateMarathon(
      actor: Actor,
      id: string,
      changes: UpdateMarathon,
    ): Promise<{ marathon: Marathon; changed: boolean }> {
      return withOwnMarathon(actor, id, async (marathons, current) => {
        const changed = Object.values(changes).some((value) => value !== undefined);
        if (changed) {
          const dateProblems = findMarathonDateProblems({
            startRegDate: changes.startRegDate ?? current.startRegDate,
            endRegDate: changes.endRegDate ?? current.endRegDate,
            startDate: changes.startDate ?? current.startDate,
          });
          if (dateProblems.length > 0) {
            throw new AppError('VALIDATION_FAILED', dateProblems[0]!.message, dateProblems);
          }
          await marathons.update(id, changes);
        }
        return { marathon: (await marathons.findById(id))!, changed };
      });
    },

    async deleteMarathon(actor: Actor, id: string): Promise<{ registrationsDeleted: number }> {
      return withOwnMarathon(actor, id, (marathons) => marathons.remove(id));
    },
  };
}
