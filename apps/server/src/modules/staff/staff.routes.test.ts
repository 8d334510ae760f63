import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Marathon,
  RACE_DAY_LIMITS,
  STAFF_MESSAGES,
  type StaffInvitation,
  type StaffMember,
  type StaffRace,
  TOTAL_COUNT_HEADER,
} from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import {
  type Actor,
  DAY_MS,
  ISO_DATE_PATTERN,
  MALFORMED_IDS,
  MISSING_ID,
  UUID_PATTERN,
  createMarathon,
  errorFields,
  fromNow,
  insertSignedInUsers,
} from '../../testing/marathon-fixtures.js';
import { type SmtpReceiver, mailsTo } from '../../testing/paid-race-fixtures.js';
import { startSmtpReceiver } from '../../testing/smtp-receiver.js';
import {
  answerInvitation,
  invitationTokenFor,
  inviteToTeam,
  joinTeam,
  removeFromTeam,
} from '../../testing/staff-fixtures.js';
import {
  type AuthUser,
  type SignedIn,
  type TestApp,
  TEST_PUBLIC_URL,
  bearerHeaders,
  buildTestApp,
  createTestConfig,
  makeSignUpInput,
  signUp,
} from '../../testing/test-app.js';

/**
 * Issue 33's team through the API: invitations (their mail, token and answers), the team's calls for every role,
 * and the races one helps with. Mail goes to a local SMTP receiver.
 */
let main: TestApp & { smtp: SmtpReceiver };
beforeAll(async () => {
  const smtp = await startSmtpReceiver();
  const base = createTestConfig();
  main = { ...(await buildTestApp({ config: { mail: { ...base.mail, smtpUrl: smtp.url } } })), smtp };
});
afterAll(async () => {
  await main?.close();
  await main?.smtp.close();
});

type Member = Actor & { user: AuthUser };
const users = (count: number): Promise<Member[]> => insertSignedInUsers(main, count);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, actor?: Actor, payload?: object) =>
  main.app.inject({
    method,
    url,
    ...(actor && { headers: bearerHeaders(actor.token) }),
    ...(payload && { payload }),
  });
const teamOf = (raceId: string, actor?: Actor) => call('GET', `/api/marathons/${raceId}/staff`, actor);
const invitationsOf = (actor: Actor) => call('GET', '/api/my-staff-invitations', actor);
const staffRacesOf = (actor: Actor, query = '') => call('GET', `/api/my-staff-races${query}`, actor);

