import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work that comes due (holds to release, refunds to make, ballots to draw), done every few seconds in
 * every server process. Each step answers how much it did: a step that did something may have more, so the sweep
 * goes on at once. Steps must be safe to run in several processes at once (each does its work conditionally on
 * its state, or leases it).
 */
export function createSweeper({
  name,
  steps,
  log,
  intervalMs,
}: {
  name: string;
  steps: ReadonlyArray<() => Promise<number>>;
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function sweep(): Promise<void> {
    try {
      for (;;) {
        let busy = false;
        for (const step of steps) if ((await step()) > 0) busy = true;
        if (!busy) return;
      }
    } catch (error) {
      log.error({ err: error }, `${name} sweep failed: will try again`);
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

export type Sweeper = ReturnType<typeof createSweeper>;
