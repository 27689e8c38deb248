// ESLint 9 flat config. Server TypeScript is linted with type information so that
// no-floating-promises, no-misused-promises and await-thenable catch lost awaits, the costly bugs
// in async command, projection and job code. A full `npx eslint .` costs about what `tsc` does.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hubLocal from './lint/read-model-owners.js';

const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
];

/**
 * The no-restricted-imports patterns keeping `layer` off the layers it must not import. commands/
 * may still import a projector's query modules (QUERY_MODULES_EXCEPTED): they name read-model tables, and
 * nothing else of projections/ comes with them.
 */
const layerPatterns = (layer, others) =>
  others.map((other) => {
    const message = `${layer}/ must not import ${other}/ (layers point inward).`;
    if (other === 'projections' && layer === 'commands') {
      return { regex: QUERY_MODULES_EXCEPTED, message: `${message} Only projections/<projector>/*queries.ts may be imported.` };
    }
    return { group: [`**/${other}/**`], message };
  });

/** One no-restricted-imports block per server layer, naming the layers it must not import. */
function layerRules(forbidden) {
  return Object.entries(forbidden).map(([layer, others]) => ({
    files: [`${layer}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(layer, others) }] },
  }));
}

// A projector's query modules (projections/<projector>/queries.ts, or *-queries.ts when one file
// would be too long) are the only code besides the projector that names its tables; every layer
// may import them, so they import nothing of projections/ but other query modules.
// The regex: a path through projections/ that is not projections/<projector>/<name>queries.js.
const QUERY_MODULES_EXCEPTED = '(?:^|/)projections/(?![^/]+/[^/]*queries\\.js$)';

// Which read-model tables each projector folder owns (an index named after a table goes with
// it). lint/read-model-owners.js refuses any other file naming them in a string; tests/ read
// them to check what the projectors wrote.
const readModelOwners = {
  hubs: ['rm_hubs', 'rm_lockers'],
  reservations: ['rm_reservations'],
  history: ['rm_locker_history'],
  stats: ['daily_stats', 'stats_lockers', 'stats_reservations'],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', '.data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': unusedVars },
  },
  {
    // Everything tsconfig.json covers (it excludes web/).
    files: ['**/*.{ts,mts}'],
    ignores: ['web/**'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Async callbacks handed to Fastify, socket.io and timers are fine; floating promises are not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // Adapters implement async ports without awaiting anything; async still turns throws into rejections.
      '@typescript-eslint/require-await': 'off',
      // Factories return closures over plain objects (deciders, stores), so detached methods are safe.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Layers point one way (docs/architecture.md): domain ← commands ← api/workers; infra is
  // adapters only; run/ composes processes and may import anything.
  ...layerRules({
    domain: ['contract', 'commands', 'infra', 'api', 'projections', 'workers', 'run'],
    // The contract is shared with the browser: zod and the pure domain only.
    contract: ['commands', 'infra', 'api', 'projections', 'workers', 'run', 'web'],
    commands: ['api', 'projections', 'workers', 'run'],
    infra: ['commands', 'api', 'projections', 'workers', 'run'],
    projections: ['commands', 'api', 'workers', 'run'],
    workers: ['api', 'run'],
    api: ['workers', 'run'],
  }),
  {
    files: ['projections/*/*queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerPatterns('projections', ['commands', 'api', 'workers', 'run']),
            {
              // ./x.js, ../x.js or ../other/x.js unless x ends in queries: a projector's code.
              regex: '^\\.\\.?/(?:[^./][^/]*/)?(?![^/]*queries\\.js$)[^/]+$',
              message: 'A query module imports only other query modules of projections/ (commands/ import it); types are fine.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    ignores: ['web/**', 'tests/**'],
    plugins: { 'hub-local': hubLocal },
    rules: { 'hub-local/read-model-owners': ['error', { owners: readModelOwners }] },
  },
  {
    // Tests read untyped JSON bodies and rows all the time; tsc strict already guards the rest.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The browser app is outside tsconfig.json: lint it without type information.
    files: ['web/**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-unused-vars': unusedVars },
  },
  {
    files: ['web/**/*.{js,jsx,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
