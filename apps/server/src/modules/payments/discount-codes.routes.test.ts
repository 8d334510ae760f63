import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DiscountCode, type Marathon, PAYMENT_MESSAGES, type Registration } from '@stride/shared';
import { discountCodes } from '../../db/schema/index.js';
import {
  type Actor,
  DAY_MS,
  ISO_DATE_PATTERN,
  MISSING_ID,
  UUID_PATTERN,
  countRegistrationRows,
  createMarathon,
  errorFields,
  fromNow,
  insertSignedInUsers,
  register,
  registrationInput,
} from '../../testing/marathon-fixtures.js';
import { endHold, openCheckout, paidRaceInput, usePaidTestApp } from '../../testing/paid-race-fixtures.js';
import { bearerHeaders } from '../../testing/test-app.js';

/**
 * Issue 32's discount codes: the organizer adds, lists and removes them (401/403/404 as the desk); runners enter
 * with them, without regard to case; one message for every code that does not apply; uses counted under the
 * race's lock (never over the limit, however many try at once) and given back when a hold is released.
 */
const paid = usePaidTestApp();
const app = () => paid.current.app;

let organizer: Actor;
let stranger: Actor;
beforeAll(async () => {
  const [first, second] = await insertSignedInUsers(paid.current, 2);
  organizer = first!;
  stranger = second!;
});

const codesUrl = (raceId: string) => `/api/marathons/${raceId}/discount-codes`;
const addCode = (raceId: string, body: object, actor: Actor = organizer) =>
  app().inject({ method: 'POST', url: codesUrl(raceId), headers: bearerHeaders(actor.token), payload: body });
const listCodes = (raceId: string, actor: Actor = organizer) =>
  app().inject({ url: codesUrl(raceId), headers: bearerHeaders(actor.token) });
const removeCode = (raceId: string, codeId: string, actor: Actor = organizer) =>
  app().inject({
    method: 'DELETE',
    url: `${codesUrl(raceId)}/${codeId}`,
    headers: bearerHeaders(actor.token),
  });
const codesOf = async (raceId: string) => (await listCodes(raceId)).json<DiscountCode[]>();
const codeNamed = async (raceId: string, code: string) =>
  (await codesOf(raceId)).find((listed) => listed.code === code);
const newPaidRace = (overrides: Parameters<typeof paidRaceInput>[0] = {}) =>
  createMarathon(app(), organizer, paidRaceInput(overrides));
