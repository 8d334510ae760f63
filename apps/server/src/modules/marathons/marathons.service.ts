import {
  BALLOT_MESSAGES,
  capacityBelowRegisteredMessage,
  findMarathonDateProblems,
  PAYMENT_MESSAGES,
  STAFF_MESSAGES,
  type CreateMarathon,
  type Marathon,
  type UpdateMarathon,
} from '@stride/shared';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import {
  type RaceAbility,
  type RaceAccessOn,
  type RefusalMessage,
  requireRaceAbility,
} from '../../lib/race-access.js';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { OutboxWriter } from '../../mail/outbox.repository.js';
import { createMarathonsRepository, type MarathonsRepository } from './marathons.repository.js';
import {
  type AnswerCheck,
  ENTRY_FORM_MESSAGES,
  changedEntryForm,
  changesEntryForm,
  newEntryForm,
} from './entry-form.js';
import { PRICE_MESSAGES, type PaymentSettings, changesPrices, pricesOf } from './prices.js';

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

export type MarathonsServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** Tells every registrant when their race moves or is cancelled, in the transaction of the change. */
  outbox: Pick<OutboxWriter, 'enqueueForRegistrants'>;
  /**
   * Gives the race's free places to its waitlist, in order, on the caller's transaction (the race locked),
   * recording what moved. A port to the registrations module, wired by the composition root.
   */
  fillPlaces: (tx: Executor, raceId: string, record: RecordChange) => Promise<void>;
  /** The currency of a race that names none, and whether online payment is set up (issue 32). */
  payments: PaymentSettings;
  /**
   * Refunds in full, cancelled by the organizer, every entry of the race with money on it, on the caller's
   * transaction: before its deletion. A port to the registrations module.
   */
  refundRace: (tx: Executor, raceId: string, record: RecordChange) => Promise<void>;
  /** Who may do what on a race (its organizer, its team), read on the transaction: a port to the staff module. */
  raceAccessOn: RaceAccessOn;
  /**
   * Fixes a ballot race's seed (kept secret until the draw), on the caller's transaction; a race that has one
   * keeps it. A port to the ballot module.
   */
  prepareBallot: (tx: Executor, raceId: string) => Promise<void>;
  /** The repository on a transaction or on the database. */
  repositoryOn?: (executor: Executor) => MarathonsRepository;
};

type CurrentRace = NonNullable<Awaited<ReturnType<MarathonsRepository['findForUpdate']>>>;

/**
 * The ballot's and transfers' fields of a change, as they will be stored: a first-come race has no draw date. The
 * entry mode is fixed once the race has entries, and the draw date once drawn (409).
 */
function placesChange(current: CurrentRace, changes: UpdateMarathon) {
  if (changes.entryMode !== undefined && changes.entryMode !== current.entryMode && current.hasEntries) {
    throw new AppError('CONFLICT', BALLOT_MESSAGES.modeLocked);
  }
  if (
    current.ballotDrawnAt !== null &&
    changes.ballotDrawAt !== undefined &&
    changes.ballotDrawAt?.getTime() !== current.ballotDrawAt?.getTime()
  ) {
    throw new AppError('CONFLICT', BALLOT_MESSAGES.drawnLocked);
  }
  const entryMode = changes.entryMode ?? current.entryMode;
  const ballotDrawAt =
    entryMode === 'ballot'
      ? changes.ballotDrawAt !== undefined
        ? changes.ballotDrawAt
        : current.ballotDrawAt
      : null;
  return {
    entryMode,
    ballotDrawAt,
    transfersUntil: changes.transfersUntil !== undefined ? changes.transfersUntil : current.transfersUntil,
    // A drawn ballot's dates are history: the window may move on without them.
    checked: current.ballotDrawnAt === null,
  };
}

/**
 * Refuses a change of questions that would leave answers given without a valid choice: an option chosen by someone
 * removed, or the type of an answered question changed (409 naming the question's place in the list sent).
 */
async function requireAnswersKept(marathons: MarathonsRepository, raceId: string, checks: AnswerCheck[]) {
  const problems: Array<{ field: string; message: string }> = [];
  for (const { index, questionId, removedOptions, typeChanged } of checks) {
    if (typeChanged) {
      const answered = (await marathons.countAnswers(raceId, questionId, null)).reduce(
        (sum, row) => sum + row.count,
        0,
      );
      if (answered > 0) {
        problems.push({ field: `questions.${index}.type`, message: ENTRY_FORM_MESSAGES.typeInUse(answered) });
      }
    } else if (removedOptions.length > 0) {
      for (const { answer, count } of await marathons.countAnswers(raceId, questionId, removedOptions)) {
        problems.push({
          field: `questions.${index}.options`,
          message: ENTRY_FORM_MESSAGES.optionInUse(answer, count),
        });
      }
    }
  }
  if (problems.length > 0) throw new AppError('CONFLICT', problems[0]!.message, problems);
}

/** Changing a race is for its organizer and co-organizers. */
const ORGANIZE: [RaceAbility, RefusalMessage] = ['organize', MARATHON_MESSAGES.notOwner];
/** Deleting it is its organizer's alone: its team is told so, anyone else what they always were. */
const OWN: [RaceAbility, RefusalMessage] = [
  'own',
  (role) => (role === null ? MARATHON_MESSAGES.notOwner : STAFF_MESSAGES.onlyOrganizerDelete),
];

