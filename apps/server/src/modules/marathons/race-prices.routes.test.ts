import { beforeAll, describe, expect, it } from 'vitest';
import { type Marathon, PAYMENT_MESSAGES } from '@stride/shared';
import {
  type Actor,
  DAY_MS,
  FREE_RACE_PRICES,
  ISO_DATE_PATTERN,
  type MarathonOverrides,
  createMarathon,
  errorFields,
  fromNow,
  getMarathon,
  insertSignedInUsers,
  marathonInput,
  register,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { paidRaceInput, usePaidTestApp } from '../../testing/paid-race-fixtures.js';
import { bearerHeaders } from '../../testing/test-app.js';
import { PRICE_MESSAGES } from './prices.js';

/**
 * Issue 32's prices as race fields: on add and update, in every race returned (the fee now and its next change),
 * refused with the field to fix; online payment only on a server with Stripe set up.
 */
const paid = usePaidTestApp();
const app = () => paid.current.app;
const HOUR_MS = 60 * 60 * 1000;

let organizer: Actor;
beforeAll(async () => {
  const [first] = await insertSignedInUsers(paid.current, 1);
  organizer = first!;
});

const addRace = (body: MarathonOverrides, actor: Actor = organizer) =>
  app().inject({
    method: 'POST',
    url: '/api/add-marathon',
    headers: bearerHeaders(actor.token),
    payload: marathonInput(body),
  });
const updateRace = (id: string, body: object, actor: Actor = organizer) =>
  app().inject({
    method: 'PATCH',
    url: `/api/marathons/${id}`,
    headers: bearerHeaders(actor.token),
    payload: body,
  });
const newPaidRace = (overrides: MarathonOverrides = {}) =>
  createMarathon(app(), organizer, paidRaceInput(overrides));
const runners = (count: number) => insertSignedInUsers(paid.current, count);
const raceOf = async (id: string) => (await getMarathon(app(), id))!;
/** The 400's problems: the fields they name and what they say. */
const problemOf = (response: { json: () => { errors?: unknown } }) => response.json().errors;

describe("a race's prices", () => {
  it('a new race is free unless priced; with Stripe set up it takes payment online by default', async () => {
    const race = await createMarathon(app(), organizer);
    expect(race).toMatchObject({ ...FREE_RACE_PRICES, paymentMethods: ['online'] });
  });

  it('a priced race carries its prices, the fee now and the next change, in every race returned', async () => {
    const firstEnds = fromNow(-DAY_MS);
    const secondEnds = new Date(Math.floor((Date.now() + DAY_MS) / 1000) * 1000).toISOString();
    const response = await addRace({
      capacity: 50,
      entryFee: 5500,
      currency: 'EUR',
      priceTiers: [
        { until: firstEnds, entryFee: 3500 },
        { until: secondEnds, entryFee: 4500 },
      ],
      paymentMethods: ['on_site', 'online'],
      refundPolicy: { percent: 50, until: fromNow(5 * DAY_MS) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const race = response.json<Marathon>();
    const prices = {
      entryFee: 5500,
      currency: 'EUR',
      priceTiers: [
        { until: firstEnds, entryFee: 3500 },
        { until: secondEnds, entryFee: 4500 },
      ],
      paymentMethods: ['on_site', 'online'],
      refundPolicy: { percent: 50, until: expect.stringMatching(ISO_DATE_PATTERN) },
      currentFee: 4500,
      nextFeeChange: { at: secondEnds, entryFee: 5500 },
      pendingCount: 0,
      placesLeft: 50,
    };
    expect(race).toMatchObject(prices);

    expect(await raceOf(race._id)).toMatchObject(prices);
    const lists = await Promise.all(
      [
        `/api/marathons?q=${encodeURIComponent(race.title)}`,
        '/api/upcoming-marathons?limit=100',
        '/api/my-marathons',
        '/api/marathons/featured',
      ].map((url) => app().inject({ url, headers: bearerHeaders(organizer.token) })),
    );
    for (const list of lists) {
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json<Marathon[]>().find((other) => other._id === race._id);
      expect(listed, list.body).toMatchObject(prices);
    }
  });

  it('an update changes the prices it sends and keeps the others', async () => {
    const tierEnds = new Date(Math.floor((Date.now() + DAY_MS) / 1000) * 1000).toISOString();
    const race = await newPaidRace({ priceTiers: [{ until: tierEnds, entryFee: 3000 }] });
    expect(race).toMatchObject({ currentFee: 3000, nextFeeChange: { at: tierEnds, entryFee: 4500 } });

    const raised = await updateRace(race._id, { entryFee: 6000 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().marathon).toMatchObject({
      entryFee: 6000,
      priceTiers: [{ until: tierEnds, entryFee: 3000 }],
      currentFee: 3000,
      nextFeeChange: { at: tierEnds, entryFee: 6000 },
      paymentMethods: ['online', 'on_site'],
    });

    const flat = await updateRace(race._id, {
      priceTiers: [],
      paymentMethods: ['on_site'],
      refundPolicy: { percent: 100, until: null },
      currency: 'USD',
    });
    expect(flat.json().marathon).toMatchObject({
      entryFee: 6000,
      currency: 'USD',
      priceTiers: [],
      currentFee: 6000,
      nextFeeChange: null,
      paymentMethods: ['on_site'],
      refundPolicy: { percent: 100, until: null },
    });
    expect(await raceOf(race._id)).toMatchObject({ currency: 'USD', currentFee: 6000 });
  });

  const tooMany = Array.from({ length: 11 }, (_, n) => ({
    until: fromNow((n + 1) * 60 * 1000),
    entryFee: 100,
  }));
  it.each<[string, MarathonOverrides, string, string?]>([
    ['a negative fee', { entryFee: -1 }, 'entryFee'],
    ['a fee above 10,000,000', { entryFee: 10_000_001 }, 'entryFee'],
    ['a fee in major units', { entryFee: 45.5 }, 'entryFee'],
    ['a fee as text', { entryFee: '4500' as never }, 'entryFee'],
    ['a currency in lower case', { currency: 'eur' }, 'currency'],
    ['a currency that is no ISO 4217 code', { currency: 'EURO' }, 'currency'],
    ['an unknown currency', { currency: 'ABC' }, 'currency'],
    [
      'tiers out of order',
      {
        priceTiers: [
          { until: fromNow(DAY_MS), entryFee: 100 },
          { until: fromNow(HOUR_MS), entryFee: 200 },
        ],
      },
      'priceTiers.1.until',
      'Price tiers must end in ascending order',
    ],
    [
      'two tiers ending at once',
      {
        priceTiers: [
          { until: fromNow(HOUR_MS), entryFee: 100 },
          { until: fromNow(HOUR_MS), entryFee: 200 },
        ],
      },
      'priceTiers.1.until',
    ],
    [
      'a tier ending after registration closes',
      { priceTiers: [{ until: fromNow(3 * DAY_MS), entryFee: 100 }] },
      'priceTiers.0.until',
      PRICE_MESSAGES.tierAfterClose,
    ],
    ['more than 10 tiers', { priceTiers: tooMany }, 'priceTiers'],
    [
      'a tier with a negative fee',
      { priceTiers: [{ until: fromNow(HOUR_MS), entryFee: -5 }] },
      'priceTiers.0.entryFee',
    ],
    ['a tier without an end', { priceTiers: [{ entryFee: 100 } as never] }, 'priceTiers.0.until'],
    ['no way to pay a paid race', { paymentMethods: [] }, 'paymentMethods', PRICE_MESSAGES.noMethod],
    ['an unknown way to pay', { paymentMethods: ['cash' as never] }, 'paymentMethods.0'],
    ['a way to pay twice', { paymentMethods: ['online', 'online'] }, 'paymentMethods'],
    ['a refund above 100 %', { refundPolicy: { percent: 101, until: null } }, 'refundPolicy.percent'],
    [
      'a refund deadline that is no date',
      { refundPolicy: { percent: 50, until: 'soon' } },
      'refundPolicy.until',
    ],
  ])('refuses %s: 400 on the field', async (_case, overrides, field, message) => {
    const response = await addRace(paidRaceInput(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorFields(response)).toEqual([field]);
    if (message) expect(response.json().errors[0].message).toBe(message);
  });

  it('takes the edges: a fee of 10,000,000 and a tier ending the instant registration closes', async () => {
    const input = marathonInput();
    const response = await addRace({
      ...input,
      entryFee: 10_000_000,
      priceTiers: [{ until: input.endRegDate, entryFee: 0 }],
      paymentMethods: ['on_site'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ currentFee: 0, nextFeeChange: { entryFee: 10_000_000 } });
  });

  it('a free race needs no way to pay', async () => {
    const response = await addRace({ entryFee: 0, paymentMethods: [] });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses to move registration’s close before a tier ends', async () => {
    const race = await newPaidRace({ priceTiers: [{ until: fromNow(DAY_MS), entryFee: 3000 }] });
    const response = await updateRace(race._id, { endRegDate: fromNow(HOUR_MS) });
    expect(response.statusCode, response.body).toBe(400);
    expect(problemOf(response)).toEqual([
      { field: 'priceTiers.0.until', message: PRICE_MESSAGES.tierAfterClose },
    ]);
  });

  it('the currency is fixed once an entry has money on it', async () => {
    const race = await newPaidRace();
    const [runner] = await runners(1);
    await register(app(), runner!, race._id, { paymentMethod: 'on_site' });
    const response = await updateRace(race._id, { currency: 'USD' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(PRICE_MESSAGES.currencyInUse);
    expect(await raceOf(race._id)).toMatchObject({ currency: 'EUR' });
  });
});

describe('a server without Stripe', () => {
  const plain = useTestApp();
  let host: Actor;
  beforeAll(async () => {
    const [first] = await insertSignedInUsers(plain.current, 1);
    host = first!;
  });

  it('refuses online payment: 400 on paymentMethods, on add and update', async () => {
    const add = await plain.current.app.inject({
      method: 'POST',
      url: '/api/add-marathon',
      headers: bearerHeaders(host.token),
      payload: marathonInput({ entryFee: 4500, paymentMethods: ['online', 'on_site'] }),
    });
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json().errors).toEqual([
      { field: 'paymentMethods', message: PAYMENT_MESSAGES.onlineNotSetUp },
    ]);

    const race = await createMarathon(plain.current.app, host, { entryFee: 4500 });
    expect(race).toMatchObject({ entryFee: 4500, paymentMethods: ['on_site'] });
    const update = await plain.current.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(host.token),
      payload: { paymentMethods: ['online'] },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().errors).toEqual([
      { field: 'paymentMethods', message: PAYMENT_MESSAGES.onlineNotSetUp },
    ]);
  });

  it('registers on site, and refuses online: 400 on paymentMethod', async () => {
    const race = await createMarathon(plain.current.app, host, { entryFee: 4500 });
    const [runner, other] = await insertSignedInUsers(plain.current, 2);
    const online = await plain.current.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: bearerHeaders(runner!.token),
      payload: registrationInput(race._id, { paymentMethod: 'online' }),
    });
    expect(online.statusCode, online.body).toBe(400);
    expect(errorFields(online)).toEqual(['paymentMethod']);
    expect(await register(plain.current.app, other!, race._id)).toMatchObject({
      status: 'registered',
      paymentStatus: 'due',
      amountDue: 4500,
    });
  });
});
