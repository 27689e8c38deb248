import { defineConfig } from 'vitest/config';

// `npm test` runs both projects; `npm run test:unit` only the first.
// - unit: the specs beside the code, the web's pure helpers (tests/web) and the lint rules'
//   fixtures (tests/lint). No database, no Redis,
//   no browser: they pass with DATABASE_URL and REDIS_URL pointing nowhere
//   (tests/integration/unit-project.test.ts checks it).
// - integration: everything else under tests/, which talks to the machine's PostgreSQL and Redis
//   or drives Chromium. Each file makes its own database, so two workers run side by side on the
//   2-core machine (maxWorkers counts across both projects).
const UNIT = ['{domain,commands,infra,api,projections,workers,run}/**/*.test.ts', 'tests/web/**/*.test.ts', 'tests/lint/**/*.test.ts'];
const EXCLUDE = ['node_modules/**', 'web/**', 'dist/**'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: EXCLUDE } },
      { extends: true, test: { name: 'integration', include: ['tests/**/*.test.ts'], exclude: [...EXCLUDE, 'tests/web/**', 'tests/lint/**'] } },
    ],
  },
});
