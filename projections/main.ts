// Services mode: the projection process. Follows the event log into the read models.
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { startAllProjectors } from './start-all.js';

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 4);
const stop = await startAllProjectors(runtime.db, runtime.store);
console.log('[projections] running');
closeOnSignal(async () => {
  await stop();
  await runtime.close();
});
