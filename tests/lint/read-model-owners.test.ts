import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The read-model ownership rule (lint/read-model-owners.js) and the layer exception for query
// modules, checked through the project's own eslint.config.js: text is linted as if it were an
// existing file of that folder (typed linting knows only files of tsconfig.json), nothing is written.

const OWNERS = 'hub-local/read-model-owners';
const IMPORTS = 'no-restricted-imports';

let eslint: ESLint;

async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

const rules = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

const rawRead = `import type { Pool } from 'pg';
export const due = (db: Pool) => db.query('SELECT id FROM rm_reservations WHERE status = $1', ['pending']);
`;

describe('read models belong to their projector (lint)', { timeout: 120_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: process.cwd() });
  });

  it('refuses SQL naming rm_reservations outside projections/, and accepts the query module', async () => {
    const violation = await lint(rawRead, 'api/dashboard/summary-query.ts');
    expect(rules(violation)).toEqual([OWNERS]);
    expect(violation[0]!.message).toContain("'rm_reservations' belongs to projections/reservations/");

    const clean = await lint(
      `import type { Pool } from 'pg';
import { overdueReservationIds } from '../../projections/reservations/queries.js';
// A comment may still say rm_reservations.
export const due = (db: Pool) => overdueReservationIds(db, new Date(), '', 10);
`,
      'api/dashboard/summary-query.ts',
    );
    expect(clean).toEqual([]);
  });

  it('refuses a template literal in commands/ and workers/, and a stats table by name', async () => {
    const template = `import type { Pool } from 'pg';
export const taken = (db: Pool, id: string) => db.query(\`SELECT 1 FROM rm_lockers WHERE id = \${'$'}1\`, [id]);
`;
    expect(rules(await lint(template, 'commands/open-door.ts'))).toEqual([OWNERS]);
    expect(rules(await lint(template, 'workers/sweep-overdue.ts'))).toEqual([OWNERS]);
    const stats = `export const table = 'daily_stats';\n`;
    expect(rules(await lint(stats, 'api/dashboard/stats-query.ts'))).toEqual([OWNERS]);
    expect(await lint(stats, 'projections/stats/queries.ts')).toEqual([]);
  });

  it('lets a projector folder name only its own tables', async () => {
    expect(await lint(rawRead, 'projections/reservations/queries.ts')).toEqual([]);
    const foreign = await lint(rawRead, 'projections/hubs/queries.ts');
    expect(rules(foreign)).toEqual([OWNERS]);
    const unknown = await lint(`export const t = 'rm_parking_spots';\n`, 'projections/hubs/queries.ts');
    expect(unknown.map((m) => m.message)).toEqual([expect.stringContaining('no projector owns')]);
  });

  it('lets commands/ import a query module and nothing else of projections/', async () => {
    const queries = `import { doorCandidateIds } from '../projections/reservations/command-queries.js';\nexport const ids = doorCandidateIds;\n`;
    expect(await lint(queries, 'commands/open-door.ts')).toEqual([]);
    const projector = `import { reservationsProjector } from '../projections/reservations/reservations-projector.js';\nexport const p = reservationsProjector;\n`;
    expect(rules(await lint(projector, 'commands/open-door.ts'))).toEqual([IMPORTS]);
  });

  it('keeps query modules free of projector code (types are fine)', async () => {
    const value = `import { reservationsProjector } from './reservations-projector.js';\nexport const p = reservationsProjector;\n`;
    expect(rules(await lint(value, 'projections/reservations/queries.ts'))).toEqual([IMPORTS]);
    const type = `import type { Projector } from '../projector.js';\nexport type P = Projector;\n`;
    expect(await lint(type, 'projections/reservations/queries.ts')).toEqual([]);
  });
});
