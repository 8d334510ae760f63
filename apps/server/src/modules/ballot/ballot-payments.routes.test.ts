import { describe, expect, it } from 'vitest';
import type { Ballot, Registration } from '@stride/shared';
import {
  type Actor,
  DAY_MS,
  createMarathon,
  fromNow,
  getMarathon,
  registrationInput,
} from '../../testing/marathon-fixtures.js';
import {
  WAITLIST_CLAIM_HOURS,
  endHold,
  mailsTo,
  paidRaceInput,
  payOnline,
  usePaidTestApp,
} from '../../testing/paid-race-fixtures.js';
import { bearerHeaders, signUp } from '../../testing/test-app.js';

const paid = usePaidTestApp();

describe('a paid ballot race (issue 35)', () => {
  it('holds the winners’ places for them to pay; a place not paid for goes to the next drawn', async () => {
    const { app } = paid.current;
    const organizer = await signUp(app);
    const race = await createMarathon(app, organizer, {
      ...paidRaceInput(),
      capacity: 2,
      entryMode: 'ballot',
      ballotDrawAt: fromNow(3 * DAY_MS),
    });
    const runners = await Promise.all([1, 2, 3].map(() => signUp(app)));
    const entries = new Map<string, { runner: Actor & { user: { email: string } }; entry: Registration }>();
    for (const runner of runners) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: bearerHeaders(runner.token),
        payload: registrationInput(race._id, { paymentMethod: 'online' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const entry: Registration = response.json();
      expect(entry).toMatchObject({ status: 'ballot', holdExpiresAt: null, amountDue: 4500, amountPaid: 0 });
      entries.set(entry._id, { runner, entry });
    }
    await app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { endRegDate: fromNow(-1_000) },
    });

    const drawn = await app.inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/ballot/draw`,
      headers: bearerHeaders(organizer.token),
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json<Ballot>().winners).toBe(2);
    expect(await getMarathon(app, race._id)).toMatchObject({
      pendingCount: 2,
      waitlistCount: 1,
      placesLeft: 0,
    });

    const csv = await app.inject({ method: 'GET', url: `/api/marathons/${race._id}/ballot/entries.csv` });
    const [first, second, third] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]!);
    const own = async (id: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/registrations/${id}`,
          headers: bearerHeaders(entries.get(id)!.runner.token),
        })
      ).json<Registration>();
    const held = await own(first!);
    expect(held.status).toBe('pending_payment');
    const hours = (Date.parse(held.holdExpiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(WAITLIST_CLAIM_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(WAITLIST_CLAIM_HOURS);
    expect(await own(third!)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

    // The first pays; the second lets the hold run out: the place goes to the third, held for them in turn.
    await payOnline(paid.current, entries.get(first!)!.runner, first!);
    expect(await own(first!)).toMatchObject({ status: 'registered', bib: 1, paymentStatus: 'paid' });
    await endHold(paid.current, second!);
    await app.payments.worker.sweep();
    expect(await own(third!)).toMatchObject({
      status: 'pending_payment',
      ballot: { position: 3, outcome: 'waitlisted' },
    });

    await app.mail.worker.flush();
    const mails = await mailsTo(paid.current, entries.get(first!)!.runner.user.email);
    expect(mails.filter((mail) => mail.subject.startsWith('You won a place: pay by'))).toHaveLength(1);
  });
});