describe('an invitation', () => {
  let organizer: SignedIn;
  let race: Marathon;
  beforeAll(async () => {
    organizer = await signUp(main.app, makeSignUpInput({ name: 'Grace Hopper' }));
    race = await createMarathon(main.app, organizer, { title: 'Lisbon Half' });
  });

  it('is a member "invited", mailed with the race, the role, the organizer and a link holding its token', async () => {
    const [invitee] = await users(1);

    const response = await inviteToTeam(main.app, organizer, race._id, invitee!.user.email, 'checkin');

    expect(response.statusCode).toBe(201);
    const member = response.json<StaffMember>();
    expect(member).toEqual({
      _id: expect.stringMatching(UUID_PATTERN),
      email: invitee!.user.email,
      role: 'checkin',
      status: 'invited',
      name: null,
      invitedAt: expect.stringMatching(ISO_DATE_PATTERN),
      acceptedAt: null,
    });
    const mails = await mailsTo(main, invitee!.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You're invited to help with Lisbon Half");
    expect(mails[0]!.text).toContain(
      'Grace Hopper invites you to help with Lisbon Half as Check-in volunteer',
    );
    const link = new RegExp(`${TEST_PUBLIC_URL}/dashboard/team-invitations\\?token=([\\w-]+)`).exec(
      mails[0]!.text,
    );
    expect(link).not.toBeNull();
    // 32 random bytes, base64url; only its SHA-256 is kept.
    const token = link![1]!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = rowsOf<{ token_hash: string }>(
      await main.database.db.execute(sql`select token_hash from race_staff where id = ${member._id}`),
    );
    expect(stored!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('waits in the invitee’s list (their address in any case), and nobody else’s', async () => {
    const [invitee, other] = await users(2);
    const email = invitee!.user.email.toUpperCase();
    const invited = (
      await inviteToTeam(main.app, organizer, race._id, email, 'coorganizer')
    ).json<StaffMember>();

    const listed = await invitationsOf(invitee!);

    expect(invited.email).toBe(invitee!.user.email);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<StaffInvitation[]>()).toEqual([
      {
        _id: invited._id,
        role: 'coorganizer',
        invitedAt: invited.invitedAt,
        marathonId: race._id,
        marathonTitle: 'Lisbon Half',
        marathonDate: race.startDate,
        marathonTimeZone: race.timeZone,
        organizerName: 'Grace Hopper',
      },
    ]);
    expect((await invitationsOf(other!)).json()).toEqual([]);
    expect((await invitationsOf(organizer)).json()).toEqual([]);
  });

  it('is accepted only by the invitee signed in with the mailed token: anything else is 404', async () => {
    const [invitee, other] = await users(2);
    const invited = (
      await inviteToTeam(main.app, organizer, race._id, invitee!.user.email, 'coorganizer')
    ).json<StaffMember>();
    const token = await invitationTokenFor(main.database.db, invitee!.user.email);
    const refusals = [
      await answerInvitation(main.app, invitee!, invited._id, 'accept', `${token}x`),
      await answerInvitation(main.app, invitee!, invited._id, 'accept', ''),
      await answerInvitation(main.app, invitee!, invited._id, 'accept'),
      await answerInvitation(main.app, other!, invited._id, 'accept', token),
      await answerInvitation(main.app, organizer, invited._id, 'accept', token),
      await answerInvitation(main.app, invitee!, MISSING_ID, 'accept', token),
      await answerInvitation(main.app, other!, invited._id, 'decline', token),
      await answerInvitation(main.app, invitee!, invited._id, 'decline', 'wrong'),
      ...(await Promise.all(
        MALFORMED_IDS.map((id) =>
          answerInvitation(main.app, invitee!, encodeURIComponent(id), 'accept', token),
        ),
      )),
    ];

    for (const refused of refusals) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: STAFF_MESSAGES.invitationNotFound });
    }
    expect((await teamOf(race._id, organizer)).json<StaffMember[]>()).toContainEqual(invited);

    const accepted = await answerInvitation(main.app, invitee!, invited._id, 'accept', token);

    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      ...invited,
      status: 'active',
      name: invitee!.user.name,
      acceptedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect((await teamOf(race._id, invitee!)).statusCode).toBe(200);
    expect((await invitationsOf(invitee!)).json()).toEqual([]);
    // Once active, the token is spent.
    const again = await answerInvitation(main.app, invitee!, invited._id, 'accept', token);
    expect(again.statusCode).toBe(404);
    expect((await answerInvitation(main.app, invitee!, invited._id, 'decline', token)).statusCode).toBe(404);
  });

  it('is declined by the invitee with the token: gone, and the address can be invited again', async () => {
    const [invitee] = await users(1);
    const invited = (
      await inviteToTeam(main.app, organizer, race._id, invitee!.user.email, 'checkin')
    ).json<StaffMember>();
    const token = await invitationTokenFor(main.database.db, invitee!.user.email);

    const declined = await answerInvitation(main.app, invitee!, invited._id, 'decline', token);

    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ success: true, message: STAFF_MESSAGES.declined, deletedCount: 1 });
    expect(
      (await teamOf(race._id, organizer)).json<StaffMember[]>().map((member) => member._id),
    ).not.toContain(invited._id);
    expect((await invitationsOf(invitee!)).json()).toEqual([]);
    expect((await answerInvitation(main.app, invitee!, invited._id, 'accept', token)).statusCode).toBe(404);

    const reinvited = await inviteToTeam(main.app, organizer, race._id, invitee!.user.email, 'coorganizer');

    expect(reinvited.statusCode).toBe(201);
    const newToken = await invitationTokenFor(main.database.db, invitee!.user.email);
    expect(newToken).not.toBe(token);
    expect((await mailsTo(main, invitee!.user.email)).map((mail) => mail.subject)).toEqual([
      "You're invited to help with Lisbon Half",
      "You're invited to help with Lisbon Half",
    ]);
    const { _id } = reinvited.json<StaffMember>();
    expect((await answerInvitation(main.app, invitee!, _id, 'accept', token)).statusCode).toBe(404);
    const accepted = await answerInvitation(main.app, invitee!, _id, 'accept', newToken);
    expect(accepted.json()).toMatchObject({ status: 'active', role: 'coorganizer' });
  });
});

