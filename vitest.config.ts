import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const sourceConditions = {
  resolve: { conditions: ['@stride/source'] },
  ssr: { resolve: { conditions: ['@stride/source'] } },
};

/** A project of the server's tests: `test` adds to or overrides what they all share. */
const serverProject = (test: NonNullable<TestProjectInlineConfiguration['test']>) => ({
  ...sourceConditions,
  test: {
    root: 'apps/server',
    environment: 'node' as const,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    setupFiles: ['src/testing/setup-test-env.ts'],
    ...test,
  },
});
/** The run's own PostgreSQL cluster, on which each test file makes its database. */
const embeddedPostgres = ['src/testing/embedded-postgres.global-setup.ts'];
const REDIS_TESTS = 'src/**/*.redis.test.ts';
/**
 * Several real server processes and nginx, timing what crosses between them (`*.integration.test.ts`): they run
 * by themselves after the other tests (`STRIDE_TEST_SUITE=integration`, scripts/test.mjs), on a quiet machine.
 */
const INTEGRATION_TESTS = 'src/**/*.integration.test.ts';
const integrationRun = process.env.STRIDE_TEST_SUITE === 'integration';

/**
 * API tests always run on an embedded PostgreSQL the run starts (the engine `npm start` runs), and a second time
 * on TEST_DATABASE_URL's PostgreSQL when it is set. The tests of the rate limits in Redis (`*.redis.test.ts`)
 * run only when TEST_REDIS_URL names a Redis.
 */
const serverProjects: TestProjectInlineConfiguration[] = [
  serverProject({
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, REDIS_TESTS, INTEGRATION_TESTS],
    globalSetup: embeddedPostgres,
  }),
];
if (process.env.TEST_DATABASE_URL) {
  serverProjects.push(
    serverProject({
      name: 'server:postgres',
      include: ['src/**/*.routes.test.ts'],
      env: { TEST_DATABASE_DRIVER: 'postgres' },
    }),
  );
}
if (process.env.TEST_REDIS_URL) {
  serverProjects.push(
    serverProject({ name: 'server:redis', include: [REDIS_TESTS], globalSetup: embeddedPostgres }),
  );
}

const integrationProjects = [
  serverProject({
    name: 'integration',
    include: [INTEGRATION_TESTS],
    globalSetup: embeddedPostgres,
    fileParallelism: false,
  }),
];

export default defineConfig({
  test: {
    projects: integrationRun
      ? integrationProjects
      : [
          {
            ...sourceConditions,
            test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
          },
          ...serverProjects,
          {
            ...sourceConditions,
            test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
          },
        ],
  },
});
