import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isDenied, orDenied } from './participants-api';

describe('orDenied', () => {
  it("gives the answer of the race's organizer", async () => {
    const stats = { capacity: 3 };
    expect(await orDenied(Promise.resolve(stats))).toBe(stats);
    expect(isDenied(stats)).toBe(false);
  });

  it("turns someone else's race (403) and an unknown one (404) into why it is not shown", async () => {
    const forbidden = await orDenied(Promise.reject(new ApiError(403, 'Forbidden')));
    expect(forbidden).toEqual({ denied: 'forbidden' });
    expect(isDenied(forbidden)).toBe(true);
    expect(await orDenied(Promise.reject(new ApiError(404, 'Not found')))).toEqual({ denied: 'not-found' });
  });

  it('lets any other failure through, for the error boundary', async () => {
    await expect(orDenied(Promise.reject(new ApiError(500, 'Boom')))).rejects.toThrow('Boom');
    await expect(orDenied(Promise.reject(new ApiError(0, 'Offline')))).rejects.toThrow('Offline');
  });
});
