// `npm run seed`: adds the demo accounts and Hubs to the database at DATABASE_URL (services mode).
// Unless HOST is a loopback address, the accounts get made passwords (printed once), never the
// published ones: a services-mode database normally serves the network.
import { config, isLoopbackHost } from '../../infra/config.js';
import { openRuntime, requireEnv } from '../../infra/runtime.js';
import { madeHubKeyLines, madePasswordLines, seedDemoData } from './seed.js';

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 2, { waitForDatabase: true });
try {
  const seeded = await seedDemoData(runtime.db, runtime.store, { madePasswords: !isLoopbackHost(config.host) });
  console.log(`[seed] ${seeded.hubs} Hubs, ${seeded.users} accounts added`);
  for (const line of madePasswordLines(seeded.madePasswords, '[seed]')) console.log(line);
  for (const line of madeHubKeyLines(seeded.madeHubKeys, '[seed]')) console.log(line);
} finally {
  await runtime.close();
}
