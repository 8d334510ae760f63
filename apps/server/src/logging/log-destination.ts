import pino from 'pino';
import { prettyFactory } from 'pino-pretty';

export type LogDestinationOptions = {
  /** Readable lines (time, level, message, then the fields) instead of JSON: by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where readable lines go (stdout by default, written in order with anything else printed there). */
  output?: { write: (text: string) => unknown };
  /** JSON in blocks of 4 KB or more (the server), or a write per line (a process that logs little). */
  buffered?: boolean;
};

/**
 * Where a server's log lines go. In a terminal, readable lines, one write each. Otherwise JSON for tests and
 * deployments to read, written asynchronously in blocks of 4 KB or more (pino's buffered destination) rather
 * than one write(2) per line, which under load cost more than the requests being logged. `flush` writes what is
 * buffered, for a stop; an exit writes what is left.
 */
export function createLogDestination({
  pretty = process.stdout.isTTY === true,
  output = process.stdout,
  buffered = true,
}: LogDestinationOptions = {}) {
  if (pretty) {
    const format = prettyFactory({ ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' });
    return { stream: { write: (line: string) => output.write(format(line)) }, flush: async () => {} };
  }
  const stream = pino.destination({ dest: 1, sync: !buffered, minLength: buffered ? 4096 : 0 });
  // stdout can go before the server does: `npm start | tee log`, whose tee a Ctrl-C ends first. A write then
  // fails (EPIPE), and sonic-boom's flushSync would retry it for ever, so the stop never reached PostgreSQL.
  // Once a write has failed, nothing more is written.
  let isGone = false;
  stream.on('error', () => {
    isGone = true;
  });
  const flush = () =>
    new Promise<void>((resolve) => {
      if (isGone) resolve();
      else stream.flush(() => resolve());
    });
  process.once('exit', () => {
    if (isGone) return;
    try {
      stream.flushSync();
    } catch {
      // Nothing written yet: nothing to keep.
    }
  });
  return { stream, flush };
}