describe('inviting', () => {
  let organizer: Member;
  let race: Marathon;
  beforeAll(async () => {
    [organizer] = (await users(1)) as [Member];
    race = await createMarathon(main.app, organizer);
  });

  it('the same address again, invited or active, in any case, is 409', async () => {
    const [invited, active] = await users(2);
    await inviteToTeam(main.app, organizer, race._id, invited!.user.email, 'checkin');
    await joinTeam(main, organizer, active!, race._id, 'checkin');

    for (const email of [invited!.user.email, active!.user.email, active!.user.email.toUpperCase()]) {
      const again = await inviteToTeam(main.app, organizer, race._id, email, 'coorganizer');

      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, message: STAFF_MESSAGES.alreadyInvited });
    }
  });

  it('the organizer’s own address is 400 naming the field email', async () => {
    const own = await inviteToTeam(
      main.app,
      organizer,
      race._id,
      organizer.user.email.toUpperCase(),
      'checkin',
    );

    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: STAFF_MESSAGES.ownEmail });
    expect(errorFields(own)).toEqual(['email']);
  });

  it('refuses a bad address or role with 400 naming the field', async () => {
    const badEmail = await inviteToTeam(main.app, organizer, race._id, 'not-an-address', 'checkin');
    const badRole = await call('POST', `/api/marathons/${race._id}/staff`, organizer, {
      email: 'someone@example.com',
      role: 'organizer',
    });

    expect(badEmail.statusCode).toBe(400);
    expect(errorFields(badEmail)).toEqual(['email']);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ errors: [{ field: 'role', message: STAFF_MESSAGES.role }] });
  });

  it(`stops at ${RACE_DAY_LIMITS.teamSize} members with 409`, async () => {
    const [host] = await users(1);
    const full = await createMarathon(main.app, host!);
    await main.database.db.execute(sql`
      insert into race_staff (marathon_id, email, role, token_hash)
      select ${full._id}, 'member-' || n || '@example.com', 'checkin', md5(n::text)
      from generate_series(1, ${RACE_DAY_LIMITS.teamSize - 1}) n`);

    const last = await inviteToTeam(main.app, host!, full._id, 'last@example.com', 'checkin');
    const over = await inviteToTeam(main.app, host!, full._id, 'over@example.com', 'checkin');

    expect(last.statusCode).toBe(201);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: STAFF_MESSAGES.teamFull });
  });

  it('answers 404 for an unknown or malformed race, on every team call', async () => {
    for (const id of [MISSING_ID, ...MALFORMED_IDS.map(encodeURIComponent)]) {
      const responses = [
        await inviteToTeam(main.app, organizer, id, 'someone@example.com', 'checkin'),
        await teamOf(id, organizer),
        await call('PATCH', `/api/marathons/${id}/staff/${MISSING_ID}`, organizer, { role: 'checkin' }),
        await call('DELETE', `/api/marathons/${id}/staff/${MISSING_ID}`, organizer),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Marathon not found' });
      }
    }
  });

  it('answers 404 for a member of another race, an unknown or a malformed one', async () => {
    const [otherHost, member] = await users(2);
    const other = await createMarathon(main.app, otherHost!);
    const elsewhere = await joinTeam(main, otherHost!, member!, other._id, 'checkin');

    for (const staffId of [elsewhere._id, MISSING_ID, 'not-an-id']) {
      const patched = await call('PATCH', `/api/marathons/${race._id}/staff/${staffId}`, organizer, {
        role: 'coorganizer',
      });
      const removed = await removeFromTeam(main.app, organizer, race._id, staffId);

      expect(patched.statusCode).toBe(404);
      expect(patched.json()).toMatchObject({ message: STAFF_MESSAGES.memberNotFound });
      expect(removed.statusCode).toBe(404);
      expect(removed.json()).toMatchObject({ message: STAFF_MESSAGES.memberNotFound });
    }
    expect((await teamOf(other._id, otherHost!)).json()).toEqual([elsewhere]);
  });
});

