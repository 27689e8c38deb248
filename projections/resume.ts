// `npm run projections:resume -- NAME [NAME…]`: a projector stopped at an event it cannot apply
// (projector-stops.ts; /api/health names it) tries that event again within a second, in whichever
// process leads it, once the cause is fixed. With no name it lists the stopped projectors. It
// talks to DATABASE_URL, or without it to the embedded database of a running `npm start`
// (DATA_DIR/socket). See README, "A stopped projector".
import { join } from 'node:path';
import { config } from '../infra/config.js';
import { embeddedUrl } from '../infra/db/embedded.js';
import { createPool } from '../infra/db/pool.js';
import { activeProjectors } from './all.js';
import { clearStop, readStops } from './projector-stops.js';

const names = process.argv.slice(2).filter((arg) => arg !== '--');
const known = activeProjectors().map((p) => p.name);
const unknown = names.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`Unknown projector: ${unknown.join(', ')}. Projectors: ${known.join(', ')}.`);
  process.exit(1);
}

const pool = createPool(config.databaseUrl ?? embeddedUrl(join(config.dataDir, 'socket')), { max: 1 });
try {
  const stops = await readStops(pool);
  if (names.length === 0) {
    if (stops.length === 0) console.log('No projector is stopped.');
    for (const stop of stops) {
      console.log(
        `${stop.name}: stopped at ${stop.event_type} ${stop.event_id} (${stop.stream_id}, position ${stop.position}) on ${stop.stopped_at.toISOString()}: ${stop.error}`,
      );
    }
  }
  for (const name of names) {
    const stop = stops.find((s) => s.name === name);
    if (await clearStop(pool, name)) {
      console.log(`${name}: resumed; it tries ${stop?.event_type ?? 'the event'} ${stop?.event_id ?? ''} again within a second. Watch GET /api/health.`);
    } else {
      console.log(`${name}: was not stopped.`);
    }
  }
} finally {
  await pool.end();
}
