import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeBroadcast, DataChange } from './change-feed.js';

/** The channel every Stride process on one database listens on. */
export const CHANGE_CHANNEL = 'stride_changes';
/** The listening connections' name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'stride change notifications';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; this leaves room for the envelope. */
const MAX_PAYLOAD_BYTES = 7_000;
/** A race change names its runners; this many fit a payload with room to spare (36-character ids). */
const RUNNERS_PER_CHANGE = 150;
/** Past this many changes waiting for a lost connection, the others are told to drop everything instead. */
const MAX_WAITING_CHANGES = 5_000;
const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 5_000;

type Envelope = { from: string; changes: DataChange[] };

type Logger = {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

/** A race change with many runners becomes several, each naming some of them (each drops the race again). */
function withinPayloadSize(change: DataChange): DataChange[] {
  if (change.kind !== 'race' || change.runnerIds.length <= RUNNERS_PER_CHANGE) return [change];
  const parts: DataChange[] = [];
  for (let start = 0; start < change.runnerIds.length; start += RUNNERS_PER_CHANGE)
    parts.push({ ...change, runnerIds: change.runnerIds.slice(start, start + RUNNERS_PER_CHANGE) });
  return parts;
}

/** The NOTIFY payloads that carry `changes` from process `from`, each under PostgreSQL's size limit. */
export function encodeChanges(from: string, changes: readonly DataChange[]): string[] {
  const payloads: string[] = [];
  const envelopeBytes = Buffer.byteLength(JSON.stringify({ from, changes: [] }));
  let batch: DataChange[] = [];
  let bytes = envelopeBytes;
  for (const change of changes.flatMap(withinPayloadSize)) {
    const size = Buffer.byteLength(JSON.stringify(change)) + 1;
    if (batch.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ from, changes: batch }));
      batch = [];
      bytes = envelopeBytes;
    }
    batch.push(change);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ from, changes: batch }));
  return payloads;
}

function decodeEnvelope(payload: string | undefined): Envelope | null {
  try {
    const envelope = JSON.parse(payload ?? '') as Partial<Envelope>;
    return typeof envelope.from === 'string' && Array.isArray(envelope.changes)
      ? (envelope as Envelope)
      : null;
  } catch {
    return null;
  }
}

export type ChangeNotifications = ChangeBroadcast & {
  /** Connects and listens; `onChanges` gets other processes' changes, and `missed` after a lost connection. */
  listen: (onChanges: (changes: readonly DataChange[]) => void) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Cache coherence between the server processes on one PostgreSQL: each process's committed changes go out by
 * NOTIFY and come in by LISTEN, on one connection of its own (outside the pool, so a saturated pool never
 * delays the news). Changes queued while a NOTIFY is on its way go together in the next one. A lost connection
 * is reopened with growing pauses; since news may have passed meanwhile, this process then drops everything it
 * keeps (`missed`), and what it could not send goes out once it is back.
 */
export function createChangeNotifications({
  connectionString,
  log,
}: {
  connectionString: string;
  log: Logger;
}): ChangeNotifications {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let reconnecting: Promise<void> | null = null;
  let onChanges: (changes: readonly DataChange[]) => void = () => {};
  let waiting: DataChange[] = [];
  let sending: Promise<void> | null = null;

  async function open(): Promise<void> {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on('notification', ({ channel, payload }) => {
      if (channel !== CHANGE_CHANNEL) return;
      const envelope = decodeEnvelope(payload);
      if (envelope && envelope.from !== origin) onChanges(envelope.changes);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  }

  function lost(which: pg.Client, error?: Error): void {
    if (client !== which || closed) return;
    client = null;
    log.warn({ err: error }, 'change notifications: connection lost; reconnecting');
    which.end().catch(() => {});
    reconnecting ??= reconnect().finally(() => (reconnecting = null));
  }

  async function reconnect(): Promise<void> {
    for (let delay = RECONNECT_FIRST_DELAY_MS; !closed; delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (closed) return;
      try {
        await open();
      } catch {
        continue;
      }
      log.info({}, 'change notifications: reconnected');
      onChanges([{ kind: 'missed' }]);
      flush();
      return;
    }
  }

  function flush(): void {
    sending ??= (async () => {
      while (waiting.length > 0 && client && !closed) {
        const changes = waiting;
        waiting = [];
        const payloads = encodeChanges(origin, changes);
        try {
          for (const payload of payloads)
            await client.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
        } catch {
          // The connection went (`lost` reconnects); send these again once it is back.
          waiting = [...changes, ...waiting];
        }
      }
    })().finally(() => (sending = null));
  }

  return {
    send(changes) {
      waiting.push(...changes);
      if (waiting.length > MAX_WAITING_CHANGES) waiting = [{ kind: 'missed' }];
      flush();
    },
    async listen(listener) {
      onChanges = listener;
      await open();
    },
    /** Sends what is waiting, then closes the connection. */
    async close() {
      flush();
      await sending;
      closed = true;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