describe('the team’s calls, for every role', () => {
  let organizer: Member;
  let coorganizer: Member;
  let checkin: Member;
  let removed: Member;
  let stranger: Member;
  let race: Marathon;
  let team: StaffMember[];
  beforeAll(async () => {
    [organizer, coorganizer, checkin, removed, stranger] = (await users(5)) as [
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    race = await createMarathon(main.app, organizer!);
    await joinTeam(main, organizer!, coorganizer!, race._id, 'coorganizer');
    await joinTeam(main, organizer!, checkin!, race._id, 'checkin');
    const gone = await joinTeam(main, organizer!, removed!, race._id, 'coorganizer');
    await removeFromTeam(main.app, organizer!, race._id, gone._id);
    await inviteToTeam(main.app, organizer!, race._id, 'pending@example.com', 'checkin');
    team = (await teamOf(race._id, organizer!)).json<StaffMember[]>();
  });

  it('lists the team to the organizer and co-organizers, the oldest invitation first', async () => {
    expect(team.map(({ email, role, status }) => ({ email, role, status }))).toEqual([
      { email: coorganizer.user.email, role: 'coorganizer', status: 'active' },
      { email: checkin.user.email, role: 'checkin', status: 'active' },
      { email: 'pending@example.com', role: 'checkin', status: 'invited' },
    ]);
    expect(team.map((member) => member.name)).toEqual([coorganizer.user.name, checkin.user.name, null]);
    const asCoorganizer = await teamOf(race._id, coorganizer);
    expect(asCoorganizer.statusCode).toBe(200);
    expect(asCoorganizer.json()).toEqual(team);
  });

  it('refuses the list to a check-in volunteer, a removed member and a stranger (403), anyone signed out (401)', async () => {
    const refusals: Array<[Actor, string]> = [
      [checkin, STAFF_MESSAGES.checkinOnly],
      [removed, STAFF_MESSAGES.notOnTeam],
      [stranger, STAFF_MESSAGES.notOnTeam],
    ];
    for (const [actor, message] of refusals) {
      const response = await teamOf(race._id, actor);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, message });
    }
    expect((await teamOf(race._id)).statusCode).toBe(401);
  });

  it('lets only the organizer invite, change a role or remove: 403 for everyone else, 401 signed out', async () => {
    const target = team[2]!;
    for (const actor of [coorganizer, checkin, removed, stranger]) {
      const responses = [
        await inviteToTeam(main.app, actor, race._id, 'another@example.com', 'checkin'),
        await call('PATCH', `/api/marathons/${race._id}/staff/${target._id}`, actor, { role: 'coorganizer' }),
        await removeFromTeam(main.app, actor, race._id, target._id),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: STAFF_MESSAGES.onlyOrganizerTeam });
      }
    }
    const signedOut = [
      await call('POST', `/api/marathons/${race._id}/staff`, undefined, {
        email: 'a@example.com',
        role: 'checkin',
      }),
      await call('PATCH', `/api/marathons/${race._id}/staff/${target._id}`, undefined, { role: 'checkin' }),
      await call('DELETE', `/api/marathons/${race._id}/staff/${target._id}`),
      await call('GET', '/api/my-staff-invitations'),
      await call('POST', `/api/staff/${target._id}/accept`, undefined, { token: 'x' }),
      await call('POST', `/api/staff/${target._id}/decline`, undefined, { token: 'x' }),
      await call('GET', '/api/my-staff-races'),
    ];
    for (const response of signedOut) expect(response.statusCode).toBe(401);
    expect((await teamOf(race._id, organizer)).json()).toEqual(team);
  });

  it('lets the organizer change a role and remove a member (200)', async () => {
    const [member] = await users(1);
    const joined = await joinTeam(main, organizer, member!, race._id, 'checkin');

    const patched = await call('PATCH', `/api/marathons/${race._id}/staff/${joined._id}`, organizer, {
      role: 'coorganizer',
    });
    const deleted = await removeFromTeam(main.app, organizer, race._id, joined._id);

    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...joined, role: 'coorganizer' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: STAFF_MESSAGES.removed, deletedCount: 1 });
    expect((await teamOf(race._id, organizer)).json()).toEqual(team);
  });
});

