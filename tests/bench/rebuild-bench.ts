// The full rebuild row (issue 31): `DATABASE_URL=… npx tsx tests/bench/rebuild-bench.ts` on a
// seeded database (`npm run seed`, or `npm run seed:scale -- --database NAME`). Counts and md5s
// every projector's table, rebuilds every projector blue/green (projections/rebuild/), counts and
// md5s again, and prints events/s and, per table, whether the rebuilt rows equal what was there
// (a table nothing had projected yet reads "was empty"). Not part of `npm test`.
import { activeProjectors } from '../../projections/all.js';
import { rebuildProjections } from '../../projections/rebuild/blue-green-rebuild.js';
import { progressLine } from '../../projections/rebuild/progress-meter.js';
import { openRuntime, requireEnv } from '../../infra/runtime.js';
import { checksumReadModels } from '../support/read-models.js';

const url = requireEnv('DATABASE_URL');
const batchSize = Number(process.env.REBUILD_BATCH_SIZE ?? 5_000);
const runtime = await openRuntime(url, 3);
try {
  const projectors = activeProjectors();
  const before = await checksumReadModels(runtime.db, projectors);
  const result = await rebuildProjections({
    databaseUrl: url,
    pool: runtime.db,
    projectors,
    batchSize,
    progressEveryMs: 10_000,
    onProgress: (progress, phase) => console.log(`${progressLine(progress)}${phase === 'replaying' ? '' : ` (${phase})`}`),
  });
  const after = await checksumReadModels(runtime.db, projectors);
  console.log(
    `rebuild: ${result.events} events in ${(result.ms / 1_000).toFixed(1)} s = ${Math.round(result.events / (result.ms / 1_000))} events/s (batch ${batchSize})`,
  );
  for (const [table, sum] of Object.entries(after)) {
    const was = before[table]!;
    const verdict = was.rows === 0 ? 'was empty' : was.md5 === sum.md5 ? 'equal' : `DIFFERENT (was ${was.rows} rows)`;
    console.log(`  ${table}: ${sum.rows} rows, ${verdict}`);
  }
} finally {
  await runtime.close();
}
