// `npm run projections:rebuild`: rebuilds every read model from the whole event log while the
// site keeps serving (projections/rebuild/blue-green-rebuild.ts), printing events/s and the ETA,
// then switches to the rebuilt tables at once. The projection processes may keep running.
// `-- --keep-old` keeps the replaced tables (schema rebuild_<id>_old) until the next rebuild;
// `-- --batch-size N` sets the events per read and transaction (default 5000).
// Ctrl-C or SIGTERM stops it before the switch and removes what it made; the live tables stay.
import { parseArgs } from 'node:util';
import { openRuntime, requireEnv } from '../infra/runtime.js';
import { activeProjectors } from './all.js';
import { progressLine } from './rebuild/progress-meter.js';
import { RebuildInterruptedError, rebuildProjections } from './rebuild/blue-green-rebuild.js';
import { RebuildRunningError } from './rebuild/rebuild-runs.js';

const { values } = parseArgs({ options: { 'keep-old': { type: 'boolean' }, 'batch-size': { type: 'string' } } });
const batchSize = Number(values['batch-size'] ?? 5_000);
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error('--batch-size must be a positive integer.');
  process.exit(2);
}

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 3, { waitForDatabase: true });
const abort = new AbortController();
const stop = (signal: string) => {
  if (abort.signal.aborted) return;
  console.log(`[rebuild] ${signal}: stopping after the batch in flight; the live read models stay as they are`);
  abort.abort();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const projectors = activeProjectors();
let code = 0;
try {
  const result = await rebuildProjections({
    databaseUrl: requireEnv('DATABASE_URL'),
    pool: runtime.db,
    projectors,
    batchSize,
    keepOld: values['keep-old'] === true,
    signal: abort.signal,
    onProgress: (progress, phase) => console.log(`${progressLine(progress)}${phase === 'replaying' ? '' : ` (${phase})`}`),
  });
  // One line per projector, as before: every projector was rebuilt from the same read of the log.
  for (const projector of projectors) console.log(`[rebuild] ${projector.name}: ${result.events} events in ${result.ms} ms`);
  const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1_000) : result.events;
  console.log(`[rebuild] switched to the rebuilt read models: ${result.events} events in ${result.ms} ms (${rate} events/s)`);
} catch (error) {
  if (error instanceof RebuildRunningError || error instanceof RebuildInterruptedError) console.error(`[rebuild] ${error.message}`);
  else console.error('[rebuild] failed; the live read models are as they were:', error);
  code = error instanceof RebuildInterruptedError ? 130 : 1;
} finally {
  await runtime.close();
}
process.exit(code);