async function newCode(raceId: string, body: object): Promise<DiscountCode> {
  const response = await addCode(raceId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const enter = (
  actor: Actor,
  raceId: string,
  discountCode: string,
  paymentMethod: 'online' | 'on_site' = 'on_site',
) =>
  app().inject({
    method: 'POST',
    url: '/api/registrations',
    headers: bearerHeaders(actor.token),
    payload: registrationInput(raceId, { discountCode, paymentMethod }),
  });
const runners = (count: number) => insertSignedInUsers(paid.current, count);

describe('the organizer’s codes', () => {
  let race: Marathon;
  beforeAll(async () => {
    race = await newPaidRace();
  });

  it('adds a code: 201 with its terms, in capitals, unused and active', async () => {
    const validUntil = fromNow(10 * DAY_MS);
    const response = await addCode(race._id, {
      code: 'early-bird_20',
      percentOff: 20,
      maxUses: 5,
      validUntil,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.stringMatching(UUID_PATTERN),
      code: 'EARLY-BIRD_20',
      percentOff: 20,
      amountOff: null,
      maxUses: 5,
      validUntil,
      uses: 0,
      active: true,
    });

    expect(await newCode(race._id, { code: 'TENOFF', amountOff: 1000 })).toMatchObject({
      code: 'TENOFF',
      percentOff: null,
      amountOff: 1000,
      maxUses: null,
      validUntil: null,
    });
  });

  it('a code the race already has, whatever its case: 409; another race may have it', async () => {
    await newCode(race._id, { code: 'CLUB', percentOff: 10 });
    const again = await addCode(race._id, { code: 'club', amountOff: 100 });
    expect(again.statusCode).toBe(409);
    expect(errorFields(again)).toEqual(['code']);
    const other = await newPaidRace();
    expect((await addCode(other._id, { code: 'club', percentOff: 10 })).statusCode).toBe(201);
  });

  it.each<[string, object, string]>([
    ['a code of 2 characters', { code: 'AB', percentOff: 10 }, 'code'],
    ['a code of 33 characters', { code: 'A'.repeat(33), percentOff: 10 }, 'code'],
    ['a code with a space', { code: 'TWO WORDS', percentOff: 10 }, 'code'],
    ['a code with an accent', { code: 'ÉTÉ2030', percentOff: 10 }, 'code'],
    ['both a percentage and an amount', { code: 'BOTH', percentOff: 10, amountOff: 100 }, 'percentOff'],
    ['neither a percentage nor an amount', { code: 'NONE' }, 'percentOff'],
    ['0 % off', { code: 'ZERO', percentOff: 0 }, 'percentOff'],
    ['101 % off', { code: 'MORE', percentOff: 101 }, 'percentOff'],
    ['a fraction of a percent', { code: 'HALF', percentOff: 12.5 }, 'percentOff'],
    ['nothing off', { code: 'NOTHING', amountOff: 0 }, 'amountOff'],
    ['no use at all', { code: 'NOUSE', percentOff: 10, maxUses: 0 }, 'maxUses'],
    ['a validity that is no date', { code: 'SOON', percentOff: 10, validUntil: 'next week' }, 'validUntil'],
  ])('refuses %s: 400 on the field', async (_case, body, field) => {
    const response = await addCode(race._id, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });

  it('says which of the two to give', async () => {
    const response = await addCode(race._id, { code: 'BOTHAGAIN', percentOff: 10, amountOff: 100 });
    expect(response.json().errors).toEqual([
      { field: 'percentOff', message: 'Give exactly one of percentOff and amountOff' },
    ]);
  });

  it('lists the codes with their uses; removes an unused one, deactivates a used one', async () => {
    const own = await newPaidRace();
    const unused = await newCode(own._id, { code: 'UNUSED', percentOff: 10 });
    const used = await newCode(own._id, { code: 'USED', amountOff: 500 });
    const [runner, late] = await runners(2);
    await register(app(), runner!, own._id, { discountCode: 'used', paymentMethod: 'on_site' });

    const listed = await listCodes(own._id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { ...unused, uses: 0 },
      { ...used, uses: 1 },
    ]);

    expect((await removeCode(own._id, unused._id)).statusCode).toBe(200);
    expect((await removeCode(own._id, used._id)).statusCode).toBe(200);
    expect(await codesOf(own._id)).toEqual([{ ...used, uses: 1, active: false }]);
    // Removed, it no longer applies.
    const refused = await enter(late!, own._id, 'USED');
    expect(refused.statusCode).toBe(400);
    expect(errorFields(refused)).toEqual(['discountCode']);
  });

  it('are the organizer’s only: 401 signed out, 403 for another user, 404 for a race or code not there', async () => {
    const code = await newCode(race._id, { code: 'GUARDED', percentOff: 10 });
    const other = await newPaidRace();
    const otherCode = await newCode(other._id, { code: 'ELSEWHERE', percentOff: 10 });

    for (const request of [
      { method: 'POST' as const, url: codesUrl(race._id), payload: { code: 'SNEAKY', percentOff: 100 } },
      { method: 'GET' as const, url: codesUrl(race._id) },
      { method: 'DELETE' as const, url: `${codesUrl(race._id)}/${code._id}` },
    ]) {
      expect((await app().inject(request)).statusCode, `${request.method} signed out`).toBe(401);
      const foreign = await app().inject({ ...request, headers: bearerHeaders(stranger.token) });
      expect(foreign.statusCode, `${request.method} by a stranger`).toBe(403);
    }
    expect((await addCode(MISSING_ID, { code: 'NOWHERE', percentOff: 10 })).statusCode).toBe(404);
    expect((await addCode('not-an-id', { code: 'NOWHERE', percentOff: 10 })).statusCode).toBe(404);
    expect((await listCodes(MISSING_ID)).statusCode).toBe(404);
    expect((await removeCode(race._id, MISSING_ID)).statusCode).toBe(404);
    expect((await removeCode(race._id, 'not-an-id')).statusCode).toBe(404);
    // Another race's code, through this race.
    expect((await removeCode(race._id, otherCode._id)).statusCode).toBe(404);

    expect(await codeNamed(race._id, 'GUARDED')).toEqual(code);
    expect(await codeNamed(race._id, 'SNEAKY')).toBeUndefined();
    expect(await codeNamed(other._id, 'ELSEWHERE')).toEqual(otherCode);
  });
});

describe('entering with a code', () => {
  it('matches without regard to case: the entry carries the code and pays the discounted amount', async () => {
    const race = await newPaidRace({ entryFee: 4550 });
    await newCode(race._id, { code: 'SPRING15', percentOff: 15 });
    await newCode(race._id, { code: 'FIVER', amountOff: 500 });
    const [first, second] = await runners(2);

    // 15 % of 4550 is 682.5: 682 off.
    expect(
      await register(app(), first!, race._id, { discountCode: ' spring15 ', paymentMethod: 'on_site' }),
    ).toMatchObject({
      discountCode: 'SPRING15',
      amountDue: 3868,
      paymentStatus: 'due',
    });
    expect(
      await register(app(), second!, race._id, { discountCode: 'Fiver', paymentMethod: 'online' }),
    ).toMatchObject({
      discountCode: 'FIVER',
      amountDue: 4050,
      status: 'pending_payment',
    });
    expect((await codeNamed(race._id, 'SPRING15'))!.uses).toBe(1);
    expect((await codeNamed(race._id, 'FIVER'))!.uses).toBe(1);
  });

  it('quotes the amount with a code before entering', async () => {
    const race = await newPaidRace();
    await newCode(race._id, { code: 'QUOTE20', percentOff: 20 });
    const [runner] = await runners(1);
    const quote = (body: object) =>
      app().inject({
        method: 'POST',
        url: `/api/marathons/${race._id}/quote`,
        headers: bearerHeaders(runner!.token),
        payload: body,
      });

    expect((await quote({ discountCode: 'quote20' })).json()).toEqual({
      entryFee: 4500,
      amountDue: 3600,
      currency: 'EUR',
      discountCode: 'QUOTE20',
    });
    expect((await quote({})).json()).toEqual({
      entryFee: 4500,
      amountDue: 4500,
      currency: 'EUR',
      discountCode: null,
    });
    const unknown = await quote({ discountCode: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'discountCode', message: PAYMENT_MESSAGES.invalidCode }]);
  });

  it.each<[string, (raceId: string) => Promise<string>]>([
    ['unknown', async () => 'NOSUCHCODE'],
    [
      'of another race',
      async () => {
        const other = await newPaidRace();
        await newCode(other._id, { code: 'OTHERRACE', percentOff: 10 });
        return 'OTHERRACE';
      },
    ],
    [
      'inactive',
      async (raceId) => {
        const code = await newCode(raceId, { code: 'RETIRED', percentOff: 10 });
        const [user] = await runners(1);
        await register(app(), user!, raceId, { discountCode: 'RETIRED', paymentMethod: 'on_site' });
        await removeCode(raceId, code._id);
        return 'retired';
      },
    ],
    [
      'expired',
      async (raceId) => {
        const code = await newCode(raceId, { code: 'BYGONE', percentOff: 10, validUntil: fromNow(DAY_MS) });
        // Its time ran out.
        await paid.current.database.db
          .update(discountCodes)
          .set({ validUntil: new Date(Date.now() - 1000) })
          .where(eq(discountCodes.id, code._id));
        return 'bygone';
      },
    ],
    [
      'used up',
      async (raceId) => {
        await newCode(raceId, { code: 'ONCE', amountOff: 1000, maxUses: 1 });
        const [user] = await runners(1);
        await register(app(), user!, raceId, { discountCode: 'once', paymentMethod: 'online' });
        return 'ONCE';
      },
    ],
    ['not even a code', async () => 'no such code!'],
  ])(
    'a code that is %s: 400 on discountCode, one message for all, nobody entered',
    async (_case, codeFor) => {
      const race = await newPaidRace();
      const code = await codeFor(race._id);
      const [runner] = await runners(1);
      const rowsBefore = await countRegistrationRows(paid.current.database.db, race._id);

      const response = await enter(runner!, race._id, code);

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        message: PAYMENT_MESSAGES.invalidCode,
        errors: [{ field: 'discountCode', message: PAYMENT_MESSAGES.invalidCode }],
      });
      expect(await countRegistrationRows(paid.current.database.db, race._id)).toBe(rowsBefore);
    },
  );

  it('a code that covers the whole fee makes the entry free: registered at once, no checkout', async () => {
    const race = await newPaidRace({ capacity: 10 });
    await newCode(race._id, { code: 'COMPED', percentOff: 100 });
    await newCode(race._id, { code: 'BIGGIFT', amountOff: 10_000 });
    const [guest, other] = await runners(2);

    const entry = await register(app(), guest!, race._id, {
      discountCode: 'comped',
      paymentMethod: 'online',
    });
    expect(entry).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentStatus: 'free',
      amountDue: 0,
      amountPaid: 0,
      discountCode: 'COMPED',
      holdExpiresAt: null,
    });
    expect((await openCheckout(app(), guest!, entry._id)).statusCode).toBe(409);
    expect(await register(app(), other!, race._id, { discountCode: 'BIGGIFT' })).toMatchObject({
      status: 'registered',
      paymentStatus: 'free',
      amountDue: 0,
    });
    expect((await codeNamed(race._id, 'COMPED'))!.uses).toBe(1);
  });

  it('with maxUses N and 10·N runners at once, exactly N get the discount', async () => {
    const USES = 3;
    const race = await newPaidRace();
    await newCode(race._id, { code: 'FIRSTTHREE', percentOff: 50, maxUses: USES });
    const crowd = await runners(10 * USES);

    const answers = await Promise.all(
      crowd.map((runner, n) => enter(runner, race._id, 'firstthree', n % 2 === 0 ? 'online' : 'on_site')),
    );

    const entered = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json<Registration>());
    expect(entered).toHaveLength(USES);
    for (const entry of entered) expect(entry).toMatchObject({ discountCode: 'FIRSTTHREE', amountDue: 2250 });
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(9 * USES);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(errorFields(answer)).toEqual(['discountCode']);
    }
    expect((await codeNamed(race._id, 'FIRSTTHREE'))!.uses).toBe(USES);
  });

  it('a hold released gives its use back: the next runner may use the code', async () => {
    const race = await newPaidRace();
    await newCode(race._id, { code: 'SOLO', percentOff: 10, maxUses: 1 });
    const [holder, next] = await runners(2);
    const hold = await register(app(), holder!, race._id, { discountCode: 'SOLO', paymentMethod: 'online' });
    expect((await enter(next!, race._id, 'SOLO')).statusCode).toBe(400);

    await endHold(paid.current, hold._id);
    await app().payments.worker.sweep();

    expect((await codeNamed(race._id, 'SOLO'))!.uses).toBe(0);
    const entered = await enter(next!, race._id, 'SOLO');
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await codeNamed(race._id, 'SOLO'))!.uses).toBe(1);
  });

  it('a code valid until later applies now; its validity is an instant', async () => {
    const race = await newPaidRace();
    const code = await newCode(race._id, {
      code: 'UNTILSOON',
      percentOff: 10,
      validUntil: fromNow(60 * 1000),
    });
    expect(code.validUntil).toMatch(ISO_DATE_PATTERN);
    const [runner] = await runners(1);
    expect((await enter(runner!, race._id, 'untilsoon')).statusCode).toBe(201);
  });
});
