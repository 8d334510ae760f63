import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import {
  MISSING_ID,
  countRegistrationRows,
  createMarathon,
  fromNow,
  register,
  registrationInput,
  useTestApp,
} from '../testing/marathon-fixtures.js';
import { startSmtpReceiver } from '../testing/smtp-receiver.js';
import { type TestApp, bearerHeaders, buildTestApp, createTestConfig, signUp } from '../testing/test-app.js';
import type { MailKind, MailPayload } from './mail-payloads.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The outbox's mails of one kind, oldest first. */
async function mailsOfKind(testApp: TestApp, kind: MailKind) {
  return testApp.database.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.payload}->>'kind' = ${kind}`)
    .orderBy(mailOutbox.createdAt);
}

/** The mails about one registration (by its id in the payload). */
async function mailsAboutRegistration(testApp: TestApp, registrationId: string) {
  return testApp.database.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.payload}->'registration'->>'id' = ${registrationId}`)
    .orderBy(mailOutbox.createdAt);
}

function vevent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0]! };
}

describe('the outbox: mails are queued with the change that causes them', () => {
  const testApp = useTestApp();

  it('registering queues exactly one confirmation, with the race and the runner as registered', async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const runner = await signUp(app);
    const race = await createMarathon(app, organizer, { title: 'Capital City Marathon', location: 'Vienna' });

    const registration = await register(app, runner, race._id, { firstName: 'Ada', info: 'Wave B' });

    const mails = await mailsAboutRegistration(testApp.current, registration._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(runner.user.email);
    expect(mails[0]!.status).toBe('pending');
    expect(mails[0]!.payload).toMatchObject({
      kind: 'registration-confirmed',
      race: { id: race._id, title: 'Capital City Marathon', location: 'Vienna', calendarSequence: 0 },
      registration: { id: registration._id, firstName: 'Ada', info: 'Wave B' },
    });
    expect(
      new Date((mails[0]!.payload as { race: { startDate: string } }).race.startDate).toISOString(),
    ).toBe(race.startDate);
  });

  it('a refused registration queues nothing', async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const runner = await signUp(app);
    const closed = await createMarathon(app, organizer, { window: 'closed' });
    const before = (await mailsOfKind(testApp.current, 'registration-confirmed')).length;

    const refused = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: bearerHeaders(runner.token),
      payload: registrationInput(closed._id),
    });

    expect(refused.statusCode).toBe(409);
    expect(await mailsOfKind(testApp.current, 'registration-confirmed')).toHaveLength(before);
  });

  it('a registration whose mail cannot be recorded is rolled back: no registration, no count, no mail', async () => {
    const { app, database } = testApp.current;
    const organizer = await signUp(app);
    const runner = await signUp(app);
    const race = await createMarathon(app, organizer);
    const before = await database.db.$count(mailOutbox);
    await database.db.execute(sql`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses mail'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: bearerHeaders(runner.token),
        payload: registrationInput(race._id),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await database.db.execute(sql`drop function refuse_mail()`);
    }
    expect(await countRegistrationRows(database.db, race._id)).toBe(0);
    expect(await database.db.$count(mailOutbox)).toBe(before);
    const details = await app.inject({ url: `/api/marathons/${race._id}` });
    expect(details.json().totalRegistrationCount).toBe(0);
  });

  it('changing a registration queues the new details; withdrawing it queues a cancellation', async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const runner = await signUp(app);
    const race = await createMarathon(app, organizer);
    const registration = await register(app, runner, race._id);

    const unchanged = await app.inject({
      method: 'PATCH',
      url: `/api/registrations/${registration._id}`,
      headers: bearerHeaders(runner.token),
      payload: {},
    });
    expect(unchanged.statusCode).toBe(200);
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/registrations/${registration._id}`,
      headers: bearerHeaders(runner.token),
      payload: { contact: '+43 660 1234567' },
    });
    expect(updated.statusCode).toBe(200);
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/registrations/${registration._id}`,
      headers: bearerHeaders(runner.token),
    });
    expect(withdrawn.statusCode).toBe(200);

    const mails = await mailsAboutRegistration(testApp.current, registration._id);
    expect(mails.map((mail) => mail.payload.kind)).toEqual([
      'registration-confirmed',
      'registration-updated',
      'registration-cancelled',
    ]);
    expect(mails[1]!.payload).toMatchObject({ registration: { contact: '+43 660 1234567' } });
    expect(mails[2]!.payload).toMatchObject({ race: { id: race._id, title: race.title } });
  });

  it("moving a race's start tells every registrant once, old → new, with the calendar revision raised", async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const runners = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const race = await createMarathon(app, organizer, { location: 'Graz' });
    const registrations = await Promise.all(runners.map((runner) => register(app, runner, race._id)));
    const newStart = fromNow(90 * DAY_MS);

    const retitled = await app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { title: 'Graz Spring Run' },
    });
    expect(retitled.statusCode).toBe(200);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { startDate: newStart, location: 'Linz' },
    });
    expect(moved.statusCode).toBe(200);

    const notices = (await mailsOfKind(testApp.current, 'race-changed')).filter(
      (mail) => (mail.payload as { race: { id: string } }).race.id === race._id,
    );
    expect(notices.map((mail) => mail.recipient).sort()).toEqual(runners.map((r) => r.user.email).sort());
    expect(
      notices.map((mail) => (mail.payload as { registration: { id: string } }).registration.id).sort(),
    ).toEqual(registrations.map((r) => r._id).sort());
    for (const notice of notices) {
      expect(notice.payload).toMatchObject({
        kind: 'race-changed',
        race: { title: 'Graz Spring Run', location: 'Linz', calendarSequence: 1 },
        previous: { location: 'Graz' },
      });
      const { race: now, previous } = notice.payload as Extract<MailPayload, { kind: 'race-changed' }>;
      expect(new Date(now.startDate).toISOString()).toBe(newStart);
      expect(new Date(previous.startDate).toISOString()).toBe(race.startDate);
    }

    const calendar = await app.inject({ url: `/api/marathons/${race._id}/calendar.ics` });
    expect(vevent(calendar.body).event.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('deleting a race queues a cancellation per registrant before the registrations go', async () => {
    const { app, database } = testApp.current;
    const organizer = await signUp(app);
    const runners = await Promise.all([signUp(app), signUp(app)]);
    const race = await createMarathon(app, organizer);
    const registrations = await Promise.all(runners.map((runner) => register(app, runner, race._id)));

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
    });
    expect(deleted.statusCode).toBe(200);

    expect(await countRegistrationRows(database.db, race._id)).toBe(0);
    const cancellations = await database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.payload}->>'kind' = 'race-cancelled'`,
          sql`${mailOutbox.payload}->'race'->>'id' = ${race._id}`,
        ),
      );
    expect(cancellations.map((mail) => mail.recipient).sort()).toEqual(
      runners.map((runner) => runner.user.email).sort(),
    );
    expect(
      cancellations.map((mail) => (mail.payload as { registration: { id: string } }).registration.id).sort(),
    ).toEqual(registrations.map((registration) => registration._id).sort());
  });

  it('the worker sends each queued mail once, with a stable Message-ID, and health counts what is left', async () => {
    const { app, database } = testApp.current;
    const sent: Array<{ to: string; messageId: string; subject: string; attachments: unknown[] }> = [];
    const pendingBefore = (await app.inject({ url: '/api/health' })).json().mail.pending as number;
    expect(pendingBefore).toBeGreaterThan(0);

    // The app's own worker, with its transport swapped for one that records: flush twice, nothing twice.
    const { createMailWorker } = await import('./mail-worker.js');
    const { createOutboxQueue } = await import('./outbox.repository.js');
    const worker = createMailWorker({
      queue: createOutboxQueue(database.db),
      transport: { send: async (mail) => void sent.push(mail) },
      context: { publicUrl: testApp.current.config.publicUrl },
      settings: { ...testApp.current.config.mail.worker, batchSize: 7, concurrency: 3 },
      log: app.log,
    });
    await Promise.all([worker.flush(), worker.flush()]);
    await worker.flush();

    expect(sent).toHaveLength(pendingBefore);
    expect(new Set(sent.map((mail) => mail.messageId)).size).toBe(pendingBefore);
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.status, 'pending'))).toBe(0);
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      mail: { pending: 0, failed: 0 },
    });
    const confirmation = sent.find((mail) => mail.subject.startsWith("You're registered: "));
    expect(confirmation?.attachments).toHaveLength(1);
  });
});

