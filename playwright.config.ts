import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/lib/chromium.mjs';

// Browser journeys against the production build (`node scripts/start.mjs`), in Debian's Chromium:
// no `playwright install`, no download.

if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with: sudo bash scripts/install-chromium.sh (or set CHROMIUM_PATH).`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3210);
/** Ports of the local Google and mail stand-ins, offset from the app's so parallel runs never collide. */
export const counterparts = {
  oidcPort: port + 1000,
  smtpPort: port + 2000,
  mailHttpPort: port + 3000,
  stripePort: port + 4000,
  stripeSecretKey: 'sk_test_stride_e2e',
  stripeWebhookSecret: 'whsec_stride_e2e',
  clientId: 'stride-e2e',
  clientSecret: 'stride-e2e-secret-0123456789',
};

/**
 * A fresh, empty DATA_DIR per run. This file is also loaded by every worker process; they inherit the
 * variable from the runner, so only the runner creates the folder, and it removes it when it exits
 * (after Playwright has stopped the server).
 */
function runDataDir(): string {
  const inherited = process.env.STRIDE_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stride-e2e-'));
  process.env.STRIDE_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const reporter: ReporterDescription[] = [['list']];
// The JSON reporter writes to this file; wrapper scripts read it to count results.
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) reporter.push(['json']);

export default defineConfig({
  testDir: 'e2e',
  // One folder per port, so runs on different ports (parallel checkouts or engineers) never clear each other's.
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky journey is a bug to fix, not to retry.
  retries: 0,
  workers: Math.min(2, os.availableParallelism()),
  reporter,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumFlags,
        },
      },
    },
  ],
  // Local stand-ins for what the machine cannot reach, started first: Google (OpenID Connect) and a mail server.
  webServer: [
    {
      command: 'node e2e/support/oidc-provider.mjs',
      url: `http://127.0.0.1:${counterparts.oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: {
        OIDC_PORT: String(counterparts.oidcPort),
        APP_ORIGIN: `http://localhost:${port}`,
        OIDC_CLIENT_ID: counterparts.clientId,
        OIDC_CLIENT_SECRET: counterparts.clientSecret,
      },
    },
    {
      command: 'node e2e/support/mail-catcher.mjs',
      url: `http://127.0.0.1:${counterparts.mailHttpPort}/health`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(counterparts.smtpPort), HTTP_PORT: String(counterparts.mailHttpPort) },
    },
    {
      // A local stand-in for Stripe's API and Checkout page, signing its webhooks as Stripe does.
      command: 'npx tsx --conditions=@stride/source apps/server/src/cli/fake-stripe.ts',
      url: `http://127.0.0.1:${counterparts.stripePort}/health`,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_PORT: String(counterparts.stripePort),
        STRIPE_WEBHOOK_SECRET: counterparts.stripeWebhookSecret,
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
      },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // A graceful stop also stops the server's PostgreSQL (a kill would leave it running).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      // The first run builds the server and the web app.
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: runDataDir(),
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: counterparts.clientId,
        GOOGLE_CLIENT_SECRET: counterparts.clientSecret,
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${counterparts.oidcPort}`,
        SMTP_URL: `smtp://127.0.0.1:${counterparts.smtpPort}`,
        MAIL_FROM: 'Stride <no-reply@stride.test>',
        STRIPE_SECRET_KEY: counterparts.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: counterparts.stripeWebhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${counterparts.stripePort}`,
        // The shortest hold: a browser journey sees one expire.
        PAYMENT_HOLD_MINUTES: '1',
      },
    },
  ],
});
