// ESLint 9 flat config. Server TypeScript is linted with type information so that
// no-floating-promises, no-misused-promises and await-thenable catch lost awaits, the costly bugs
// in async command, projection and job code. A full `npx eslint .` costs about what `tsc` does.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hubLocal from './lint/read-model-owners.js';

const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }];

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
  access: ['rm_hub_access'],
  staff: ['hub_staff'],
  settings: ['rm_settings'],
  partners: ['rm_partners', 'rm_partner_users', 'rm_partner_hubs', 'rm_partner_tokens', 'rm_partner_sandbox_tokens'],
  // The rm_ tables are rebuilt; the delivery log (webhook_*) is kept by a rebuild (ADR 0021).
  // Issue 28 (ADR 0024): the rm_ tables are rebuilt; the refund work list and receipts are kept.
  refunds: ['rm_money_reservations', 'rm_money_movements', 'refund_requests', 'refund_receipts'],
  webhooks: [
    'rm_webhook_endpoints',
    'rm_webhook_reservations',
    'rm_webhook_switch',
    'rm_webhook_inactive_partners',
    'webhook_deliveries',
    'webhook_attempts',
    'webhook_endpoint_health',
  ],
  // Reminders (ADR 0023): the rm_ tables are rebuilt; reads, preferences and push subscriptions are kept.
  notifications: ['rm_reminders', 'rm_notifications', 'notification_reads', 'notification_preferences', 'push_subscriptions'],
  // Issue 29 item 4: door states and controllers' transitions (migration 0044).
  doors: ['rm_door_states', 'rm_controller_transitions'],
  // Alerts (ADR 0026): rm_alerts is rebuilt; the raising outbox and the mail claims are kept.
  alerts: ['rm_alerts', 'alert_triggers', 'alert_mails'],
};
const root = import.meta.dirname;
const webSrc = join(root, 'web/src');
const FEATURES = readdirSync(join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * A feature's public face: what other features, components/ and app/ may import. Its index.ts,
 * and its types.ts (data shapes, a leaf module), which the pure helpers tested in tests/web
 * import by relative path, outside the web's `@/` alias.
 */
const FACE = join(webSrc, 'features/*/{index,types}.{ts,tsx}');
/** A feature's route entries (lazy pages, route guards): for app/ only, so pages stay own chunks. */
const ROUTES = join(webSrc, 'features/*/routes.{ts,tsx}');

/**
 * Web boundaries (docs/architecture.md, Web): a feature is reached only through its face; inside
 * a feature imports are free; lib/ imports no feature. Paths are resolved, so `@/features/x/...`
 * and `../../x/...` are caught alike.
 */
const webZones = [
  ...FEATURES.map((feature) => ({
    target: join(webSrc, 'features', feature, '**'),
    from: join(webSrc, `features/!(${feature})/**`),
    except: [FACE],
    message: `features/${feature} may use another feature only through its face: import '@/features/<name>' (its index.ts) or its types.ts, or move shared code to lib/ or components/.`,
  })),
  {
    target: [join(webSrc, 'components/**'), join(webSrc, 'pages/**'), join(webSrc, 'main.tsx')],
    from: join(webSrc, 'features/**'),
    except: [FACE],
    message: "Import a feature only through its face: '@/features/<name>' (its index.ts) or its types.ts.",
  },
  {
    target: join(webSrc, 'app/**'),
    from: join(webSrc, 'features/**'),
    except: [FACE, ROUTES],
    message: "app/ imports a feature through its face or its routes: '@/features/<name>' or '@/features/<name>/routes'.",
  },
  {
    target: join(webSrc, 'lib/**'),
    from: join(webSrc, 'features/**'),
    message: 'lib/ is shared by every feature and imports none of them.',
  },
];

export default tseslint.config(
  // tests/lint/fixtures break the import rules on purpose (tests/lint/boundaries.test.ts).
  { ignores: ['node_modules/', 'dist/', 'web/dist/', '.data/', 'coverage/', 'test-results/', 'tests/lint/fixtures/'] },
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
    // The reference door controller is its own deployable: the pure domain and the contract only.
    controller: ['commands', 'infra', 'api', 'projections', 'workers', 'run', 'web'],
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
  {
    // Import cycles nowhere (server and web): in a cycle, load order decides what is still
    // undefined. Type-only imports vanish at build and do not count.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only .js files unless told; the parser is typescript-eslint's.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app resolves `@/` through its own tsconfig.
    files: ['web/**/*.{ts,tsx,mts,js,mjs}'],
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
);
