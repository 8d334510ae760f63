import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DiscountCode, type Marathon, type Participant, STAFF_MESSAGES } from '@stride/shared';
import {
  type Actor,
  createMarathon,
  getMarathon,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { joinTeam, removeFromTeam } from '../../testing/staff-fixtures.js';
import { type AuthUser, bearerHeaders } from '../../testing/test-app.js';

/**
 * Issue 33's roles on the race's existing calls: a co-organizer does what the organizer does, but delete the race;
 * a check-in volunteer, a removed member and a stranger get the 403 a stranger always got; nobody signed in, 401.
 */
const main = useTestApp();
const app = () => main.current.app;

/** The refusals strangers got before the race had a team, unchanged. */
const REFUSALS = {
  race: 'Only the organizer who created this marathon can change it.',
  desk: 'Only the organizer of this marathon can see or change its participants.',
  cancel: "Only the organizer of this marathon can cancel its participants' registrations.",
  payments: 'Only the organizer of this marathon can manage its payments and discount codes.',
};

type Role = 'organizer' | 'coorganizer' | 'checkin' | 'removed' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['organizer', 'coorganizer', 'checkin', 'removed', 'stranger', 'anonymous'];
/** Who may organize the race: everyone else is refused. */
const ORGANIZING = new Set<Role>(['organizer', 'coorganizer']);

type Member = Actor & { user: AuthUser };
let actors: Record<Exclude<Role, 'anonymous'>, Member>;
let organizer: Actor;
let race: Marathon;
let runnersLeft: Actor[];

/** A team for `raceId`: a co-organizer, a check-in volunteer and a co-organizer since removed. */
async function buildTeam(
  host: Actor,
  raceId: string,
  members: Record<'coorganizer' | 'checkin' | 'removed', Member>,
) {
  await joinTeam(main.current, host, members.coorganizer, raceId, 'coorganizer');
  await joinTeam(main.current, host, members.checkin, raceId, 'checkin');
  const gone = await joinTeam(main.current, host, members.removed, raceId, 'coorganizer');
  await removeFromTeam(app(), host, raceId, gone._id);
}

beforeAll(async () => {
  const [host, coorganizer, checkin, removed, stranger, ...runners] = await insertSignedInUsers(
    main.current,
    5 + 40,
  );
  actors = {
    organizer: host!,
    coorganizer: coorganizer!,
    checkin: checkin!,
    removed: removed!,
    stranger: stranger!,
  };
  organizer = host!;
  runnersLeft = runners;
  // A fee paid on site: the desk records it.
  race = await createMarathon(app(), organizer, {
    entryFee: 4500,
    currency: 'EUR',
    paymentMethods: ['on_site'],
  });
  await buildTeam(organizer, race._id, actors);
  for (const runner of runnersLeft.splice(0, 3)) await register(app(), runner, race._id);
});

const inject = (
  actor: Actor | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app().inject({
    method,
    url,
    ...(actor && { headers: bearerHeaders(actor.token) }),
    ...(payload && { payload }),
  });

/** A new runner's entry in the race (for the calls that use one up). */
const newEntry = async () => (await register(app(), runnersLeft.pop()!, race._id))._id;

/** A new discount code of the race (for the call that removes one). */
async function newCode(): Promise<string> {
  const response = await inject(organizer, 'POST', `/api/marathons/${race._id}/discount-codes`, {
    code: `C${randomUUID().slice(0, 8)}`,
    percentOff: 10,
  });
  return response.json<DiscountCode>()._id;
}

/** Each organizing call on the race: what an organizer gets, the stranger's refusal, and the request. */
const CALLS: Array<{
  name: string;
  ok: number;
  refusal: string;
  send: (actor: Actor | undefined) => Promise<LightMyRequestResponse>;
}> = [
  {
    name: 'change the race',
    ok: 200,
    refusal: REFUSALS.race,
    send: (actor) => inject(actor, 'PATCH', `/api/marathons/${race._id}`, { location: 'Porto' }),
  },
  {
    name: 'list its entries',
    ok: 200,
    refusal: REFUSALS.desk,
    send: (actor) => inject(actor, 'GET', `/api/marathons/${race._id}/participants?limit=5`),
  },
  {
    // The race is read before the filter: this race has no age groups, so an organizer's answer is 400.
    name: 'list its entries by age group',
    ok: 400,
    refusal: REFUSALS.desk,
    send: (actor) => inject(actor, 'GET', `/api/marathons/${race._id}/participants?ageGroup=18-39`),
  },
  {
    name: 'export the CSV',
    ok: 200,
    refusal: REFUSALS.desk,
    send: (actor) => inject(actor, 'GET', `/api/marathons/${race._id}/participants.csv`),
  },
  {
    name: 'read the stats',
    ok: 200,
    refusal: REFUSALS.desk,
    send: (actor) => inject(actor, 'GET', `/api/marathons/${race._id}/stats`),
  },
  {
    name: 'cancel an entry',
    ok: 200,
    refusal: REFUSALS.cancel,
    send: async (actor) =>
      inject(actor, 'DELETE', `/api/marathons/${race._id}/participants/${await newEntry()}`),
  },
  {
    name: 'record an on-site payment',
    ok: 200,
    refusal: REFUSALS.payments,
    send: async (actor) =>
      inject(actor, 'POST', `/api/marathons/${race._id}/participants/${await newEntry()}/payment`, {
        status: 'paid',
      }),
  },
  {
    name: 'add a discount code',
    ok: 201,
    refusal: REFUSALS.payments,
    send: (actor) =>
      inject(actor, 'POST', `/api/marathons/${race._id}/discount-codes`, {
        code: `C${randomUUID().slice(0, 8)}`,
        amountOff: 500,
      }),
  },
  {
    name: 'list the discount codes',
    ok: 200,
    refusal: REFUSALS.payments,
    send: (actor) => inject(actor, 'GET', `/api/marathons/${race._id}/discount-codes`),
  },
  {
    name: 'remove a discount code',
    ok: 200,
    refusal: REFUSALS.payments,
    send: async (actor) =>
      inject(actor, 'DELETE', `/api/marathons/${race._id}/discount-codes/${await newCode()}`),
  },
];

describe.each(CALLS)('$name', ({ ok, refusal, send }) => {
  it.each(ROLES)('as %s', async (role) => {
    const response = await send(role === 'anonymous' ? undefined : actors[role]);

    if (role === 'anonymous') expect(response.statusCode).toBe(401);
    else if (ORGANIZING.has(role)) expect(response.statusCode, response.body).toBe(ok);
    else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, message: refusal });
    }
  });
});

