// The denominator of the bench's ratios (issue 15): the Fastify the app runs, with one route answering the same
// constant JSON as GET /api/version, and nothing else (no hooks, no logging, no database), in a process of its
// own like the app's. It prints its URL on the first line of its output.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
const version = { name: 'Stride API', version: '1.0.0' };
app.get('/api/version', async () => version);

const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(url);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void app.close().then(() => process.exit(0)));
