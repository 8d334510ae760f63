import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Marathon, createRegistrationSchema } from '@stride/shared';
import { marathons } from '../../db/schema/index.js';
import {
  createMarathon,
  insertSignedInUsers,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { createChangeFeed } from '../../changes/change-feed.js';
import { createUnitOfWork } from '../../changes/unit-of-work.js';
import { createOutboxWriter } from '../../mail/outbox.repository.js';
import { createRegistrationsService } from './registrations.service.js';

const MS = 1;

describe('registering at the edges of the window (a fixed clock, the real database)', () => {
  const testApp = useTestApp();
  let race: Marathon;
  let runners: Awaited<ReturnType<typeof insertSignedInUsers>>;
  beforeAll(async () => {
    const [organizer, ...rest] = await insertSignedInUsers(testApp.current, 5);
    race = await createMarathon(testApp.current.app, organizer!);
    runners = rest;
  });

  const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs);
  // Straight from the database: this service instance is not the app's, so the app's read caches do not hear of it.
  const countOf = async (id: string) => {
    const [row] = await testApp.current.database.db
      .select({ count: marathons.totalRegistrationCount })
      .from(marathons)
      .where(eq(marathons.id, id));
    return row!.count;
  };
  it.each<[string, boolean, (race: Marathon) => Date]>([
    ['1 ms before registration opens', false, (r) => at(r.startRegDate, -MS)],
    ['the instant registration opens', true, (r) => at(r.startRegDate)],
    ['the instant registration closes', true, (r) => at(r.endRegDate)],
    ['1 ms after registration closes', false, (r) => at(r.endRegDate, MS)],
  ])('%s: registered = %s', async (_case, accepted, clock) => {
    const runner = runners.pop()!;
    const unitOfWork = createUnitOfWork(testApp.current.database.db, createChangeFeed());
    const service = createRegistrationsService({
      unitOfWork,
      outbox: createOutboxWriter(),
      payments: { onlineAvailable: false, holdMinutes: 30, waitlistClaimHours: 48 },
      // Nobody is on a race's team here: no call of these tests asks.
      raceAccessOn: () => ({ staffRole: async () => null }),
      now: () => clock(race),
    });
    const countBefore = await countOf(race._id);

    const attempt = service.register(
      { id: runner.user.id, email: runner.user.email },
      createRegistrationSchema.parse(registrationInput(race._id)),
    );

    if (accepted) {
      await expect(attempt).resolves.toMatchObject({ marathonId: race._id, email: runner.user.email });
    } else {
      await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    }
    expect(await countOf(race._id)).toBe(countBefore + (accepted ? 1 : 0));
  });
});