describe('a co-organizer at the desk', () => {
  it('sees the entries, the CSV and the stats the organizer sees', async () => {
    const as = (actor: Actor, path: string) => inject(actor, 'GET', `/api/marathons/${race._id}/${path}`);
    for (const path of [
      'participants?limit=100',
      'participants?q=Ada&sort=lastName',
      'participants.csv',
      'stats',
    ]) {
      const [own, co] = await Promise.all([as(organizer, path), as(actors.coorganizer, path)]);

      expect(co.statusCode).toBe(200);
      expect(co.body).toBe(own.body);
    }
    const list = (await as(actors.coorganizer, 'participants?limit=100')).json<Participant[]>();
    expect(list.length).toBeGreaterThanOrEqual(3);
  });

  it('changes the race as the organizer would', async () => {
    const changed = await inject(actors.coorganizer, 'PATCH', `/api/marathons/${race._id}`, {
      location: 'Faro',
    });

    expect(changed.statusCode).toBe(200);
    expect((await getMarathon(app(), race._id))!.location).toBe('Faro');
  });
});

describe('deleting the race', () => {
  it('is the organizer’s alone: the team is told so, a removed member and a stranger what they always were', async () => {
    const refusals: Array<[Actor, string]> = [
      [actors.coorganizer, STAFF_MESSAGES.onlyOrganizerDelete],
      [actors.checkin, STAFF_MESSAGES.onlyOrganizerDelete],
      [actors.removed, REFUSALS.race],
      [actors.stranger, REFUSALS.race],
    ];
    for (const [actor, message] of refusals) {
      const response = await inject(actor, 'DELETE', `/api/marathons/${race._id}`);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, message });
    }
    expect((await inject(undefined, 'DELETE', `/api/marathons/${race._id}`)).statusCode).toBe(401);
    expect(await getMarathon(app(), race._id)).not.toBeNull();
  });

  it('by its organizer ends its team with it', async () => {
    const doomed = await createMarathon(app(), organizer);
    await buildTeam(organizer, doomed._id, actors);

    const deleted = await inject(organizer, 'DELETE', `/api/marathons/${doomed._id}`);

    expect(deleted.statusCode).toBe(200);
    expect(await getMarathon(app(), doomed._id)).toBeNull();
    const helped = await inject(actors.coorganizer, 'GET', '/api/my-staff-races');
    expect(helped.json<Marathon[]>().map((helpedRace) => helpedRace._id)).toEqual([race._id]);
  });
});
