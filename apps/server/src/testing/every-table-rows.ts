import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type BulkSeedOptions, bulkSeed } from '../cli/bulk-seed.js';
import { openServerDatabase } from '../platform/server-database.js';
import type { Executor } from '../db/transaction.js';
import { type DatabaseFingerprint, fingerprintDatabase } from './database-fingerprint.js';

// A database with rows in every table, values that a copy could bend among them: what the PGlite import, the
// backups and db:copy are tested on (after bulkSeed, whose runners these rows refer to).

/** Every table the migrations create: each must hold rows in a seeded database, so each is really copied. */
export const APP_TABLES = [
  'accounts',
  'ballot_seeds',
  'checkin_scans',
  'checkins',
  'discount_codes',
  'images',
  'mail_outbox',
  'marathon_search_terms',
  'marathons',
  'payment_events',
  'payment_refunds',
  'race_result_sets',
  'race_results',
  'race_staff',
  'rate_limit_counters',
  'rate_limit_events',
  'registration_search',
  'registrations',
  'roster_removals',
  'sessions',
  'transfers',
  'users',
  'verifications',
];
export const WAITLIST_RACE_ID = '7a1f0c3e-2b4d-4e5f-8a9b-0c1d2e3f4a5b';
/** Values a JSON round trip could bend: microseconds, quotes, backslashes, newlines, characters outside ASCII. */
export const AWKWARD_TEXT = 'Zoë "Q" O\'Brien \\ 🏃\nline two\ttab';
export const AWKWARD_INSTANT = '2024-02-29 23:59:59.123456+00';
/** More digits than a JavaScript number holds: jsonb keeps them, JSON.parse would not. */
const AWKWARD_PAYLOAD = `{"kind": "confirmation", "title": ${JSON.stringify(AWKWARD_TEXT)},
  "n": 12345678901234.567890123456789, "list": [1, null, true], "nested": {"e": 1e-7}}`;

