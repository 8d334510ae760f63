// The capacity stampede's audits (ADR 017): what the database holds after the stampede and after the cancellations,
// checked against what the rules allow. Pure functions over the rows bench-fixtures.ts reads, so that a check
// reads as the rule it enforces.
import type { RaceEntries, RaceEntry } from './fixtures.js';

/** A 201 answer to the stampede's POST, as the runner saw it (into a ballot race: in its ballot, issue 35). */
export type StampedeAnswer = {
  id: string;
  email: string;
  status: RaceEntry['status'];
  bib: number | null;
  waitlistPosition: number | null;
};

export type Check = { ok: boolean; text: string };
export type Audit = { checks: Check[]; problems: string[] };

export const audit = (checks: Check[]): Audit => ({
  checks,
  problems: checks.filter((check) => !check.ok).map((check) => check.text),
});

/**
 * Remembers the first body of each status other than `expectedStatus`, to show why requests failed (each line
 * names `phase` when given).
 */
export function unexpectedAnswers(expectedStatus: number, phase?: string) {
  const firstBodies = new Map<number, string>();
  return {
    note: (status: number, body: string) => {
      if (status !== expectedStatus && !firstBodies.has(status)) firstBodies.set(status, body.slice(0, 300));
    },
    lines: () =>
      [...firstBodies].map(
        ([status, body]) => `    ${phase === undefined ? '' : `${phase}: `}first ${status} answer: ${body}`,
      ),
  };
}

/** True when `values` holds 1…n, each exactly once. */
export function isOneToN(values: Array<number | null>, n: number): boolean {
  if (values.length !== n) return false;
  const seen = new Uint8Array(n + 1);
  for (const value of values) {
    if (value === null || !Number.isInteger(value) || value < 1 || value > n || seen[value]) return false;
    seen[value] = 1;
  }
  return true;
}

export const byStatus = (race: RaceEntries, status: RaceEntry['status']) =>
  race.entries.filter((entry) => entry.status === status);

/** No two waitlisted entries share a place in line, and none is without one. */
export const hasDistinctSeqs = (waitlisted: RaceEntry[]) =>
  new Set(waitlisted.map((entry) => entry.waitlistSeq)).size === waitlisted.length &&
  waitlisted.every((entry) => entry.waitlistSeq !== null);

/**
 * After `runners` distinct runners each asked once, with `waitlist: true`, for a race with `capacity` places:
 * the first `capacity` hold bibs 1…capacity, the rest wait at places 1…rest, the counters equal the rows, and
 * every answer says what the database says.
 */
export function auditStampede(
  expected: { capacity: number; runners: number },
  race: RaceEntries,
  answers: StampedeAnswer[],
): Audit {
  const registeredWanted = Math.min(expected.capacity, expected.runners);
  const waitlistedWanted = expected.runners - registeredWanted;
  const registered = byStatus(race, 'registered');
  const waitlisted = byStatus(race, 'waitlisted');
  const entryById = new Map(race.entries.map((entry) => [entry.id, entry]));
  const disagreeing = answers.filter((answer) => {
    const entry = entryById.get(answer.id);
    return (
      !entry ||
      entry.status !== answer.status ||
      entry.bib !== answer.bib ||
      entry.position !== answer.waitlistPosition
    );
  });
  const distinctRunners = new Set(race.entries.map((entry) => entry.userId)).size;

  return audit([
    {
      ok: answers.length === expected.runners,
      text: `answers: ${answers.length} of ${expected.runners} runners got a 201`,
    },
    {
      ok:
        registered.length === registeredWanted &&
        race.totalRegistrationCount === registeredWanted &&
        race.capacity === expected.capacity,
      text:
        `registered: ${registered.length} rows, race count ${race.totalRegistrationCount}, ` +
        `capacity ${race.capacity} (want ${registeredWanted})`,
    },
    {
      ok:
        isOneToN(
          registered.map((entry) => entry.bib),
          registeredWanted,
        ) && race.bibsIssued === registeredWanted,
      text: `bibs: 1–${registeredWanted} each exactly once; bibs_issued ${race.bibsIssued}`,
    },
    {
      ok: waitlisted.length === waitlistedWanted && race.waitlistCount === waitlistedWanted,
      text: `waitlisted: ${waitlisted.length} rows, waitlist_count ${race.waitlistCount} (want ${waitlistedWanted})`,
    },
    {
      ok:
        isOneToN(
          waitlisted.map((entry) => entry.position),
          waitlistedWanted,
        ) &&
        hasDistinctSeqs(waitlisted) &&
        waitlisted.every((entry) => entry.bib === null),
      text: `positions (row_number over waitlist_seq): 1–${waitlistedWanted} each once, no tie in waitlist_seq, no bib`,
    },
    {
      ok: race.entries.length === expected.runners && distinctRunners === expected.runners,
      text: `entries: ${race.entries.length} rows of ${distinctRunners} distinct runners (want ${expected.runners})`,
    },
    {
      ok: disagreeing.length === 0,
      text: `answers agree with the database (status, bib, waitlistPosition): ${disagreeing.length} differ`,
    },
  ]);
}