/** Rules that span queries: roles and the date order against what is stored, each in one transaction. */
export function createMarathonsService({
  unitOfWork,
  outbox,
  fillPlaces,
  payments,
  refundRace,
  raceAccessOn,
  prepareBallot,
  repositoryOn = createMarathonsRepository,
}: MarathonsServiceDependencies) {
  /**
   * Runs `change` in a transaction with the race locked, once it is known to exist and the actor's role on it to
   * allow `ability` (organize: its organizer and co-organizers; own: its organizer).
   */
  async function withMarathon<T>(
    actor: Actor,
    id: string,
    [ability, refusal]: [RaceAbility, RefusalMessage],
    change: (
      marathons: MarathonsRepository,
      current: NonNullable<Awaited<ReturnType<MarathonsRepository['findForUpdate']>>>,
      tx: Executor,
      record: RecordChange,
    ) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw marathonNotFound();
    return unitOfWork.transaction(async (tx, record) => {
      const marathons = repositoryOn(tx);
      const current = await marathons.findForUpdate(id);
      if (!current) throw marathonNotFound();
      await requireRaceAbility(raceAccessOn(tx), { id, ...current }, actor.id, ability, refusal);
      return change(marathons, current, tx, record);
    });
  }

  return {
    async createMarathon(actor: Actor, input: CreateMarathon): Promise<Marathon> {
      const ballot = input.entryMode === 'ballot';
      const work = async (db: Executor, record: RecordChange) => {
        const marathons = repositoryOn(db);
        const prices = pricesOf(null, input, input.endRegDate, payments);
        const id = await marathons.create(
          { ...input, ballotDrawAt: ballot ? input.ballotDrawAt : null, creatorId: actor.id },
          newEntryForm(input),
          prices,
        );
        if (ballot) await prepareBallot(db, id);
        record({ kind: 'race', raceId: id, runnerIds: [] });
        return (await marathons.findById(id))!;
      };
      // A ballot race and its seed are one write.
      return ballot ? unitOfWork.transaction(work) : unitOfWork.autocommit(work);
    },

    async updateMarathon(
      actor: Actor,
      id: string,
      changes: UpdateMarathon,
    ): Promise<{ marathon: Marathon; changed: boolean }> {
      return withMarathon(actor, id, ORGANIZE, async (marathons, current, tx, record) => {
        const changed = Object.values(changes).some((value) => value !== undefined);
        if (changed) {
          const places = placesChange(current, changes);
          const dateProblems = findMarathonDateProblems({
            startRegDate: changes.startRegDate ?? current.startRegDate,
            endRegDate: changes.endRegDate ?? current.endRegDate,
            startDate: changes.startDate ?? current.startDate,
            transfersUntil: places.transfersUntil,
            ...(places.checked && { entryMode: places.entryMode, ballotDrawAt: places.ballotDrawAt }),
          });
          if (dateProblems.length > 0) {
            throw new AppError('VALIDATION_FAILED', dateProblems[0]!.message, dateProblems);
          }
          // Places held while their runners pay are taken as much as registered ones.
          const taken = current.totalRegistrationCount + current.pendingCount;
          if (changes.capacity !== undefined && changes.capacity !== null && changes.capacity < taken) {
            throw new AppError('CONFLICT', capacityBelowRegisteredMessage(taken));
          }
          const form = changesEntryForm(changes) ? changedEntryForm(current, changes) : null;
          if (form) await requireAnswersKept(marathons, id, form.answerChecks);
          const prices =
            changesPrices(changes) || changes.endRegDate !== undefined
              ? pricesOf(current, changes, changes.endRegDate ?? current.endRegDate, payments)
              : undefined;
          if (prices && prices.currency !== current.currency && (await marathons.hasMoney(id))) {
            throw new AppError('CONFLICT', PRICE_MESSAGES.currencyInUse);
          }
          const moved =
            (changes.startDate !== undefined &&
              changes.startDate.getTime() !== current.startDate.getTime()) ||
            (changes.location !== undefined && changes.location !== current.location);
          const { checked: _checked, ...placesColumns } = places;
          await marathons.update(
            id,
            { ...changes, ...placesColumns },
            {
              newCalendarRevision: moved,
              ...(form && { form: form.form }),
              ...(prices && { prices }),
            },
          );
          if (places.entryMode === 'ballot') await prepareBallot(tx, id);
          if (moved) {
            const previous = { startDate: current.startDate.toISOString(), location: current.location };
            if ((await outbox.enqueueForRegistrants(tx, id, { kind: 'race-changed', previous })) > 0) {
              record({ kind: 'mail-queued' });
            }
          }
          // More places (or none to count) go to the waitlist, in order, each runner mailed.
          if (changes.capacity !== undefined) await fillPlaces(tx, id, record);
          // Runners’ lists show each race’s title and start date, the age groups of their entries and their
          // results' places, which the ranking decides.
          const listsChange =
            changes.title !== undefined ||
            changes.startDate !== undefined ||
            changes.ageGroups !== undefined ||
            changes.rankBy !== undefined;
          record({
            kind: 'race',
            raceId: id,
            runnerIds: listsChange ? await marathons.findRegistrantIds(id) : [],
          });
        }
        return { marathon: (await marathons.findById(id))!, changed };
      });
    },

    async deleteMarathon(actor: Actor, id: string): Promise<{ registrationsDeleted: number }> {
      return withMarathon(actor, id, OWN, async (marathons, _current, tx, record) => {
        if (await marathons.hasOnSiteMoney(id))
          throw new AppError('CONFLICT', PAYMENT_MESSAGES.refundOnSiteFirst);
        await refundRace(tx, id, record);
        if ((await outbox.enqueueForRegistrants(tx, id, { kind: 'race-cancelled' })) > 0) {
          record({ kind: 'mail-queued' });
        }
        const { registrationsDeleted, runnerIds } = await marathons.remove(id);
        record({ kind: 'race', raceId: id, runnerIds });
        return { registrationsDeleted };
      });
    },
  };
}

export type MarathonsService = ReturnType<typeof createMarathonsService>;
