// The denominator of the bench's ratios (ADR 020): the Fastify the app runs, with one route answering the same
// constant JSON as GET /api/version, and nothing else (no hooks, no logging, no database), in a process of its
// own like the app's. GET /api/bytes?size=N answers a constant JSON array of N bytes: what this machine can send
// of a body that large, for the heavy accounts' whole lists. It prints its URL on the first line of its output.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
const version = { name: 'Stride API', version: '1.0.0' };
app.get('/api/version', async () => version);

const bodies = new Map();
/** A JSON array of `size` bytes (at least 2), made once per size. */
function bodyOf(size) {
  if (!bodies.has(size)) {
    const item = JSON.stringify({ text: 'x'.repeat(300) });
    const items = Math.max(0, Math.floor((size - 2) / (item.length + 1)));
    const array = `[${Array.from({ length: items }, () => item).join(',')}]`;
    bodies.set(size, Buffer.from(array.padEnd(size, ' ')));
  }
  return bodies.get(size);
}
app.get('/api/bytes', (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Math.max(2, Number(request.query.size) || 2))),
);

const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(url);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void app.close().then(() => process.exit(0)));
