import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination.js';

const stdoutIsTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
afterEach(() => {
  if (stdoutIsTTY) Object.defineProperty(process.stdout, 'isTTY', stdoutIsTTY);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

/** What a logger on a destination made with these options writes, as text. */
function logged(options: Parameters<typeof createLogDestination>[0]) {
  let text = '';
  const { stream } = createLogDestination({ ...options, output: { write: (chunk) => (text += chunk) } });
  const log = pino({ level: 'info' }, stream);
  log.info({ database: 'embedded PostgreSQL' }, 'database ready');
  log.warn('a worker stopped; starting another');
  return { text, stream };
}

describe('the log destination', () => {
  it('writes readable lines, not JSON, when stdout is a terminal', () => {
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });

    const { text } = logged({});

    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: .*database ready/);
    expect(lines[1]).toMatch(/^\s+database: .*embedded PostgreSQL/);
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\] .*WARN.*: .*a worker stopped; starting another/);
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('hostname');
  });

  it('writes JSON to stdout itself, in blocks, when stdout is not a terminal (tests, deployments)', () => {
    Object.defineProperty(process.stdout, 'isTTY', { value: undefined, configurable: true });

    const { text, stream } = logged({});

    expect(text).toBe(''); // not the readable lines' way
    expect(stream).toMatchObject({ fd: 1, minLength: 4096 });
  });
});
