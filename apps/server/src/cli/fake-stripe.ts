// tsx --conditions=@stride/source apps/server/src/cli/fake-stripe.ts
// The fake Stripe of the tests (testing/fake-stripe.ts) on its own, for e2e and development: point the server at
// it with STRIPE_API_URL and the same STRIPE_WEBHOOK_SECRET. Test tooling: not part of the built server.
import { startFakeStripe } from '../testing/fake-stripe.js';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FAKE_STRIPE_PORT must be a port number, got ${process.env.FAKE_STRIPE_PORT}`);
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
});
console.log(`fake stripe listening on ${fake.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
