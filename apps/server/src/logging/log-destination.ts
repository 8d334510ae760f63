import pino from 'pino';

/**
 * Where the server's log lines go: stdout, written asynchronously in blocks of 4 KB or more (pino's buffered
 * destination) rather than one write(2) per line, which under load cost more than the requests being logged.
 * `flush` writes what is buffered, for a stop or an exit.
 */
export function createLogDestination() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
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