describe('a failing transport: retried with backoff, kept as failed after the last attempt', () => {
  const testApp = useTestApp();
  const RETRY_MS = 60_000;

  /** Seconds until the pending mail's next attempt; then makes it due now, as if that time had passed. */
  async function secondsToRetryThenDue(): Promise<number> {
    const { db } = testApp.current.database;
    const [row] = await db
      .select({ wait: sql<number>`extract(epoch from next_attempt_at - now())`.mapWith(Number) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.status, 'pending'));
    return Math.round(row!.wait);
  }

  it('retries a refused mail later and later until it goes through; gives up after the last attempt', async () => {
    const { app, database, config } = testApp.current;
    const runner = await signUp(app);
    const { createMailWorker } = await import('./mail-worker.js');
    const { createOutboxQueue } = await import('./outbox.repository.js');
    let refusals = 2;
    const delivered: string[] = [];
    const worker = createMailWorker({
      queue: createOutboxQueue(database.db),
      transport: {
        send: async (mail) => {
          if (refusals-- > 0) throw new Error('421 try again later');
          delivered.push(mail.to);
        },
      },
      context: { publicUrl: config.publicUrl },
      settings: { ...config.mail.worker, retryBaseMs: RETRY_MS, maxAttempts: 3 },
      log: app.log,
    });
    await app.mail.send(runner.user.email, { kind: 'password-reset', name: 'Ada', url: 'http://x/reset' });

    await worker.flush();
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 try again later',
    });
    expect(await secondsToRetryThenDue()).toBe(60);
    await worker.flush();
    expect(await secondsToRetryThenDue()).toBe(120);
    await worker.flush();
    expect(delivered).toEqual([runner.user.email]);
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'sent', attempts: 3 });

    refusals = Number.POSITIVE_INFINITY;
    await app.mail.send(runner.user.email, { kind: 'password-reset', name: 'Ada', url: 'http://x/reset' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await worker.flush();
      if (attempt < 3) await secondsToRetryThenDue();
    }
    expect((await app.inject({ url: '/api/health' })).json().mail).toEqual({ pending: 0, failed: 1 });
    await worker.flush();
    expect(delivered).toHaveLength(1);
  });
});

