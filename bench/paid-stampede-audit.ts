// The paid stampede's audit (issue 32): what the database, the bench's Stripe and the organizer's summary hold
// once every phase ran, checked against the rules. A pure function, like the free stampede's (stampede-audit.ts).
import { type Registration, discounted } from '@stride/shared';
import type { FakeCheckoutSession } from '../apps/server/src/testing/fake-stripe.js';
import type { PaidRaceEntries } from './fixtures.js';
import { type Audit, audit, byStatus, hasDistinctSeqs, isOneToN } from './stampede-audit.js';

/** A 201 answer to the paid stampede's POST, as the runner saw it. */
export type PaidAnswer = Pick<Registration, 'status' | 'waitlistPosition' | 'discountCode'> & {
  id: string;
};

/** What the run asked for: its sizes, the race's fee and the discount code's terms. */
export type PaidPlan = {
  capacity: number;
  runners: number;
  /** Holds left to expire (their places go down the line); the others pay. */
  expiring: number;
  entryFee: number;
  code: { code: string; percentOff: number; maxUses: number; senders: number };
};

export type PaidRun = {
  answers: PaidAnswer[];
  /** Entries refused with 400 on the code's field (it was used up), each sent again without it. */
  codeRefusals: number;
  /** The holds left to expire. */
  expiredIds: string[];
  /** The bench's Stripe: the race's Checkout Sessions and every refund it made. */
  sessions: FakeCheckoutSession[];
  refunds: Array<{ paymentIntent: string; amount: number }>;
  /** GET /api/marathons/:id/stats, as the organizer reads it. */
  stats: { pendingCount: number; revenue: { paid: number; refunded: number; net: number } };
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * After the paid stampede: the places were sold exactly (`capacity` registered with bibs 1…capacity, none held,
 * the line closed up behind the promoted), each paid session is kept by exactly one registered entry or refunded
 * in full once, the money the organizer sees is the money Stripe took, and the code was used at most its limit.
 */
export function auditPaidStampede(plan: PaidPlan, run: PaidRun, race: PaidRaceEntries): Audit {
  const { capacity, runners, expiring } = plan;
  const registered = byStatus(race, 'registered');
  const waitlisted = byStatus(race, 'waitlisted');
  const held = byStatus(race, 'pending_payment');
  const expired = byStatus(race, 'expired');
  const waitlistedWanted = runners - capacity - expiring;

  const answeredHolds = run.answers.filter((answer) => answer.status === 'pending_payment');
  const answeredWaiting = run.answers.filter((answer) => answer.status === 'waitlisted');
  const granted = run.answers.filter((answer) => answer.discountCode !== null);
  const code = race.codes.find((candidate) => candidate.code === plan.code.code);
  const liveWithCode = race.entries.filter(
    (entry) =>
      entry.discountCode === plan.code.code &&
      ['registered', 'waitlisted', 'pending_payment'].includes(entry.status),
  );
  const discountedFee = discounted(plan.entryFee, { percentOff: plan.code.percentOff, amountOff: null });
  const wrongFee = race.entries.filter(
    (entry) => entry.amountDue !== (entry.discountCode === null ? plan.entryFee : discountedFee),
  );

  const expiredIds = new Set(run.expiredIds);
  const sessionById = new Map(run.sessions.map((session) => [session.id, session]));
  const expiredAtStripe = expired.filter(
    (entry) =>
      entry.checkoutSessionId !== null && sessionById.get(entry.checkoutSessionId)?.status === 'expired',
  );
  const wasWaiting = new Map(answeredWaiting.map((answer) => [answer.id, answer.waitlistPosition!]));
  const promoted = registered.filter((entry) => wasWaiting.has(entry.id));

  // One session per entry that held a place: every hold opened its checkout, none twice.
  const sessionsPerEntry = new Map<string, number>();
  for (const session of run.sessions) {
    const entryId = session.metadata.registrationId ?? '';
    sessionsPerEntry.set(entryId, (sessionsPerEntry.get(entryId) ?? 0) + 1);
  }
  const heldOnce = [...registered, ...expired].filter((entry) => sessionsPerEntry.get(entry.id) === 1);

  // Each paid session: kept by exactly one registered entry, or refunded in full exactly once; never both.
  const paidSessions = run.sessions.filter((session) => session.payment_status === 'paid');
  const keptBy = new Map<string, number>();
  for (const entry of registered) {
    if (entry.paymentIntent !== null)
      keptBy.set(entry.paymentIntent, (keptBy.get(entry.paymentIntent) ?? 0) + 1);
  }
  let kept = 0;
  let refundedInFull = 0;
  let wrongOutcome = 0;
  for (const session of paidSessions) {
    const intent = session.payment_intent!;
    const keeping = keptBy.get(intent) ?? 0;
    const refunds = run.refunds.filter((refund) => refund.paymentIntent === intent);
    const keeper = registered.find((entry) => entry.paymentIntent === intent);
    if (keeping === 1 && refunds.length === 0 && keeper?.amountPaid === session.amount_total) kept += 1;
    else if (keeping === 0 && refunds.length === 1 && refunds[0]!.amount === session.amount_total)
      refundedInFull += 1;
    else wrongOutcome += 1;
  }
  const paidIntents = new Set(paidSessions.map((session) => session.payment_intent));
  const unpaidPlaces = registered.filter(
    (entry) =>
      entry.paymentStatus !== 'paid' ||
      entry.amountPaid !== entry.amountDue ||
      entry.paymentIntent === null ||
      !paidIntents.has(entry.paymentIntent),
  );
  const receipts = new Set(
    registered.map((entry) => entry.receiptNumber).filter((receipt) => receipt !== null),
  );

  const moneyIn = sum(paidSessions.map((session) => session.amount_total));
  const moneyBack = sum(run.refunds.map((refund) => refund.amount));
  const entriesPaid = sum(race.entries.map((entry) => entry.amountPaid));
  const entriesRefunded = sum(race.entries.map((entry) => entry.amountRefunded));
  const { revenue } = run.stats;
  const refundsMade = race.refunds.filter((refund) => refund.done);

  return audit([
    {
      ok:
        run.answers.length === runners &&
        new Set(run.answers.map((answer) => answer.id)).size === runners &&
        answeredHolds.length === capacity &&
        answeredWaiting.length === runners - capacity,
      text:
        `entries: ${run.answers.length} of ${runners} runners got a 201 (${run.codeRefusals} of them sent again ` +
        `without the code), ${answeredHolds.length} holds and ${answeredWaiting.length} waitlisted ` +
        `(want ${capacity} and ${runners - capacity})`,
    },
    {
      ok:
        granted.length === plan.code.maxUses &&
        run.codeRefusals === plan.code.senders - plan.code.maxUses &&
        code !== undefined &&
        code.uses <= plan.code.maxUses &&
        code.uses === liveWithCode.length,
      text:
        `code ${plan.code.code} (max ${plan.code.maxUses} uses), sent by the first ${plan.code.senders} at once: ` +
        `${granted.length} got it (want ${plan.code.maxUses}), ${run.codeRefusals} refused with 400; ` +
        `uses ${code?.uses ?? '–'} ≤ ${plan.code.maxUses}, = ${liveWithCode.length} live entries with it ` +
        `(a released hold gives its use back)`,
    },
    {
      ok: wrongFee.length === 0,
      text: `amounts due: ${plan.entryFee}, or ${discountedFee} with the code: ${wrongFee.length} differ`,
    },
    {
      ok:
        registered.length === capacity &&
        race.totalRegistrationCount === capacity &&
        race.capacity === capacity &&
        isOneToN(
          registered.map((entry) => entry.bib),
          capacity,
        ) &&
        race.bibsIssued === capacity,
      text:
        `registered: ${registered.length} rows, race count ${race.totalRegistrationCount}, capacity ` +
        `${race.capacity} (want ${capacity}); bibs 1–${capacity} each exactly once, bibs_issued ${race.bibsIssued}`,
    },
    {
      ok: held.length === 0 && race.pendingCount === 0 && run.stats.pendingCount === 0,
      text:
        `holds left: ${held.length} rows, pending_count ${race.pendingCount}, the summary's pendingCount ` +
        `${run.stats.pendingCount} (want 0)`,
    },
    {
      ok:
        expired.length === expiring &&
        expired.every((entry) => expiredIds.has(entry.id)) &&
        expiredAtStripe.length === expiring,
      text:
        `expired: ${expired.length} rows (want the ${expiring} left to expire), their sessions expired at ` +
        `Stripe: ${expiredAtStripe.length}`,
    },
    {
      ok: promoted.length === expiring && promoted.every((entry) => wasWaiting.get(entry.id)! <= expiring),
      text:
        `promoted and paid: ${promoted.length} (want ${expiring}), the first ${expiring} in line: latest place ` +
        `promoted ${Math.max(0, ...promoted.map((entry) => wasWaiting.get(entry.id)!))}`,
    },
    {
      ok:
        waitlisted.length === waitlistedWanted &&
        race.waitlistCount === waitlistedWanted &&
        isOneToN(
          waitlisted.map((entry) => entry.position),
          waitlistedWanted,
        ) &&
        hasDistinctSeqs(waitlisted) &&
        waitlisted.every((entry) => entry.bib === null),
      text:
        `waitlisted: ${waitlisted.length} rows, waitlist_count ${race.waitlistCount} (want ${waitlistedWanted}), ` +
        `positions 1–${waitlistedWanted} each once, no tie, no bib`,
    },
    {
      ok: heldOnce.length === capacity + expiring && sessionsPerEntry.size === capacity + expiring,
      text:
        `checkouts: ${run.sessions.length} sessions at Stripe for ${sessionsPerEntry.size} entries; ` +
        `${heldOnce.length} of the ${capacity + expiring} holds opened exactly one`,
    },
    {
      ok: wrongOutcome === 0 && kept === capacity,
      text:
        `paid sessions: ${paidSessions.length}; kept by exactly one registered entry ${kept} (want ${capacity}), ` +
        `refunded in full once ${refundedInFull}, neither or both ${wrongOutcome}`,
    },
    {
      ok: unpaidPlaces.length === 0 && receipts.size === capacity && race.receiptsIssued === capacity,
      text:
        `every place paid: ${unpaidPlaces.length} registered without a paid session of theirs; receipts ` +
        `${receipts.size} distinct, receipts_issued ${race.receiptsIssued} (want ${capacity})`,
    },
    {
      ok:
        revenue.paid === moneyIn &&
        revenue.paid === entriesPaid &&
        revenue.refunded === moneyBack &&
        revenue.refunded === entriesRefunded &&
        revenue.net === moneyIn - moneyBack,
      text:
        `revenue (GET …/stats): paid ${revenue.paid} = Stripe took ${moneyIn} = entries' amount_paid ` +
        `${entriesPaid}; refunded ${revenue.refunded} = Stripe gave back ${moneyBack} = entries' ` +
        `${entriesRefunded}; net ${revenue.net}`,
    },
    {
      ok: refundsMade.length === race.refunds.length && race.refunds.length === run.refunds.length,
      text: `refunds: ${race.refunds.length} decided, ${refundsMade.length} made; ${run.refunds.length} at Stripe`,
    },
  ]);
}
