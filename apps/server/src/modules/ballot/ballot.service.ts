import { BALLOT_CSV_HEADER, BALLOT_MESSAGES, type Ballot } from '@stride/shared';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { BYTE_ORDER_MARK, csvLine } from '../../lib/csv.js';
import { isUuid } from '../../lib/ids.js';
import { type RaceAccessOn, requireRaceAbility } from '../../lib/race-access.js';
import { ballotCommitment, drawOrder, newBallotSeed } from './ballot-draw.js';
import { type BallotRepository, type DrawnRace, createBallotRepository } from './ballot.repository.js';

export const BALLOT_ACCESS_MESSAGES = {
  marathonNotFound: 'Marathon not found',
  notOrganizer: 'Only the organizer of this marathon can draw its ballot.',
} as const;

/** Lines of the entries CSV read at a time. */
const CSV_CHUNK = 5_000;

/** Races drawn per sweep at most: a sweep that finds as many goes on at once. */
const DUE_BATCH = 10;

const marathonNotFound = () => new AppError('NOT_FOUND', BALLOT_ACCESS_MESSAGES.marathonNotFound);

/** A draw that did not move every entry: its transaction is rolled back and the draw tried again. */
class DrawInterrupted extends Error {
  override name = 'DrawInterrupted';
  constructor() {
    super('The draw passed over an entry changed meanwhile: it is made again');
  }
}

/** How often a draw is tried before the error reaches its caller (the sweeper tries again a second later). */
const DRAW_ATTEMPTS = 3;

async function retryingInterrupted<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof DrawInterrupted) || attempt >= DRAW_ATTEMPTS) throw error;
    }
  }
}

export type BallotServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** The database, for reads outside a transaction. */
  db: Executor;
  /** Who may do what on a race, read on the transaction: a port to the staff module. */
  raceAccessOn: RaceAccessOn;
  /** How long a winner paying online has to pay for their place (WAITLIST_CLAIM_HOURS). */
  claimHours: number;
  repositoryOn?: (executor: Executor) => BallotRepository;
  now?: () => Date;
};

/**
 * The ballot (issue 35, ADR 035): its seed fixed when the race becomes a ballot, drawn once, by itself at its time
 * (in whichever server process comes first) or by the organizer after the window closes; the public record.
 */
export function createBallotService({
  unitOfWork,
  db,
  raceAccessOn,
  claimHours,
  repositoryOn = createBallotRepository,
  now = () => new Date(),
}: BallotServiceDependencies) {
  /**
   * Draws the race's ballot, its row locked by `lockRace` on `tx`: the order from the seed, the first places to
   * the first drawn, the rest to the line, everyone mailed.
   */
  async function drawLocked(tx: Executor, raceId: string, race: DrawnRace, record: RecordChange) {
    const ballot = repositoryOn(tx);
    let seed = await ballot.findSeed(raceId);
    if (seed === null) {
      // A race made a ballot before seeds were kept at once (never, since migration 0021): one is fixed now.
      const fresh = newBallotSeed();
      await ballot.prepareSeed(raceId, fresh, ballotCommitment(fresh));
      seed = fresh;
    }
    const order = drawOrder(await ballot.findEntryIds(raceId), seed);
    const winners = race.free === null ? order.length : Math.min(race.free, order.length);
    const at = now();
    const runnerIds = await ballot.applyDraw(raceId, order, winners, {
      claimUntil: new Date(at.getTime() + claimHours * 3_600_000),
      drawnAt: at,
    });
    // An entry row changed meanwhile without the race's lock is passed over by the statement: the whole draw is
    // undone and made again.
    if (runnerIds.length !== order.length) throw new DrawInterrupted();
    record({ kind: 'race', raceId, runnerIds });
    record({ kind: 'waitlist', raceId });
    if (runnerIds.length > 0) record({ kind: 'mail-queued' });
  }

  return {
    /** Fixes the race's seed on the caller's transaction (the race's creation or change to a ballot). */
    async prepare(tx: Executor, raceId: string): Promise<void> {
      const seed = newBallotSeed();
      await repositoryOn(tx).prepareSeed(raceId, seed, ballotCommitment(seed));
    },

    /** The organizer draws now: once the window has closed, and only once (409). */
    async draw(actor: { id: string }, raceId: string): Promise<Ballot> {
      if (!isUuid(raceId)) throw marathonNotFound();
      await retryingInterrupted(() =>
        unitOfWork.transaction(async (tx, record) => {
          const race = await repositoryOn(tx).lockRace(raceId);
          if (!race) throw marathonNotFound();
          await requireRaceAbility(
            raceAccessOn(tx),
            { id: raceId, creatorId: race.creatorId },
            actor.id,
            'organize',
            BALLOT_ACCESS_MESSAGES.notOrganizer,
          );
          if (race.entryMode !== 'ballot') throw new AppError('CONFLICT', BALLOT_MESSAGES.notBallot);
          if (race.ballotDrawnAt !== null) throw new AppError('CONFLICT', BALLOT_MESSAGES.alreadyDrawn);
          if (now() <= race.endRegDate) throw new AppError('CONFLICT', BALLOT_MESSAGES.notClosed);
          await drawLocked(tx, raceId, race, record);
        }),
      );
      return (await repositoryOn(db).findRecord(raceId))!;
    },

    /**
     * Draws every ballot whose time has come (or came while the server was down). Each race is drawn in a
     * transaction holding its row: a second process waiting for it finds it drawn and leaves it. Answers how many
     * this call drew.
     */
    async drawDue(): Promise<number> {
      const due = await repositoryOn(db).findDue(now(), DUE_BATCH);
      let drawn = 0;
      for (const raceId of due) {
        await retryingInterrupted(() =>
          unitOfWork.transaction(async (tx, record) => {
            const race = await repositoryOn(tx).lockRace(raceId);
            const at = now();
            if (!race || race.entryMode !== 'ballot' || race.ballotDrawnAt !== null) return;
            if (race.ballotDrawAt === null || race.ballotDrawAt > at || at <= race.endRegDate) return;
            await drawLocked(tx, raceId, race, record);
            drawn += 1;
          }),
        );
      }
      return drawn;
    },

    /** The ballot's public record (404 for no such race). */
    async record(raceId: string): Promise<Ballot> {
      const found = isUuid(raceId) ? await repositoryOn(db).findRecord(raceId) : null;
      if (!found) throw marathonNotFound();
      return found;
    },

    /** The draw's public record as CSV, once drawn (409 before): position, entry id, outcome. */
    async entriesCsv(raceId: string): Promise<{ filename: string; content: AsyncIterable<string> }> {
      const ballot = await this.record(raceId);
      if (ballot.entryMode !== 'ballot') throw new AppError('CONFLICT', BALLOT_MESSAGES.notBallot);
      if (ballot.drawnAt === null) throw new AppError('CONFLICT', BALLOT_MESSAGES.notDrawn);
      const repository = repositoryOn(db);
      async function* lines() {
        yield BYTE_ORDER_MARK + csvLine(BALLOT_CSV_HEADER);
        let after = 0;
        for (;;) {
          const chunk = await repository.findDrawnEntries(raceId, after, CSV_CHUNK);
          if (chunk.length === 0) return;
          yield chunk.map(({ position, entryId, outcome }) => csvLine([position, entryId, outcome])).join('');
          after = chunk.at(-1)!.position;
        }
      }
      return { filename: `ballot-${raceId}.csv`, content: lines() };
    },
  };
}

export type BallotService = ReturnType<typeof createBallotService>;
