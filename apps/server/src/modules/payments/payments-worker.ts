import type { FastifyBaseLogger } from 'fastify';
import { createSweeper } from '../../lib/sweeper.js';

/** Holds are released within this long after their end (the issue asks for 30 s), refunds retried as often. */
const SWEEP_INTERVAL_MS = 5_000;

/**
 * Releases unpaid holds and makes the refunds due, every few seconds, in every server process: a hold is
 * released by one statement conditional on its state (once, whichever process comes first) and a refund is
 * leased to one process and made with its own idempotency key.
 */
export function createPaymentsWorker({
  releaseDueHolds,
  makeDueRefunds,
  log,
  intervalMs = SWEEP_INTERVAL_MS,
}: {
  releaseDueHolds: () => Promise<number>;
  makeDueRefunds: () => Promise<number>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return createSweeper({ name: 'payments', steps: [releaseDueHolds, makeDueRefunds], log, intervalMs });
}

export type PaymentsWorker = ReturnType<typeof createPaymentsWorker>;
