import type { FastifyBaseLogger } from 'fastify';

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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function sweep(): Promise<void> {
    try {
      // A full batch says there may be more: go on at once.
      while ((await releaseDueHolds()) > 0 || (await makeDueRefunds()) > 0);
    } catch (error) {
      log.error({ err: error }, 'payments sweep failed: will try again');
    }
  }

  function schedule() {
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = undefined;
        if (timer) schedule();
      });
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!timer) schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    /** One sweep now (tests). */
    sweep,
  };
}

export type PaymentsWorker = ReturnType<typeof createPaymentsWorker>;