/** Rows that bulkSeed does not write: one or more in every other table, and a waitlisted runner. */
export async function addRowsOfEveryKind(db: Executor, runId: string): Promise<void> {
  const runner = (n: number) => `seed-${runId}-${n}`;
  await db.execute(sql`update users set image = ${'https://example.org/zoë.png'}, name = ${AWKWARD_TEXT}
    where id = ${runner(2)}`);
  await db.execute(sql`insert into sessions (id, expires_at, token, ip_address, user_agent, user_id, created_at)
    values ('session-1', ${AWKWARD_INSTANT}, 'token-1', '203.0.113.7', ${AWKWARD_TEXT}, ${runner(1)}, ${AWKWARD_INSTANT})`);
  await db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, access_token, refresh_token,
      id_token, access_token_expires_at, refresh_token_expires_at, scope)
    values ('oidc-account-1', 'subject-1', 'oidc', ${runner(3)}, 'access', 'refresh', 'id.token.sig',
      ${AWKWARD_INSTANT}, '2030-01-01 00:00:00.000001+00', 'openid email profile')`);
  await db.execute(sql`insert into verifications (id, identifier, value, expires_at)
    values ('verification-1', 'reset-password:abc', ${AWKWARD_TEXT}, ${AWKWARD_INSTANT})`);
  await db.execute(sql`insert into mail_outbox (recipient, payload, status, attempts, next_attempt_at, claimed_until,
      last_error, created_at, sent_at)
    values
      ('a@example.org', ${AWKWARD_PAYLOAD}::jsonb,
        'pending', 0, ${AWKWARD_INSTANT}, null, null, default, null),
      ('b@example.org', '{"kind":"reminder"}'::jsonb, 'sent', 1, now(), null, null, now(), now()),
      ('c@example.org', '{"kind":"reminder"}'::jsonb, 'failed', 5, now(), now() + interval '1 minute',
        ${AWKWARD_TEXT}, now(), null)`);

  // A full race with its only place taken and a runner in line, whose turn comes from the waitlist sequence.
  await db.execute(sql`insert into marathons (id, title, start_reg_date, end_reg_date, start_date, location, time_zone,
      distance, description, image, creator_id, capacity, total_registration_count, waitlist_count, bibs_issued)
    values (${WAITLIST_RACE_ID}, 'Lisbon Waitlist Marathon', now() - interval '1 day', now() + interval '10 days',
      now() + interval '30 days', 'Lisbon', 'Europe/Lisbon', '10k', ${AWKWARD_TEXT}, '/images/marathons/poster-1.svg',
      ${runner(1)}, 1, 1, 1, 1)`);
  await db.execute(sql`select setval('registrations_waitlist_seq', 41)`);
  await db.execute(sql`insert into registrations (marathon_id, user_id, first_name, last_name, contact, status, bib)
    values (${WAITLIST_RACE_ID}, ${runner(4)}, 'Placed', 'Runner', '+351 555 0100', 'registered', 1)`);
  await db.execute(sql`insert into registrations (marathon_id, user_id, first_name, last_name, contact, info, status,
      waitlist_seq)
    values (${WAITLIST_RACE_ID}, ${runner(5)}, 'Waiting', 'Runner', '+351 555 0101', ${AWKWARD_TEXT}, 'waitlisted',
      nextval('registrations_waitlist_seq'))`);

  // The race's money (issue 32): a discount code, a runner paid online with it who withdrew (kept as cancelled,
  // half refunded through the refund ledger), and the Stripe event that confirmed the payment.
  await db.execute(sql`update marathons set entry_fee = 4550, currency = 'EUR', payment_methods = '{on_site}',
      refund_percent = 50, receipts_issued = 1
    where id = ${WAITLIST_RACE_ID}`);
  await db.execute(sql`insert into discount_codes (id, marathon_id, code, percent_off, max_uses, valid_until, uses)
    values ('5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', ${WAITLIST_RACE_ID}, 'EARLY-BIRD_10', 10, 100, ${AWKWARD_INSTANT}, 0)`);
  await db.execute(sql`insert into registrations (marathon_id, user_id, first_name, last_name, contact, status,
      payment_method, payment_status, amount_due, amount_paid, amount_refunded, currency, discount_code_id,
      discount_code, receipt_number, paid_at, payment_intent, checkout_session_id, checkout_attempts)
    values (${WAITLIST_RACE_ID}, ${runner(6)}, 'Paid', 'Runner', '+351 555 0102', 'cancelled', 'online',
      'partially_refunded', 4095, 4095, 2047, 'EUR', '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', 'EARLY-BIRD_10', '000001',
      ${AWKWARD_INSTANT}, 'pi_test_1', 'cs_test_1', 1)`);
  await db.execute(sql`insert into payment_events (id, type, received_at)
    values ('evt_test_1', 'checkout.session.completed', ${AWKWARD_INSTANT})`);
  await db.execute(sql`insert into payment_refunds (registration_id, payment_intent, amount, currency, reason,
      stripe_refund_id, attempts, done_at)
    select id, 'pi_test_1', 2047, 'EUR', 'withdrawn', 're_test_1', 1, ${AWKWARD_INSTANT}
    from registrations where user_id = ${runner(6)} and marathon_id = ${WAITLIST_RACE_ID}`);

  // Race day (issue 33): a co-organizer on the team and one invited, the placed runner checked in by a scan kept
  // for its phone, and a registered entry's deletion noted for the rosters' deltas.
  await db.execute(sql`insert into race_staff (marathon_id, email, role, status, token_hash, user_id, invited_at,
      accepted_at)
    values (${WAITLIST_RACE_ID}, 'helper@example.org', 'coorganizer', 'active', repeat('0f', 32), ${runner(7)},
        ${AWKWARD_INSTANT}, now()),
      (${WAITLIST_RACE_ID}, 'volunteer@example.org', 'checkin', 'invited', repeat('a1', 32), null, now(), null)`);
  await db.execute(sql`insert into checkins (registration_id, marathon_id, checked_in_at, checked_in_by,
      checked_in_by_user_id, device)
    select id, marathon_id, ${AWKWARD_INSTANT}, ${AWKWARD_TEXT}, ${runner(7)}, 'phone 2' from registrations
    where marathon_id = ${WAITLIST_RACE_ID} and status = 'registered'`);
  await db.execute(sql`insert into checkin_scans (marathon_id, scan_id, result, received_at)
    select ${WAITLIST_RACE_ID}::uuid, 'c0ffee00-1234-4abc-8def-0123456789ab',
      jsonb_build_object('scanId', 'c0ffee00-1234-4abc-8def-0123456789ab', 'result', 'checked_in',
        'registrationId', id, 'bib', bib, 'firstName', first_name, 'lastName', last_name,
        'checkedInAt', ${AWKWARD_INSTANT}::text, 'checkedInBy', ${AWKWARD_TEXT}::text, 'device', 'phone 2'),
      ${AWKWARD_INSTANT}::timestamptz
    from registrations where marathon_id = ${WAITLIST_RACE_ID} and status = 'registered'`);
  // Results (issue 34): the placed runner's, published.
  await db.execute(sql`insert into race_results (registration_id, marathon_id, bib, first_name, last_name, search_text,
      gender, age_group, chip_ms, gun_ms, status, chip_place, chip_gender_place, chip_age_group_place, chip_ordinal,
      gun_place, gun_gender_place, gun_age_group_place, gun_ordinal)
    select id, marathon_id, bib, ${AWKWARD_TEXT}, last_name, lower(${AWKWARD_TEXT}), 'female', '40–49', 12312300, null,
      'FIN', 1, 1, 1, 1, 1, 1, 1, 1
    from registrations where marathon_id = ${WAITLIST_RACE_ID} and status = 'registered'`);
  await db.execute(sql`insert into race_result_sets (marathon_id, updated_at, published_at, first_published_at, summaries)
    values (${WAITLIST_RACE_ID}, ${AWKWARD_INSTANT}, now(), now(), ${AWKWARD_PAYLOAD}::jsonb)`);
  await db.execute(sql`insert into roster_removals (marathon_id, registration_id)
    values (${WAITLIST_RACE_ID}, 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6')`);
  // The ballot and transfers (issue 35): the race's drawn record and seed, and the placed runner's entry handed
  // on from an earlier holder, with a later offer withdrawn.
  await db.execute(
    sql`update marathons set transfers_until = now() + interval '20 days' where id = ${WAITLIST_RACE_ID}`,
  );
  await db.execute(sql`
    with drawn as (
      update registrations set ballot_position = drawn.position
      from (select id, row_number() over (order by status, id)::int as position from registrations
        where marathon_id = ${WAITLIST_RACE_ID} and status in ('registered', 'waitlisted')) as drawn
      where registrations.id = drawn.id
      returning drawn.id, drawn.position
    )
    insert into ballot_seeds (marathon_id, seed, seed_commitment, winners, drawn_order, created_at)
    select ${WAITLIST_RACE_ID}, repeat('5e', 32), repeat('c0', 32), 1, array_agg(id order by position),
      ${AWKWARD_INSTANT}
    from drawn`);
  await db.execute(sql`insert into transfers (registration_id, marathon_id, from_user_id, from_name, from_email,
      to_email, to_user_id, token_hash, status, expires_at, created_at, accepted_at)
    select id, marathon_id, ${runner(3)}, ${AWKWARD_TEXT}, 'earlier@example.org', 'placed@example.org', user_id,
      repeat('7b', 32), 'accepted', now() + interval '7 days', ${AWKWARD_INSTANT}, now()
    from registrations where marathon_id = ${WAITLIST_RACE_ID} and status = 'registered'
    union all
    select id, marathon_id, user_id, 'Placed Runner', 'placed@example.org', 'friend@example.org', null,
      repeat('8c', 32), 'withdrawn', now() + interval '7 days', now(), null
    from registrations where marathon_id = ${WAITLIST_RACE_ID} and status = 'registered'`);

  // An uploaded image: bytea holding every byte value (NUL, a backslash, a quote, 0xff), as a WebP file may.
  await db.execute(sql`insert into images (hash, owner_id, width, height, full_webp, small_webp, created_at)
    values (repeat('ab', 32), ${runner(1)}, 1200, 675,
      ('\\x52494646' || (select string_agg(lpad(to_hex(b), 2, '0'), '' order by b) from generate_series(0, 255) b))::bytea,
      '\\x00275c22ff'::bytea, ${AWKWARD_INSTANT})`);

  // Windows that end long after any test run (2100): a row past its window may be pruned by the next call.
  await db.execute(
    sql`insert into rate_limit_counters (key, hits, resets_at) values ('writes:' || ${runner(1)}, 3, 4102444800000)`,
  );
  await db.execute(sql`insert into rate_limit_events (key, times, expires_at)
    values ('sign-in:' || ${runner(2)}, '{4102444740000, 9007199254740993}', 4102444800000)`);
}

/**
 * A DATA_DIR as a stopped server leaves it: its embedded database bulk-seeded, with rows in every table, and its
 * auth-secret. Returns the database's fingerprint.
 */
export async function createSeededDataDir(
  dataDir: string,
  seed: BulkSeedOptions,
  authSecret: string,
): Promise<DatabaseFingerprint> {
  const database = await openServerDatabase({ databaseUrl: undefined, dataDir });
  try {
    const { runId } = await bulkSeed(database.db, seed);
    await addRowsOfEveryKind(database.db, runId);
    await writeFile(path.join(dataDir, 'auth-secret'), `${authSecret}\n`, { mode: 0o600 });
    return await fingerprintDatabase(database);
  } finally {
    await database.close();
  }
}
