import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const sourceConditions = {
  resolve: { conditions: ['@stride/source'] },
  ssr: { resolve: { conditions: ['@stride/source'] } },
};

/**
 * API tests always run on an embedded PostgreSQL the run starts (the engine `npm start` runs), and a second time
 * on TEST_DATABASE_URL's PostgreSQL when it is set.
 */
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    ...sourceConditions,
    test: {
      name: 'server',
      root: 'apps/server',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 30_000,
      setupFiles: ['src/testing/setup-test-env.ts'],
      globalSetup: ['src/testing/embedded-postgres.global-setup.ts'],
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  serverProjects.push({
    ...sourceConditions,
    test: {
      name: 'server:postgres',
      root: 'apps/server',
      include: ['src/**/*.routes.test.ts'],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 30_000,
      setupFiles: ['src/testing/setup-test-env.ts'],
      env: { TEST_DATABASE_DRIVER: 'postgres' },
    },
  });
}

export default defineConfig({
  test: {
    projects: [
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
