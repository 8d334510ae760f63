import { describe, expect, it } from 'vitest';
import { createRegistrationSchema } from '@stride/shared';
import { createChangeFeed } from '../../changes/change-feed.js';
import { createUnitOfWork } from '../../changes/unit-of-work.js';
import { createOutboxWriter } from '../../mail/outbox.repository.js';
import {
  DAY_MS,
  createMarathon,
  insertSignedInUsers,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { HOLD_MINUTES, WAITLIST_CLAIM_HOURS } from '../../testing/paid-race-fixtures.js';
import { createRegistrationsService } from './registrations.service.js';

/** Issue 32's price tiers at the instant one ends, through the entry statement: a service on a fixed clock. */
describe('price tiers at their boundary instant, through the entry path', () => {
  const plain = useTestApp();

  it('1 ms before a tier ends its fee applies; the instant it ends, the next one', async () => {
    const [host, before, at] = await insertSignedInUsers(plain.current, 3);
    const tierEnds = new Date(Math.floor((Date.now() + DAY_MS) / 1000) * 1000);
    const race = await createMarathon(plain.current.app, host!, {
      entryFee: 4500,
      priceTiers: [{ until: tierEnds.toISOString(), entryFee: 3000 }],
    });
    const serviceAt = (now: Date) =>
      createRegistrationsService({
        unitOfWork: createUnitOfWork(plain.current.database.db, createChangeFeed()),
        outbox: createOutboxWriter(),
        payments: {
          onlineAvailable: false,
          holdMinutes: HOLD_MINUTES,
          waitlistClaimHours: WAITLIST_CLAIM_HOURS,
        },
        // Nobody is on a race's team here: no call of this test asks.
        raceAccessOn: () => ({ staffRole: async () => null }),
        now: () => now,
      });
    const entryAt = (now: Date, runner: typeof host) =>
      serviceAt(now).register(
        { id: runner!.user.id, email: runner!.user.email },
        createRegistrationSchema.parse(registrationInput(race._id)),
      );

    expect(await entryAt(new Date(tierEnds.getTime() - 1), before)).toMatchObject({ amountDue: 3000 });
    expect(await entryAt(tierEnds, at)).toMatchObject({ amountDue: 4500 });
  });
});
