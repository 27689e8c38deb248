// Services mode: the projection process. Follows the event log into the read models.
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { startAllProjectors } from './start-all.js';

// Events per transaction (and checkpoint move); small values make catching up slower but finer.
const batchSize = Number(process.env.PROJECTION_BATCH_SIZE ?? 200);
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error('PROJECTION_BATCH_SIZE must be a positive integer.');
  process.exit(1);
}

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 4);
const stop = await startAllProjectors(runtime.db, runtime.store, undefined, undefined, batchSize);
console.log('[projections] running');
closeOnSignal(async () => {
  await stop();
  await runtime.close();
});
