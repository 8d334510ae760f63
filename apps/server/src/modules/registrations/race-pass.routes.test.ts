import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Marathon, type Participant, type Registration, checkinQrText } from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import {
  type Actor,
  MALFORMED_IDS,
  MISSING_ID,
  createMarathon,
  insertSignedInUsers,
  register,
} from '../../testing/marathon-fixtures.js';
import { mailsTo, paidRaceInput, payOnline, usePaidTestApp } from '../../testing/paid-race-fixtures.js';
import { type AuthUser, type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

/**
 * Issue 33's race pass through the API: the runner's entry carries its check-in code while it holds a place, and
 * nothing else answers the code; the confirmation and promotion mails carry its QR code.
 */
const main = usePaidTestApp();
const app = () => main.current.app;
const db = () => main.current.database.db;

const CHECKIN_CODE = /^[0-9a-f]{32}$/;

let organizer: SignedIn;
let race: Marathon;
let paidRace: Marathon;
let runners: Array<Actor & { user: AuthUser }>;
/** In the free race of two places: two registered, one in line. */
let registered: Registration[];
let waitlisted: Registration;
/** In the paid race: a hold, paying online. */
let pending: Registration;

const get = (url: string, actor?: Actor) =>
  app().inject({ url, ...(actor && { headers: bearerHeaders(actor.token) }) });
const getRegistration = (id: string, actor?: Actor) => get(`/api/registrations/${id}`, actor);

beforeAll(async () => {
  organizer = await signUp(app());
  race = await createMarathon(app(), organizer, { capacity: 2 });
  paidRace = await createMarathon(app(), organizer, paidRaceInput());
  runners = await insertSignedInUsers(main.current, 4);
  registered = [await register(app(), runners[0]!, race._id), await register(app(), runners[1]!, race._id)];
  waitlisted = await register(app(), runners[2]!, race._id, { waitlist: true });
  pending = await register(app(), runners[3]!, paidRace._id, { paymentMethod: 'online' });
});

describe('the race pass on the runner’s entry', () => {
  it('carries a check-in code for a registered entry, and null for one in line or held while paying', () => {
    for (const entry of registered) expect(entry.checkinCode).toMatch(CHECKIN_CODE);
    expect(registered[0]!.checkinCode).not.toBe(registered[1]!.checkinCode);
    expect(waitlisted).toMatchObject({ status: 'waitlisted', checkinCode: null });
    expect(pending).toMatchObject({ status: 'pending_payment', checkinCode: null });
  });

  it('is the same code wherever the runner reads their entry: the pass, My Apply List, the race page', async () => {
    const [runner] = runners;
    const code = registered[0]!.checkinCode;

    const own = await getRegistration(registered[0]!._id, runner);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Registration>()).toMatchObject({
      _id: registered[0]!._id,
      status: 'registered',
      checkinCode: code,
    });

    const list = await get(`/api/registrations/by-email/${runner!.user.email}`, runner);
    expect(list.json<Registration[]>().map((entry) => entry.checkinCode)).toEqual([code]);

    const page = await get(`/api/marathons/${race._id}?include=myRegistration`, runner);
    expect(page.json<{ myRegistration: Registration | null }>().myRegistration?.checkinCode).toBe(code);

    expect((await getRegistration(waitlisted._id, runners[2])).json<Registration>().checkinCode).toBeNull();
  });

  it('comes with a place from the line, and with a hold paid', async () => {
    const withdrawn = await app().inject({
      method: 'DELETE',
      url: `/api/registrations/${registered[1]!._id}`,
      headers: bearerHeaders(runners[1]!.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const promoted = (await getRegistration(waitlisted._id, runners[2])).json<Registration>();
    expect(promoted).toMatchObject({
      status: 'registered',
      checkinCode: expect.stringMatching(CHECKIN_CODE),
    });

    await payOnline(main.current, runners[3]!, pending._id);
    const paid = (await getRegistration(pending._id, runners[3])).json<Registration>();
    expect(paid).toMatchObject({ status: 'registered', checkinCode: expect.stringMatching(CHECKIN_CODE) });
  });

  it('is answered to its runner only: 403 to anyone else, 404 for no such entry, 401 signed out', async () => {
    const other = await getRegistration(registered[0]!._id, runners[2]);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ message: string }>().message).toBe('You can only change your own registrations.');
    expect(other.body).not.toContain(registered[0]!.checkinCode!);

    expect((await getRegistration(registered[0]!._id, organizer)).statusCode).toBe(403);
    for (const id of [MISSING_ID, ...MALFORMED_IDS]) {
      expect((await getRegistration(id, runners[0])).statusCode, id).toBe(404);
    }
    expect((await getRegistration(registered[0]!._id)).statusCode).toBe(401);
  });

  it('is never answered to the organizer: not on the desk, not in the CSV', async () => {
    const code = registered[0]!.checkinCode!;
    const desk = await get(`/api/marathons/${race._id}/participants`, organizer);
    expect(desk.statusCode).toBe(200);
    expect(desk.json<Participant[]>()[0]).not.toHaveProperty('checkinCode');
    expect(desk.body).not.toContain(code);
    const csv = await get(`/api/marathons/${race._id}/participants.csv`, organizer);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(code);
  });
});

describe('check-in codes', () => {
  it('are 32 lowercase hex digits (122 random bits), each entry its own', async () => {
    const many = await insertSignedInUsers(main.current, 30);
    const bigRace = await createMarathon(app(), organizer);
    const codes = await Promise.all(
      many.map(async (runner) => (await register(app(), runner, bigRace._id)).checkinCode),
    );

    for (const code of codes) expect(code).toMatch(CHECKIN_CODE);
    const all = rowsOf<{ code: string }>(
      await db().execute(sql`select checkin_code as code from registrations`),
    );
    expect(new Set(all.map((row) => row.code)).size).toBe(all.length);
  });
});

describe('the mails that carry the pass', () => {
  /** The raw mail the receiver got for `email` whose subject starts so. */
  async function rawMail(email: string, subject: string): Promise<string> {
    await mailsTo(main.current, email);
    const mail = main.current.smtp.mails.find(
      (each) => each.to.includes(email) && each.raw.includes(`Subject: ${subject}`),
    );
    if (!mail) throw new Error(`No mail "${subject}" to ${email}`);
    return mail.raw;
  }

  it('the confirmation shows the QR code as an inline image (Content-ID, no data: URL) and the code as text', async () => {
    const [runner] = await insertSignedInUsers(main.current, 1);
    const entry = await register(app(), runner!, race._id, { waitlist: true });
    const freeRace = await createMarathon(app(), organizer);
    const confirmed = await register(app(), runner!, freeRace._id);
    expect(entry.status).toBe('waitlisted');

    const raw = await rawMail(runner!.user.email, "You're registered");
    expect(raw).toMatch(/Content-Type: multipart\/related/);
    expect(raw).toContain(`Content-ID: <race-pass-${confirmed._id}@stride>`);
    expect(raw).toMatch(/Content-Type: image\/png/);
    expect(raw).not.toContain('data:image');
    const [mail] = (await mailsTo(main.current, runner!.user.email)).filter((each) =>
      each.subject.startsWith("You're registered"),
    );
    expect(mail!.text).toContain(`Check-in code: ${confirmed.checkinCode}`);

    const onWaitlist = await rawMail(runner!.user.email, "You're on the waitlist");
    expect(onWaitlist).not.toContain('image/png');
  });

  it('stores the code in the facts of a confirmation and a promotion only, as the entry was then', async () => {
    const payloads = rowsOf<{ kind: string; code: string | null; id: string }>(
      await db().execute(sql`
        select payload->>'kind' as kind, payload->'registration'->>'checkinCode' as code,
          payload->'registration'->>'id' as id
        from mail_outbox`),
    );
    const codeOf = async (id: string) =>
      rowsOf<{ code: string }>(
        await db().execute(sql`select checkin_code as code from registrations where id = ${id}`),
      )[0]?.code;

    const promotion = payloads.find(
      (row) => row.kind === 'registration-promoted' && row.id === waitlisted._id,
    );
    expect(promotion?.code).toBe(await codeOf(waitlisted._id));
    const paidConfirmation = payloads.find(
      (row) => row.kind === 'registration-confirmed' && row.id === pending._id,
    );
    expect(paidConfirmation?.code).toBe(await codeOf(pending._id));
    for (const row of payloads.filter(
      (each) => !['registration-confirmed', 'registration-promoted'].includes(each.kind),
    )) {
      expect(row.code, row.kind).toBeNull();
    }
    expect(payloads.filter((row) => row.kind === 'registration-confirmed').every((row) => row.code)).toBe(
      true,
    );
  });
});

describe('a pass never reused', () => {
  it('keeps its code unique when the entry is withdrawn and the runner enters again', async () => {
    const [runner] = await insertSignedInUsers(main.current, 1);
    const freeRace = await createMarathon(app(), organizer);
    const first = await register(app(), runner!, freeRace._id);
    await app().inject({
      method: 'DELETE',
      url: `/api/registrations/${first._id}`,
      headers: bearerHeaders(runner!.token),
    });
    const again = await register(app(), runner!, freeRace._id);
    expect(again.checkinCode).toMatch(CHECKIN_CODE);
    expect(again.checkinCode).not.toBe(first.checkinCode);
    expect(checkinQrText(again.checkinCode!)).toBe(`stride:checkin:${again.checkinCode}`);
  });
});
