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
 * buffered, for a stop or an exit.
 */
export function createLogDestination({
  pretty = process.stdout.isTTY === true,
  output = process.stdout,
  buffered = true,
}: LogDestinationOptions = {}) {
  if (pretty) {
    const format = prettyFactory({ ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' });
    return { stream: { write: (line: string) => output.write(format(line)) }, flush: () => {} };
  }
  const stream = pino.destination({ dest: 1, sync: !buffered, minLength: buffered ? 4096 : 0 });
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Nothing written yet, or stdout already gone: nothing to keep.
    }
  };
  process.once('exit', flush);
  return { stream, flush };
}
