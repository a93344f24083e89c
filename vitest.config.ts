import { defineConfig } from 'vitest/config';

const server = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker runs its test files one after another in one module graph instead of importing
    // the server afresh for each: every file builds its own app on its own database
    // (createTestApp), so nothing but module caches is shared. The API tests took 973 s -> 570 s.
    isolate: false,
  },
});

/** Units (contracts, web helpers), the web components in jsdom, then the API on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. */
export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default on a 2-core machine is one, but an API test
    // spends much of its time waiting on the database, so a second file uses the wait.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/bench/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
        },
      },
      server('api-pglite', { DB_KIND: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [server('api-postgres', { DB_KIND: 'postgres' })] : []),
    ],
  },
});
