import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createMailWorker } from './mail-worker.js';
import type { ClaimedMail, OutboxQueue } from './outbox.repository.js';

const settings = loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp' }).mail.worker;
const mail: ClaimedMail = {
  id: '7d5e7c1e-8a55-4c1f-9d0e-3f4b2a1c0d9e',
  recipient: 'ada@example.com',
  payload: { kind: 'password-reset', name: 'Ada', url: 'http://localhost:3000/reset' },
  attempts: 1,
};

/** An outbox holding `mails`, recording what the worker asks of it, in order. */
function recordingQueue(mails: ClaimedMail[], events: string[]): OutboxQueue {
  let left = [...mails];
  return {
    claimDue: async () => {
      events.push('claim');
      const batch = left;
      left = [];
      return batch;
    },
    markSent: async (ids) => void events.push(`sent ${ids.length}`),
    release: async (ids) => {
      if (ids.length > 0) events.push(`released ${ids.join(' ')}`);
    },
    markFailed: async () => void events.push('failed'),
    nextDueAt: async () => null,
    counts: async () => ({ pending: left.length, failed: 0 }),
  };
}

describe('the mail worker', () => {
  it('gives way to requests: it claims nothing while the server is busy, then sends', async () => {
    const events: string[] = [];
    let busyChecks = 3;
    const worker = createMailWorker({
      queue: recordingQueue([mail], events),
      transport: { send: async (outgoing) => void events.push(`send ${outgoing.to}`) },
      context: { publicUrl: 'http://localhost:3000' },
      settings,
      log: pino({ level: 'silent' }),
      isBusy: () => {
        const busy = busyChecks-- > 0;
        events.push(busy ? 'busy' : 'quiet');
        return busy;
      },
    });

    await worker.flush();

    expect(events.slice(0, 6)).toEqual(['busy', 'busy', 'busy', 'quiet', 'claim', 'send ada@example.com']);
    expect(events).toContain('sent 1');
  });

  it('marks a batch sent in one write, leaving out the mail the transport refused', async () => {
    const events: string[] = [];
    const other = { ...mail, id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9', recipient: 'bob@example.com' };
    const worker = createMailWorker({
      queue: recordingQueue([mail, other], events),
      transport: {
        send: async (outgoing) => {
          if (outgoing.to === 'bob@example.com') throw new Error('550 no such user');
        },
      },
      context: { publicUrl: 'http://localhost:3000' },
      settings,
      log: pino({ level: 'silent' }),
    });

    await worker.flush();

    expect(events.filter((event) => event !== 'claim')).toEqual(['failed', 'sent 1']);
  });

  it('stopping mid-batch sends the mail in flight and gives the rest of its claim back to the outbox', async () => {
    const events: string[] = [];
    const second = { ...mail, id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9', recipient: 'bob@example.com' };
    const third = { ...mail, id: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0', recipient: 'cy@example.com' };
    let stopped: Promise<void> | undefined;
    const worker = createMailWorker({
      queue: recordingQueue([mail, second, third], events),
      transport: {
        send: async (outgoing) => {
          events.push(`send ${outgoing.to}`);
          stopped ??= worker.stop(); // SIGTERM arrives while the first mail is on its way
        },
      },
      context: { publicUrl: 'http://localhost:3000' },
      settings: { ...settings, concurrency: 1 },
      log: pino({ level: 'silent' }),
    });

    worker.start();
    await vi.waitFor(() => expect(stopped).toBeDefined());
    await stopped;

    expect(events).toEqual(['claim', 'send ada@example.com', 'sent 1', `released ${second.id} ${third.id}`]);
  });
});
