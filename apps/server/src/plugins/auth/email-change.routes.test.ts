import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@stride/shared';
import { mailOutbox, users } from '../../db/schema/index.js';
import type { MailPayload } from '../../mail/mail-payloads.js';
import { renderMail } from '../../mail/render-mail.js';
import { createMarathon, register, useTestApp } from '../../testing/marathon-fixtures.js';
import {
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  type SignedIn,
  bearerHeaders,
  cookieHeaders,
  makeSignUpInput,
  postAuth,
  signIn,
  signUp,
} from '../../testing/test-app.js';

const main = useTestApp();
const app = () => main.current.app;
const db = () => main.current.database.db;

/** Where the web app asks the mailed link to lead. */
const SETTINGS = '/dashboard/settings?email=changed';

const askToChange = (me: SignedIn, newEmail: string) =>
  postAuth(app(), '/change-email', { newEmail, callbackURL: SETTINGS }, cookieHeaders(me.cookie));

const emailOf = async (id: string) =>
  (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

/** The mails queued for `recipient`, newest last. */
const outboxTo = (recipient: string) =>
  db()
    .select({ payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(mailOutbox.createdAt);

/** The link of the one change mail queued for `recipient`, as a path on this site. */
async function mailedLink(recipient: string): Promise<string> {
  const mails = await outboxTo(recipient);
  expect(mails.map(({ payload }) => payload.kind)).toEqual(['email-change']);
  const payload = mails[0]!.payload as Extract<MailPayload, { kind: 'email-change' }>;
  const url = new URL(payload.url);
  expect(url.origin).toBe(TEST_PUBLIC_URL);
  return `${url.pathname}${url.search}`;
}

describe('changing the e-mail address', () => {
  it('mails a link to the new address; the address changes only when it is followed', async () => {
    const input = makeSignUpInput({ name: 'Ada Mover' });
    const me = await signUp(app(), input);
    // Addresses are kept in lower case.
    const newEmail = `moved-${me.user.id}@example.com`.toLowerCase();

    const organizer = await signUp(app());
    const race = await createMarathon(app(), organizer);
    await register(app(), me, race._id);
    const deskSearch = async (q: string) =>
      (
        await app().inject({
          url: `/api/marathons/${race._id}/participants?q=${encodeURIComponent(q)}`,
          headers: bearerHeaders(organizer.token),
        })
      ).json<{ email: string }[]>();

    const asked = await askToChange(me, newEmail.toUpperCase());

    expect(asked.statusCode, asked.body).toBe(200);
    expect(await emailOf(me.user.id)).toBe(input.email);
    // Nothing goes to the old address (but the registration's confirmation).
    expect((await outboxTo(input.email)).map(({ payload }) => payload.kind)).toEqual([
      'registration-confirmed',
    ]);
    const link = await mailedLink(newEmail);
    const { payload } = (await outboxTo(newEmail))[0]!;
    const mail = await renderMail(payload, { publicUrl: TEST_PUBLIC_URL });
    expect(mail.subject).toBe('Confirm your new e-mail address for Stride');
    expect(mail.text).toContain('Hello Ada Mover,');
    expect(mail.text).toContain(newEmail);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}${link}`);

    const followed = await app().inject({ method: 'GET', url: link });

    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(SETTINGS);
    expect(await emailOf(me.user.id)).toBe(newEmail);
    // At once, even for a session that was just read (and reused) with the old address.
    const session = await app().inject({ url: '/api/auth/get-session', headers: bearerHeaders(me.token) });
    expect(session.json().user.email).toBe(newEmail);
    // The organizer's desk finds the runner by the new address (the users_email_search_text trigger).
    expect((await deskSearch(newEmail)).map((entry) => entry.email)).toEqual([newEmail]);
    expect(await deskSearch(input.email)).toEqual([]);
    await signIn(app(), { email: newEmail, password: TEST_PASSWORD });
    expect((await postAuth(app(), '/sign-in/email', input)).statusCode).toBe(401);
    // A link used once does not work again.
    const again = await app().inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`${SETTINGS}&error=INVALID_TOKEN`);
  });

  it('refuses an address another account uses, without saying whose, and mails nobody', async () => {
    const me = await signUp(app());
    const other = await signUp(app());

    const asked = await askToChange(me, other.user.email);

    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ code: 'EMAIL_IN_USE', message: ACCOUNT_MESSAGES.emailInUse });
    expect(asked.body).not.toContain(other.user.name);
    expect(await outboxTo(other.user.email)).toEqual([]);
    expect(await emailOf(me.user.id)).toBe(me.user.email);
  });

  it('does not change the address when another account took it after the link was sent', async () => {
    const me = await signUp(app());
    const wanted = `wanted-${me.user.id}@example.com`.toLowerCase();
    expect((await askToChange(me, wanted)).statusCode).toBe(200);
    const link = await mailedLink(wanted);
    await signUp(app(), makeSignUpInput({ email: wanted }));

    // A link whose way back was changed to another site does not lead there.
    const elsewhere = link.replace(
      /callbackURL=[^&]*/,
      `callbackURL=${encodeURIComponent('//evil.example/x')}`,
    );
    const diverted = await app().inject({ method: 'GET', url: elsewhere });
    expect(diverted.statusCode).toBe(409);
    expect(diverted.headers.location).toBeUndefined();

    const followed = await app().inject({ method: 'GET', url: link });

    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${SETTINGS}&error=EMAIL_IN_USE`);
    expect(await emailOf(me.user.id)).toBe(me.user.email);
  });

  it('refuses a visitor, and asks for a session of the account itself', async () => {
    const anonymous = await postAuth(app(), '/change-email', { newEmail: 'who@example.com' });
    expect(anonymous.statusCode).toBe(401);
    expect(await outboxTo('who@example.com')).toEqual([]);
  });
});
