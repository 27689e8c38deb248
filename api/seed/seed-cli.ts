// `npm run seed`: adds the demo accounts and Hubs to the database at DATABASE_URL (services mode).
import { openRuntime, requireEnv } from '../../infra/runtime.js';
import { seedDemoData } from './seed.js';

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 2);
try {
  const seeded = await seedDemoData(runtime.db, runtime.store);
  console.log(`[seed] ${seeded.hubs} Hubs, ${seeded.users} accounts added`);
} finally {
  await runtime.close();
}
