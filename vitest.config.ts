import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test` runs both projects; `npm run test:unit` only the first.
// - unit: the specs beside the code (the contract's too), the web's pure helpers (tests/web) and the lint rules'
//   fixtures (tests/lint). No database, no Redis,
//   no browser: they pass with DATABASE_URL and REDIS_URL pointing nowhere
//   (tests/integration/unit-project.test.ts checks it).
// - integration: everything else under tests/, which talks to the machine's PostgreSQL and Redis
//   or drives Chromium. Each file makes its own database, so two workers run side by side on the
//   2-core machine (maxWorkers counts across both projects).
const UNIT = ['{domain,commands,infra,api,projections,workers,run,contract,controller}/**/*.test.ts', 'tests/web/**/*.test.ts', 'tests/lint/**/*.test.ts'];
const EXCLUDE = ['node_modules/**', 'web/**', 'dist/**'];

export default defineConfig({
  // The web's modules import the contract as @contract (web/tsconfig.json, web/vite.config.ts).
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // Bounds for a test that hangs, not targets: tests wait for conditions, and on the 2-core
    // machine beside a second CI run (docs/ci-and-tests.md) what takes 10 s alone can take a minute.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: EXCLUDE } },
      {
        extends: true,
        // Every answer an integration test sees is checked against its route's contract
        // (api/contract/contract-check.ts): a mismatch fails the test that caused it.
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: [...EXCLUDE, 'tests/web/**', 'tests/lint/**'],
          env: { HUB_CONTRACT_CHECK: '1' },
        },
      },
    ],
  },
});
