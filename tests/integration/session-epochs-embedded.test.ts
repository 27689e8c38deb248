// Issue 24 item 7 on embedded PGlite (npm start): it delivers no notifications, so nothing may be
// cached there; every token check reads the account's epoch, and ending the sessions (its NOTIFY
// included, inside a transaction on the only connection) works and shows at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEpochs, endSessions } from '../../api/auth/session-epochs.js';
import { createUser } from '../../api/auth/users.js';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres, type EmbeddedPostgres } from '../../infra/db/embedded.js';
import { runMigrations } from '../../infra/db/migrate.js';
import { createPool, withTransaction } from '../../infra/db/pool.js';

let dataDir: string;
let server: EmbeddedPostgres | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hub-pglite-sessions-'));
  server = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), socketDir: join(dataDir, 'socket') });
  await runMigrations(server.url);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('issue 24 item 7: session epochs on embedded PGlite', () => {
  it('ending the sessions inside a transaction on the one connection moves the epoch every check sees at once', async () => {
    const pool = createPool(server!.url, { max: EMBEDDED_POOL_MAX });
    const epochs = createSessionEpochs(pool);
    try {
      const user = await createUser(pool, { name: 'Ana', email: 'ana.embutida@example.com', phone: '11987654321', password: 'segredo123' });
      expect(await epochs.current(user.id)).toBe(0);
      await pool.query(`INSERT INTO refresh_tokens (id, user_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, 'h', now() + interval '1 day')`, [
        user.id,
      ]);
      await withTransaction(pool, (client) => endSessions(client, user.id));
      expect(await epochs.current(user.id)).toBe(1);
      const { rows } = await pool.query('SELECT revoked_at IS NOT NULL AS revoked FROM refresh_tokens WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ revoked: true }]);
      await pool.query('DELETE FROM users WHERE id = $1', [user.id]);
      expect(await epochs.current(user.id)).toBeNull();
    } finally {
      await epochs.close();
      await pool.end();
    }
  }, 30_000);
});