describe('a role changed or ended', () => {
  it('holds on the member’s next request, in another app on the same database too', async () => {
    const second = await buildTestApp({ database: main.database });
    try {
      const [organizer, member] = await users(2);
      const race = await createMarathon(main.app, organizer!);
      const joined = await joinTeam(main, organizer!, member!, race._id, 'coorganizer');
      const changeRace = (app: TestApp['app']) =>
        app.inject({
          method: 'PATCH',
          url: `/api/marathons/${race._id}`,
          headers: bearerHeaders(member!.token),
          payload: { location: 'Porto' },
        });
      const readTeam = (app: TestApp['app']) =>
        app.inject({ url: `/api/marathons/${race._id}/staff`, headers: bearerHeaders(member!.token) });
      expect((await changeRace(second.app)).statusCode).toBe(200);
      expect((await readTeam(second.app)).statusCode).toBe(200);

      await call('PATCH', `/api/marathons/${race._id}/staff/${joined._id}`, organizer, { role: 'checkin' });

      const asCheckin = await changeRace(second.app);
      expect(asCheckin.statusCode).toBe(403);
      expect(asCheckin.json()).toMatchObject({
        message: 'Only the organizer who created this marathon can change it.',
      });
      expect((await readTeam(second.app)).json()).toMatchObject({ message: STAFF_MESSAGES.checkinOnly });

      await call('PATCH', `/api/marathons/${race._id}/staff/${joined._id}`, organizer, {
        role: 'coorganizer',
      });
      expect((await changeRace(second.app)).statusCode).toBe(200);

      await removeFromTeam(main.app, organizer!, race._id, joined._id);

      expect((await changeRace(second.app)).statusCode).toBe(403);
      expect((await readTeam(second.app)).json()).toMatchObject({ message: STAFF_MESSAGES.notOnTeam });
      expect((await staffRacesOf(member!)).json()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('the races one helps with', () => {
  let member: Member;
  let races: Marathon[];
  beforeAll(async () => {
    const [host, otherHost] = await users(2);
    [member] = (await users(1)) as [Member];
    // Created out of start order: the list goes by start, soonest first.
    const starts = [40, 10, 30, 20].map((days) => fromNow(days * DAY_MS));
    races = [];
    for (const [index, startDate] of starts.entries()) {
      const race = await createMarathon(main.app, index % 2 === 0 ? host! : otherHost!, {
        startRegDate: fromNow(-DAY_MS),
        endRegDate: fromNow(2 * DAY_MS),
        startDate,
      });
      await joinTeam(
        main,
        index % 2 === 0 ? host! : otherHost!,
        member!,
        race._id,
        index < 2 ? 'checkin' : 'coorganizer',
      );
      races.push(race);
    }
    // Invited but not answered: not one of them.
    const invitedOnly = await createMarathon(main.app, host!);
    await inviteToTeam(main.app, host!, invitedOnly._id, member!.user.email, 'checkin');
  });

  const soonestFirst = () => [races[1]!, races[3]!, races[2]!, races[0]!];
  const roleOf = (race: Marathon) => (races.indexOf(race) < 2 ? 'checkin' : 'coorganizer');

  it('lists them all, soonest start first, each as the race page shows it with the role', async () => {
    const response = await staffRacesOf(member);

    expect(response.statusCode).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBeUndefined();
    const expected = await Promise.all(
      soonestFirst().map(async (race) => ({
        ...(await call('GET', `/api/marathons/${race._id}`)).json<Marathon>(),
        role: roleOf(race),
      })),
    );
    expect(response.json<StaffRace[]>()).toEqual(expected);
  });

  it('pages them with page/limit, the total in X-Total-Count', async () => {
    const first = await staffRacesOf(member, '?page=1&limit=3');
    const second = await staffRacesOf(member, '?page=2&limit=3');
    const past = await staffRacesOf(member, '?page=3&limit=3');
    const defaultLimit = await staffRacesOf(member, '?page=1');

    const ids = (response: typeof first) => response.json<StaffRace[]>().map((race) => [race._id, race.role]);
    const expected = soonestFirst().map((race) => [race._id, roleOf(race)]);
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    expect(ids(first)).toEqual(expected.slice(0, 3));
    expect(second.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    expect(ids(second)).toEqual(expected.slice(3));
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    expect(ids(defaultLimit)).toEqual(expected);
  });

  it('refuses a bad page or limit with 400', async () => {
    for (const query of ['?page=0', '?limit=0', '?limit=1000', '?page=x']) {
      expect((await staffRacesOf(member, query)).statusCode).toBe(400);
    }
  });

  it('is empty for someone on no team, and My Marathons stays the organizer’s own', async () => {
    const [nobody] = await users(1);

    expect((await staffRacesOf(nobody!)).json()).toEqual([]);
    expect((await call('GET', '/api/my-marathons', member)).json()).toEqual([]);
  });
});