describe('over SMTP, to a server that refuses at first', () => {
  it("the app's own worker sends the confirmation once the server takes mail again", async () => {
    const smtp = await startSmtpReceiver({ refuseFirst: 2 });
    const base = createTestConfig();
    const testApp = await buildTestApp({
      config: {
        mail: {
          ...base.mail,
          smtpUrl: smtp.url,
          worker: { ...base.mail.worker, retryBaseMs: 20, pollMs: 50 },
        },
      },
    });
    try {
      const { app } = testApp;
      app.mail.worker.start();
      const organizer = await signUp(app);
      const runner = await signUp(app);
      const race = await createMarathon(app, organizer, { title: 'Harbour Half' });

      const registration = await register(app, runner, race._id);

      const mail = await smtp.mailTo(runner.user.email);
      expect(smtp.refused()).toBe(2);
      expect(mail.raw).toMatch(/^Subject: You're registered: Harbour Half$/m);
      expect(mail.raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/m);
      await expect
        .poll(async () => (await app.inject({ url: '/api/health' })).json().mail)
        .toEqual({ pending: 0, failed: 0 });
      const [row] = await mailsAboutRegistration(testApp, registration._id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3 });
      expect(smtp.mails.filter((received) => received.to.includes(runner.user.email))).toHaveLength(1);
    } finally {
      await testApp.close();
      await smtp.close();
    }
  });
});

describe('calendar files', () => {
  const testApp = useTestApp();

  it('GET /api/marathons/:id/calendar.ics is the race as one VEVENT, for anyone; an unknown race is 404', async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const race = await createMarathon(app, organizer, { title: 'Night Run; Vienna, 2027', distance: '10k' });

    const response = await app.inject({ url: `/api/marathons/${race._id}/calendar.ics` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="night-run-vienna-2027.ics"');
    const { calendar, event } = vevent(response.body);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('summary')).toBe('Night Run; Vienna, 2027');
    expect(event.getFirstPropertyValue('location')).toBe(race.location);
    expect(String(event.getFirstPropertyValue('uid'))).toMatch(new RegExp(`^race-${race._id}@`));
    // iCalendar times are whole seconds.
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toJSDate().getTime()).toBe(Math.floor(Date.parse(race.startDate) / 1000) * 1000);
    expect(String(event.getFirstPropertyValue('url'))).toBe(
      `${testApp.current.config.publicUrl}/marathon-details/${race._id}`,
    );

    expect((await app.inject({ url: `/api/marathons/${MISSING_ID}/calendar.ics` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/marathons/not-an-id/calendar.ics' })).statusCode).toBe(404);
  });

  it("a registration's calendar file is its runner's only, with the confirmation's UID", async () => {
    const { app } = testApp.current;
    const organizer = await signUp(app);
    const runner = await signUp(app);
    const stranger = await signUp(app);
    const race = await createMarathon(app, organizer);
    const registration = await register(app, runner, race._id);
    const url = `/api/my-registrations/${registration._id}/calendar.ics`;

    const own = await app.inject({ url, headers: bearerHeaders(runner.token) });
    expect(own.statusCode).toBe(200);
    expect(String(vevent(own.body).event.getFirstPropertyValue('uid'))).toMatch(
      new RegExp(`^registration-${registration._id}@`),
    );

    expect((await app.inject({ url })).statusCode).toBe(401);
    const foreign = await app.inject({ url, headers: bearerHeaders(stranger.token) });
    expect(foreign.statusCode).toBe(403);
    const missing = await app.inject({
      url: `/api/my-registrations/${MISSING_ID}/calendar.ics`,
      headers: bearerHeaders(runner.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});
