import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

/** A request waits at most this long on a Redis that does not answer before its limit counts in memory. */
const COMMAND_TIMEOUT_MS = 1_000;

/** A counter is a hash { hits, resets_at } that Redis drops when its window is over. */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local resetsAt = tonumber(redis.call('HGET', KEYS[1], 'resets_at'))
if not resetsAt or resetsAt <= now then
  resetsAt = now + window
  redis.call('HSET', KEYS[1], 'hits', 1, 'resets_at', resetsAt)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, resetsAt}
end
return {redis.call('HINCRBY', KEYS[1], 'hits', 1), resetsAt}`;

/**
 * KEYS: the keys; ARGV: now, windowMs, max, the event's member. 0 after adding the event to every key, or the
 * milliseconds until the fullest key has room (then nothing is added).
 */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local wait = 0
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= max then
    local oldestKept = redis.call('ZREVRANGE', key, max - 1, max - 1, 'WITHSCORES')
    wait = math.max(wait, window - (now - tonumber(oldestKept[2])))
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('ZREMRANGEBYRANK', key, 0, -(max + 1))
  redis.call('PEXPIRE', key, window)
end
return 0`;

type WithScripts = Redis & {
  hitCounter: (key: string, now: number, windowMs: number) => Promise<[number, number]>;
  reserveEvent: (keyCount: number, ...keysThenArgs: Array<string | number>) => Promise<number>;
};

export type RedisSettings = { url: string; keyPrefix: string };

/**
 * The rate limits in Redis (or Valkey), shared by every server process that uses it: a hit is one Lua script, an
 * event is added under MULTI to a sorted set of times; every key expires with its window. A single Redis, not a
 * Cluster (an event may name keys of several slots). Times come from `now`, this process's clock. Connects before
 * it resolves; without Redis later, calls fail at once (no queue) and the store's fallback counts in memory.
 */
export async function openRedisRateLimitStore(
  { url, keyPrefix }: RedisSettings,
  { now = Date.now }: { now?: () => number } = {},
): Promise<RateLimitStore> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  }) as WithScripts;
  // A lost connection is reported by the calls that fail meanwhile; ioredis reconnects by itself.
  redis.on('error', () => {});
  redis.defineCommand('hitCounter', { numberOfKeys: 1, lua: HIT_SCRIPT });
  // Its number of keys comes first in each call.
  redis.defineCommand('reserveEvent', { lua: RESERVE_SCRIPT });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }

  return {
    async hit(key, windowMs): Promise<WindowCount> {
      const time = now();
      const [hits, resetsAt] = await redis.hitCounter(key, time, windowMs);
      return { hits, resetInMs: resetsAt - time };
    },
    async recordEvent(keys, { windowMs, keep }) {
      const time = now();
      const transaction = redis.multi();
      for (const key of keys) {
        transaction
          .zadd(key, time, `${time}:${randomUUID()}`)
          .zremrangebyscore(key, '-inf', time - windowMs)
          .zremrangebyrank(key, 0, -(keep + 1))
          .pexpire(key, windowMs);
      }
      const results = await transaction.exec();
      const failure = results?.find(([error]) => error)?.[0];
      if (failure) throw failure;
    },
    async findEventAges(keys, windowMs) {
      const time = now();
      const reads = redis.pipeline();
      for (const key of keys) reads.zrevrangebyscore(key, '+inf', `(${time - windowMs}`, 'WITHSCORES');
      const results = (await reads.exec()) ?? [];
      return results.map(([error, membersAndScores]) => {
        if (error) throw error;
        const flat = membersAndScores as string[];
        return flat.filter((_, index) => index % 2 === 1).map((score) => time - Number(score));
      });
    },
    async forgetEvents(keys) {
      if (keys.length > 0) await redis.del(...keys);
    },
    async reserveEvent(keys, { windowMs, max }) {
      const time = now();
      const event = `${time}:${randomUUID()}`;
      const retryAfterMs = await redis.reserveEvent(keys.length, ...keys, time, windowMs, max, event);
      return retryAfterMs > 0 ? { reserved: false, retryAfterMs } : { reserved: true, event };
    },
    async releaseEvent(keys, event) {
      const removals = redis.pipeline();
      for (const key of keys) removals.zrem(key, event);
      const results = (await removals.exec()) ?? [];
      const failure = results.find(([error]) => error)?.[0];
      if (failure) throw failure;
    },
    async close() {
      await redis.quit();
    },
  };
}
