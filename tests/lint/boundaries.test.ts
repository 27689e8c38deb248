// The import rules of eslint.config.js catch what they are for: a feature reaching into another
// feature's files, lib/ importing a feature, and an import cycle; a feature's face stays allowed.
// ESLint runs here as `npm run lint` runs it, on code that breaks each rule on purpose.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  // ignore: false, so the deliberate cycle under fixtures/ (ignored by `npm run lint`) is linted.
  eslint = new ESLint({ cwd: root, ignore: false });
});

/** The rule ids and messages ESLint reports for `code` as if it were the file at `path`. */
async function problems(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('web feature boundaries', { timeout: 120_000 }, () => {
  it("refuses a feature importing another feature's files, by alias or by relative path", async () => {
    const code = [
      "import { useAuth } from '@/features/auth/auth-context';",
      "import { LockerIllustration } from '../hubs/components/detail/locker-illustration';",
      'export const probe = [useAuth, LockerIllustration];',
    ].join('\n');
    const found = await problems(code, 'web/src/features/booking/probe.ts');
    expect(found.map((p) => p.ruleId)).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
    expect(found[0]!.message).toContain('"@/features/auth/auth-context"');
    expect(found[0]!.message).toContain("features/booking may use another feature only through its face: import '@/features/<name>'");
    expect(found[1]!.message).toContain('"../hubs/components/detail/locker-illustration"');
  });

  it("allows a feature's face (index.ts, types.ts), its own files and shared code", async () => {
    const code = [
      "import { useAuth } from '@/features/auth';",
      "import { SIZE_CATALOGUE } from '@/features/hubs';",
      "import { STATUS_LABEL } from './types';",
      "import type { User } from '../auth/types';",
      "import { StatusPanel } from '@/components/ui/status-panel';",
      "import { padLockerNumber } from '@/lib/format';",
      'export const probe = (user: User) => [user, useAuth, SIZE_CATALOGUE, STATUS_LABEL, StatusPanel, padLockerNumber];',
    ].join('\n');
    expect(await problems(code, 'web/src/features/booking/probe.ts')).toEqual([]);
  });

  it("lets app/ import a feature's routes but not its pages, and lib/ import no feature", async () => {
    expect(await problems("export { HomePage } from '@/features/hubs/routes';", 'web/src/app/probe.ts')).toEqual([]);
    const page = await problems("export const Home = () => import('@/features/hubs/pages/home-page');", 'web/src/app/probe.ts');
    expect(page.map((p) => p.ruleId)).toEqual(['import-x/no-restricted-paths']);
    const lib = await problems("export { useAuth } from '@/features/auth';", 'web/src/lib/probe.ts');
    expect(lib).toEqual([
      { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('lib/ is shared by every feature and imports none of them.') },
    ]);
  });
});

describe('import cycles', { timeout: 120_000 }, () => {
  const lintFixture = async (name: string) => {
    const [result] = await eslint.lintFiles([`${root}/tests/lint/fixtures/${name}`]);
    return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  };

  it('refuses a module importing one that imports it back', async () => {
    expect(await lintFixture('cycle-a.ts')).toEqual([{ ruleId: 'import-x/no-cycle', message: 'Dependency cycle detected' }]);
  });

  it('lets a module import one that does not import it back', async () => {
    expect(await lintFixture('acyclic.ts')).toEqual([]);
  });
});