/**
 * After the owners of `cancelled` (registered entries of `before`) withdrew at the same time: each withdrawal
 * promoted the first in line, so the promoted are exactly the first min(cancelled, waitlisted) of `before`'s
 * line, with the next bibs; everyone else keeps their bib, the line closes up, and the counters equal the rows.
 * Under concurrency the promoted need not get their bibs in line order; how many did is reported, not required.
 */
export function auditCancellations(
  before: RaceEntries,
  after: RaceEntries,
  cancelled: Array<{ id: string; bib: number }>,
  answered: number,
): { audit: Audit; promoted: number; promotedInLineOrder: boolean } {
  const beforeById = new Map(before.entries.map((entry) => [entry.id, entry]));
  const afterById = new Map(after.entries.map((entry) => [entry.id, entry]));
  const registeredBefore = byStatus(before, 'registered');
  const waitlistedBefore = byStatus(before, 'waitlisted');
  const promotionsWanted = Math.min(cancelled.length, waitlistedBefore.length);
  const registeredWanted = registeredBefore.length - cancelled.length + promotionsWanted;
  const waitlistedWanted = waitlistedBefore.length - promotionsWanted;
  const lastBib = before.bibsIssued + promotionsWanted;

  const registered = byStatus(after, 'registered');
  const waitlisted = byStatus(after, 'waitlisted');
  const promoted = registered
    .filter((entry) => beforeById.get(entry.id)?.status === 'waitlisted')
    .map((entry) => ({ entry, was: beforeById.get(entry.id)! }))
    .sort((a, b) => a.was.position! - b.was.position!);
  const stillThere = cancelled.filter(({ id }) => afterById.has(id));
  const keptOthers = registered.filter((entry) => beforeById.get(entry.id)?.status === 'registered');
  const bibsChanged = keptOthers.filter((entry) => entry.bib !== beforeById.get(entry.id)!.bib);
  const heldAndCancelledBibs = [...registered.map((entry) => entry.bib), ...cancelled.map(({ bib }) => bib)];
  const lineMoved = waitlisted.filter((entry) => {
    const was = beforeById.get(entry.id);
    return was?.status !== 'waitlisted' || entry.position !== was.position! - promotionsWanted;
  });
  const promotedInLineOrder = promoted.every(
    ({ entry }, index) => index === 0 || entry.bib! > promoted[index - 1]!.entry.bib!,
  );

  const checks: Check[] = [
    {
      ok: answered === cancelled.length,
      text: `cancellations: ${answered} of ${cancelled.length} answered 200`,
    },
    { ok: stillThere.length === 0, text: `cancelled entries gone: ${stillThere.length} remain` },
    {
      ok: registered.length === registeredWanted && after.totalRegistrationCount === registeredWanted,
      text:
        `registered: ${registered.length} rows, race count ${after.totalRegistrationCount} ` +
        `(want ${registeredWanted})`,
    },
    {
      ok: promoted.length === promotionsWanted,
      text: `promotions: ${promoted.length} (want ${promotionsWanted})`,
    },
    {
      ok: promoted.every(({ was }) => was.position! <= promotionsWanted),
      text:
        `the promoted were the first ${promotionsWanted} in line: latest place promoted ` +
        `${promoted.at(-1)?.was.position ?? '–'}`,
    },
    {
      ok:
        isOneToN(heldAndCancelledBibs, lastBib) &&
        after.bibsIssued === lastBib &&
        bibsChanged.length === 0 &&
        promoted.every(({ entry }) => entry.bib! > before.bibsIssued),
      text:
        `bibs: held + cancelled = 1–${lastBib} each once (the ${cancelled.length} cancelled bibs are the gaps), ` +
        `bibs_issued ${after.bibsIssued}, promoted got bibs from ${before.bibsIssued + 1}, ` +
        `${bibsChanged.length} others' bibs changed`,
    },
    {
      ok:
        waitlisted.length === waitlistedWanted &&
        after.waitlistCount === waitlistedWanted &&
        isOneToN(
          waitlisted.map((entry) => entry.position),
          waitlistedWanted,
        ) &&
        hasDistinctSeqs(waitlisted) &&
        lineMoved.length === 0,
      text:
        `waitlisted: ${waitlisted.length} rows, waitlist_count ${after.waitlistCount} (want ${waitlistedWanted}), ` +
        `positions 1–${waitlistedWanted} each once, each ${promotionsWanted} places forward: ` +
        `${lineMoved.length} not`,
    },
  ];
  return { audit: audit(checks), promoted: promoted.length, promotedInLineOrder };
}
