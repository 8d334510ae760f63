import type { FastifyBaseLogger } from 'fastify';
import type { MailWorkerSettings } from '../config.js';
import type { MailContext } from './mail-payloads.js';
import type { MailTransport } from './mail-transport.js';
import type { ClaimedMail, OutboxQueue } from './outbox.repository.js';
import { renderMail } from './render-mail.js';

export type MailWorkerDependencies = {
  queue: OutboxQueue;
  transport: MailTransport;
  context: MailContext;
  settings: MailWorkerSettings;
  log: FastifyBaseLogger;
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
export function createMailWorker({ queue, transport, context, settings, log }: MailWorkerDependencies) {
  let running = false;
  let wakeUp: (() => void) | null = null;
  let wokenEarly = false;
  let loop: Promise<void> | null = null;

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      const rendered = await renderMail(mail.payload, context);
      await transport.send({
        ...rendered,
        to: mail.recipient,
        messageId: messageIdOf(mail.id, context.publicUrl),
      });
      await queue.markSent(mail.id);
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
    }
  }

  /** Claims and sends batches until none is due; returns how many mails it tried. */
  async function sendDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await queue.claimDue(settings.batchSize, settings.leaseMs);
      if (batch.length === 0) return tried;
      tried += batch.length;
      let next = 0;
      const lane = async () => {
        while (next < batch.length) await deliver(batch[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane));
    }
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
        await sendDue();
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
    /** Stops after the mails in flight; unsent ones stay in the outbox for the next start. */
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
    flush: sendDue,
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
