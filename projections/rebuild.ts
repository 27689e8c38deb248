// `npm run projections:rebuild`: empties every read model and replays the whole event log.
// Stop the projection process first; on embedded data run it with the app stopped.
import { openRuntime, requireEnv } from '../infra/runtime.js';
import { activeProjectors } from './all.js';
import { rebuild } from './runner.js';

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 2, { waitForDatabase: true });
try {
  for (const projector of activeProjectors()) {
    const started = Date.now();
    const count = await rebuild(runtime.db, runtime.store, projector);
    console.log(`[rebuild] ${projector.name}: ${count} events in ${Date.now() - started} ms`);
  }
} finally {
  await runtime.close();
}
