import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_CACHES } from './service-worker';

describe('SERVICE_WORKER_CACHES', () => {
  it('names the caches the service worker of vite.config.ts fills', async () => {
    const config = await readFile(new URL('../../vite.config.ts', import.meta.url), 'utf8');
    for (const name of Object.values(SERVICE_WORKER_CACHES)) expect(config).toContain(`cacheName: '${name}'`);
  });
});
