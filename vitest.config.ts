import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // `npm test` runs the unit stage with coverage on: the clinical package (every score the product
    // shows) stays 100 % covered, or the stage fails (issue 13)
    coverage: {
      provider: 'v8',
      include: ['packages/clinical/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test/**'],
      reporter: ['text-summary'],
      reportsDirectory: 'test-results/coverage',
      thresholds: { statements: 100, branches: 100, functions: 100, lines: 100 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // one migrated PGlite, copied for each test server (apps/server/src/test/global-setup.ts)
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // One worker process runs file after file: the server's modules are imported once per worker,
          // not once per file (import 550 s → 33 s, the API stage 1,077 s → 752 s; ADR 0044). Each file
          // still starts its own server on its own database; server state is kept per instance.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                // One worker process runs file after file: the server's modules are imported once per worker,
                // not once per file (import 550 s → 33 s, the API stage 1,077 s → 752 s; ADR 0044). Each file
                // still starts its own server on its own database; server state is kept per instance.
                isolate: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
