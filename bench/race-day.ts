// Race day (issue 33): a race of 30,000 registered runners on the morning. A check-in phone loads the roster;
// ten phones, each with its own 3,000 runners and a few of the others' (a runner who queued at two tables), sync
// their scans in batches of 200 at the same time; then 100 changes (undone check-ins, corrected names) and the
// delta a phone downloads after them. See docs/PERFORMANCE.md.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Roster, ScanResult } from '@stride/shared';
import { type Database, rowsOf } from '../apps/server/src/db/client.js';

export type RaceDayPlan = { registered: number; devices: number; batch: number; changes: number };

export type RaceDay = RaceDayPlan & {
  roster: { compressedBytes: number; bytes: number; encoding: string; coldMs: number; medianMs: number };
  sync: {
    seconds: number;
    scans: number;
    checkedIn: number;
    already: number;
    /** Runners the database holds as checked in, and results of checked_in beyond one per runner. */
    rowsCheckedIn: number;
    twice: number;
    errors: number;
    /** One batch's POST, from sending to its answer. */
    p50Ms: number;
    p99Ms: number;
  };
  delta: { compressedBytes: number; entries: number; removed: number };
};

export const RACE_DAY_PLAN = {
  full: { registered: 30_000, devices: 10, batch: 200, changes: 100 },
  smoke: { registered: 3_000, devices: 10, batch: 200, changes: 100 },
} satisfies Record<string, RaceDayPlan>;

/** A share of each phone's scans that are of runners another phone checks in too. */
const DUPLICATE_SHARE = 0.05;
const ROSTER_READS = 11;

/**
 * The race of the morning: owned by `organizerId`, its runners the first `registered` of the bench's runners
 * (`bench-<runId>-<n>`), registered with bibs 1…n, each with the check-in code the database gives.
 */
export async function addRaceDayRace(
  db: Database,
  { runId, organizerId, registered }: { runId: string; organizerId: string; registered: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [race] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into marathons (title, start_reg_date, end_reg_date, start_date, location, distance, description,
          image, creator_id, total_registration_count, bibs_issued)
        values ('Bench Race Day', now() - interval '60 days', now() - interval '1 day', now() + interval '2 hours',
          'Benchville', '42.2k', 'The morning of a big race.', '/images/marathons/poster-1.svg', ${organizerId},
          ${registered}, ${registered})
        returning id`),
    );
    await tx.execute(sql`
      insert into registrations (marathon_id, user_id, first_name, last_name, contact, status, bib)
      select ${race!.id}, ${`bench-${runId}-`} || g, 'Runner', 'Number ' || g, '+1 555 0100', 'registered', g
      from generate_series(1, ${registered}::int) as g`);
    return race!.id;
  });
}

/** A GET through Node's http, which (unlike fetch) leaves the body as sent: the bytes on the wire are counted. */
async function getRaw(
  url: string,
  token: string,
): Promise<{ status: number; text: string; compressed: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const text =
            encoding === 'br'
              ? brotliDecompressSync(raw).toString()
              : encoding === 'gzip'
                ? gunzipSync(raw).toString()
                : raw.toString();
          resolve({ status: response.statusCode ?? 0, text, compressed: raw.length, encoding });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
};
const median = (values: number[]) => percentile(values, 0.5);

/** The phones' scans: device d checks in bibs of its share, in a shuffled order, plus a few of the others'. */
function devicePlans(plan: RaceDayPlan): number[][] {
  const perDevice = Math.floor(plan.registered / plan.devices);
  return Array.from({ length: plan.devices }, (_, device) => {
    const own = Array.from({ length: perDevice }, (_, i) => device * perDevice + i + 1);
    const others = Array.from(
      { length: Math.round(perDevice * DUPLICATE_SHARE) },
      () => 1 + Math.floor(Math.random() * plan.registered),
    );
    const bibs = [...own, ...others];
    for (let i = bibs.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [bibs[i], bibs[j]] = [bibs[j]!, bibs[i]!];
    }
    return bibs;
  });
}

export async function runRaceDay({
  url,
  db,
  raceId,
  token,
  plan,
}: {
  url: string;
  db: Database;
  raceId: string;
  token: string;
  plan: RaceDayPlan;
}): Promise<RaceDay> {
  const rosterUrl = `${url}/api/marathons/${raceId}/checkin/roster`;

  // The roster, cold (the server's first read of it) then warm.
  const times: number[] = [];
  let first: Awaited<ReturnType<typeof getRaw>> | undefined;
  for (let i = 0; i < ROSTER_READS; i++) {
    const started = performance.now();
    const answer = await getRaw(rosterUrl, token);
    times.push(performance.now() - started);
    if (answer.status !== 200)
      throw new Error(`GET roster answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    first ??= answer;
  }
  const roster = JSON.parse(first!.text) as Roster;
  if (roster.entries.length !== plan.registered) {
    throw new Error(`The roster lists ${roster.entries.length} entries, not ${plan.registered}`);
  }

  // Ten phones at once, each sending its scans in batches, one batch after another.
  const results: ScanResult[] = [];
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    devicePlans(plan).map(async (bibs, device) => {
      for (let offset = 0; offset < bibs.length; offset += plan.batch) {
        const scans = bibs.slice(offset, offset + plan.batch).map((bib) => ({
          scanId: randomUUID(),
          bib,
          at: new Date().toISOString(),
          device: `phone ${device + 1}`,
        }));
        const sent = performance.now();
        const response = await fetch(`${url}/api/marathons/${raceId}/checkins`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ scans }),
        });
        const body = await response.text();
        latencies.push(performance.now() - sent);
        if (response.status !== 200) {
          errors += 1;
          continue;
        }
        results.push(...(JSON.parse(body) as { results: ScanResult[] }).results);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const checkedIn = results.filter((result) => result.result === 'checked_in');
  const [counts] = rowsOf<{ rows: number }>(
    await db.execute(sql`
      select count(*)::int as rows from checkins where marathon_id = ${raceId}`),
  );
  const twice = checkedIn.length - new Set(checkedIn.map((result) => result.registrationId)).size;

  // 100 changes after a phone's last roster: half the check-ins undone, half the names corrected.
  const before = JSON.parse((await getRaw(rosterUrl, token)).text) as Roster;
  const changed = before.entries.slice(0, plan.changes);
  for (const [index, entry] of changed.entries()) {
    if (index % 2 === 0) {
      const response = await fetch(`${url}/api/marathons/${raceId}/checkins/${entry.registrationId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) errors += 1;
      await response.text();
    } else {
      await db.execute(
        sql`update registrations set last_name = last_name || ' Jr' where id = ${entry.registrationId}`,
      );
    }
  }
  const delta = await getRaw(`${rosterUrl}?since=${before.cursor}`, token);
  const deltaRoster = JSON.parse(delta.text) as Roster;

  return {
    ...plan,
    roster: {
      compressedBytes: first!.compressed,
      bytes: Buffer.byteLength(first!.text),
      encoding: first!.encoding,
      coldMs: Math.round(times[0]!),
      medianMs: Math.round(median(times.slice(1))),
    },
    sync: {
      seconds: Math.round(seconds * 100) / 100,
      scans: results.length,
      checkedIn: checkedIn.length,
      already: results.filter((result) => result.result === 'already').length,
      rowsCheckedIn: counts!.rows,
      twice,
      errors,
      p50Ms: Math.round(median(latencies)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
    },
    delta: {
      compressedBytes: delta.compressed,
      entries: deltaRoster.entries.length,
      removed: deltaRoster.removed.length,
    },
  };
}
