import { describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { newBallotSeed } from './ballot-draw.js';
import type { BallotRepository, DrawnRace } from './ballot.repository.js';
import { createBallotService } from './ballot.service.js';

const RACE_ID = '7a1f0c3e-2b4d-4e5f-8a9b-0c1d2e3f4a5b';
const CLOSED_RACE: DrawnRace = {
  creatorId: 'organizer',
  entryMode: 'ballot',
  endRegDate: new Date('2026-01-01T00:00:00Z'),
  ballotDrawAt: new Date('2026-01-02T00:00:00Z'),
  ballotDrawnAt: null,
  free: 1,
};
const ENTRY_IDS = ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'];

/**
 * The service over a repository whose draw statement passes over an entry the first `interrupted` times (as when
 * another transaction changed the row meanwhile), and a unit of work counting its transactions.
 */
function serviceDrawing(interrupted: number) {
  let transactions = 0;
  let applied = 0;
  const repository = {
    lockRace: async () => CLOSED_RACE,
    findSeed: async () => newBallotSeed(),
    findEntryIds: async () => ENTRY_IDS,
    applyDraw: async (_raceId: string, drawn: string[]) => {
      applied += 1;
      return applied <= interrupted ? drawn.slice(1) : drawn;
    },
    findRecord: async () => null,
    findDue: async () => [RACE_ID],
  } as unknown as BallotRepository;
  const unitOfWork = {
    transaction: async (work: (tx: Executor, record: () => void) => Promise<unknown>) => {
      transactions += 1;
      return work({} as Executor, () => {});
    },
  } as unknown as UnitOfWork;
  const service = createBallotService({
    unitOfWork,
    db: {} as Executor,
    raceAccessOn: () => ({ staffRole: async () => null }),
    claimHours: 48,
    repositoryOn: () => repository,
    now: () => new Date('2026-01-03T00:00:00Z'),
  });
  return { service, transactions: () => transactions };
}

describe('a draw interrupted by a change to an entry (issue 35)', () => {
  it('is undone and made again in a new transaction', async () => {
    const { service, transactions } = serviceDrawing(2);
    expect(await service.drawDue()).toBe(1);
    expect(transactions()).toBe(3);
  });

  it('gives up after three attempts, leaving the sweeper to try again', async () => {
    const { service, transactions } = serviceDrawing(5);
    await expect(service.drawDue()).rejects.toThrow('The draw passed over an entry changed meanwhile');
    expect(transactions()).toBe(3);
  });
});
