import { defineConfig } from 'vitest/config';

// One run covers unit specs (beside the code) and integration tests (tests/), which talk to the
// machine's PostgreSQL and Redis. Each integration file makes its own database, so two workers
// can run side by side on the 2-core machine.
export default defineConfig({
  test: {
    include: ['{domain,commands,infra,api,projections,workers,run}/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['node_modules/**', 'web/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
