import { type MockInstance, afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * An unexpected console.error fails the test (epic-stack's setup-test-env): the server logs through
 * pino, so anything printed there is a library complaining about something we should look at.
 * A test that expects one can `vi.mocked(console.error).mockClear()` after checking it.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
