// ESLint 9 flat config. Server TypeScript is linted with type information so that
// no-floating-promises, no-misused-promises and await-thenable catch lost awaits, the costly bugs
// in async command, projection and job code. A full `npx eslint .` costs about what `tsc` does.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
];

/** One no-restricted-imports block per server layer, naming the layers it must not import. */
function layerRules(forbidden) {
  return Object.entries(forbidden).map(([layer, others]) => ({
    files: [`${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: others.map((other) => ({ group: [`**/${other}/**`], message: `${layer}/ must not import ${other}/ (layers point inward).` })) },
      ],
    },
  }));
}

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
    domain: ['commands', 'infra', 'api', 'projections', 'workers', 'run'],
    commands: ['api', 'projections', 'workers', 'run'],
    infra: ['commands', 'api', 'projections', 'workers', 'run'],
    projections: ['commands', 'api', 'workers', 'run'],
    workers: ['api', 'run'],
    api: ['workers', 'run'],
  }),
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
