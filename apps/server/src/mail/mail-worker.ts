import type { FastifyBaseLogger } from 'fastify';
import type { MailWorkerSettings } from '../config.js';
import type { MailContext } from './mail-payloads.js';
import type { MailTransport } from './mail-transport.js';
import type { ClaimedMail, OutboxQueue } from './outbox.repository.js';
import type { renderMail as RenderMail } from './render-mail.js';

/** The renderer (React's server renderer and the templates, ~20 MB) is loaded with the first mail, not at start. */
let renderer: Promise<{ renderMail: typeof RenderMail }> | undefined;
const loadRenderer = () => (renderer ??= import('./render-mail.js'));

/** While requests are busy, the worker waits this long at most before it sends its next batch anyway. */
const MAX_GIVE_WAY_MS = 10_000;
const GIVE_WAY_STEP_MS = 50;

export type MailWorkerDependencies = {
  queue: OutboxQueue;
  transport: MailTransport;
  context: MailContext;
  settings: MailWorkerSettings;
  log: FastifyBaseLogger;
  /**
   * Whether the server is busy answering requests. Rendering takes a few milliseconds of the same CPU, so
   * under a burst (a sell-out) the worker gives way: it waits for a quiet moment, or MAX_GIVE_WAY_MS, before
   * each batch. Mail is late by seconds then, requests are not.
   */
  isBusy?: () => boolean;
};

/** The Message-ID of an outbox mail: the same on every attempt, so a receiver can drop a repeat. */
export function messageIdOf(mailId: string, publicUrl: string): string {
  return `<${mailId}@${new URL(publicUrl).hostname}>`;
}

/**
 * Sends the outbox's mails in the background: claims a batch, sends up to `concurrency` at once, records each
 * outcome, and goes on while mails are due. Between rounds it sleeps until woken (a mail was queued here),
 * the next retry is due, or the poll interval passes (mails queued by other processes).
 */
export function createMailWorker({
  queue,
  transport,
  context,
  settings,
  log,
  isBusy = () => false,
}: MailWorkerDependencies) {
  let running = false;
  let wakeUp: (() => void) | null = null;
  let wokenEarly = false;
  let loop: Promise<void> | null = null;

  /** Sends one mail; true when the transport took it. A failure is recorded at once, with its retry. */
  async function deliver(mail: ClaimedMail): Promise<boolean> {
    try {
      const { renderMail } = await loadRenderer();
      const rendered = await renderMail(mail.payload, context);
      await transport.send({
        ...rendered,
        to: mail.recipient,
        messageId: messageIdOf(mail.id, context.publicUrl),
      });
      return true;
    } catch (error) {
      const giveUp = mail.attempts >= settings.maxAttempts;
      const retryInMs = settings.retryBaseMs * 2 ** (mail.attempts - 1);
      const message = error instanceof Error ? error.message : String(error);
      await queue.markFailed(mail.id, message, { giveUp, retryInMs });
      if (giveUp) {
        log.error(
          { mailId: mail.id, kind: mail.payload.kind, attempts: mail.attempts, err: error },
          'mail failed for good',
        );
      } else {
        log.warn(
          { mailId: mail.id, kind: mail.payload.kind, attempts: mail.attempts, retryInMs, err: error },
          'mail failed; will retry',
        );
      }
      return false;
    }
  }

  async function giveWayToRequests(): Promise<void> {
    for (let waited = 0; waited < MAX_GIVE_WAY_MS && isBusy(); waited += GIVE_WAY_STEP_MS) {
      await new Promise((resolve) => setTimeout(resolve, GIVE_WAY_STEP_MS));
    }
  }

  /** Claims and sends batches until none is due (or `goOn` says stop); returns how many mails it tried. */
  async function sendDue(goOn: () => boolean = () => true): Promise<number> {
    let tried = 0;
    while (goOn()) {
      await giveWayToRequests();
      const batch = await queue.claimDue(settings.batchSize, settings.leaseMs);
      if (batch.length === 0) return tried;
      tried += batch.length;
      const sent: string[] = [];
      let next = 0;
      const lane = async () => {
        while (next < batch.length && goOn()) {
          const mail = batch[next++]!;
          if (await deliver(mail)) sent.push(mail.id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane));
      // One commit for the batch, not one per mail. A process that dies before it sends the batch's mails
      // again after their lease; their Message-IDs stay the same.
      await queue.markSent(sent);
      // Stopping: the mails not begun go back to the outbox for another process at once, not after the lease.
      await queue.release(batch.slice(next).map((mail) => mail.id));
    }
    return tried;
  }

  async function sleep(): Promise<void> {
    if (wokenEarly) {
      wokenEarly = false;
      return;
    }
    const dueAt = await queue.nextDueAt().catch(() => null);
    const untilDue = dueAt ? Math.max(0, dueAt.getTime() - Date.now()) : Infinity;
    const delay = Math.min(settings.pollMs, untilDue);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = null;
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        await sendDue(() => running);
      } catch (error) {
        log.error({ err: error }, 'mail worker: the outbox could not be read; trying again later');
      }
      if (running) await sleep();
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Stops after the mails in flight; the rest of its claimed batch goes back to the outbox. */
    async stop(): Promise<void> {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
      transport.close?.();
    },
    /** Sends what is due now instead of at the next poll (a mail was just queued). */
    wake(): void {
      if (wakeUp) wakeUp();
      else wokenEarly = true;
    },
    /** Sends every mail due now and resolves once none is left: for tests and the CLI, not for requests. */
    flush: () => sendDue(),
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
