// New embedded data folders start as copies of a cached, migrated cluster instead of PGlite's
// initdb (infra/db/embedded-template.ts); an existing folder is never touched, and a cache that
// cannot be used only costs the time the template would have saved. Either way the cluster's
// folder is closed to other local users (PGlite writes its files 0666).
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../infra/db/embedded.js';
import type { TemplateContents } from '../../infra/db/embedded-template.js';
import { migrationNames } from '../../infra/db/migrate.js';
import { demoDataSize } from '../../api/seed/seed.js';
import { projectorNames } from '../../projections/all.js';
import { demoTemplate } from '../../run/demo-template.js';

// Each test makes clusters with PGlite (initdb alone is 3-5 s of CPU): seconds alone, minutes
// while a second CI run shares the 2 cores.
const BUSY = { timeout: 240_000 };

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hub-template-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const cacheDir = () => join(root, 'cache');
const start = (name: string, templateCache: string | boolean = cacheDir(), templateContents?: TemplateContents) =>
  startEmbeddedPostgres({ dataDir: join(root, name, 'pg'), socketDir: join(root, name, 'socket'), templateCache, templateContents });

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;

async function templates(): Promise<string[]> {
  return (await readdir(cacheDir())).filter((name) => name.startsWith('pglite-'));
}

describe('embedded PostgreSQL template', BUSY, () => {
  it('makes the template on first use; the new folder is already migrated', async () => {
    const server = await start('first');
    try {
      const [template] = await templates();
      expect(template).toMatch(/^pglite-[0-9a-f]{16}$/);
      expect(existsSync(join(cacheDir(), template!, 'PG_VERSION'))).toBe(true);
      const applied = await query<{ name: string }>(server.url, 'SELECT name FROM pgmigrations ORDER BY name');
      expect(applied.map((row) => row.name)).toEqual(await migrationNames());
      // Schema only: no accounts, no events.
      expect(await query(server.url, 'SELECT 1 FROM users UNION ALL SELECT 1 FROM events')).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(await readdir(cacheDir())).toEqual(await templates()); // no staging folder left behind
  });

  it('copies the template into the next new folder, and never into an existing one', async () => {
    const [template] = await templates();
    await writeFile(join(cacheDir(), template!, 'copied-from-template'), 'yes');

    const second = await start('second');
    try {
      expect(existsSync(join(root, 'second', 'pg', 'copied-from-template'))).toBe(true);
      expect(await mode(join(root, 'second', 'pg'))).toBe(0o700);
      await query(second.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    } finally {
      await second.stop();
    }

    await chmod(join(root, 'second', 'pg'), 0o755); // as an older version left it
    const again = await start('second');
    try {
      expect(await query(again.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
      expect(await mode(join(root, 'second', 'pg'))).toBe(0o700);
    } finally {
      await again.stop();
    }
    expect(await readdir(join(root, 'second'))).toEqual(expect.arrayContaining(['pg', 'socket']));
    expect((await readdir(join(root, 'second'))).filter((name) => name.startsWith('pg.copy-'))).toEqual([]);
  });

  it('without a usable cache folder, creates the cluster itself', async () => {
    const blocked = join(root, 'not-a-folder');
    await writeFile(blocked, '');
    const server = await start('third', blocked);
    try {
      expect(await query(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(existsSync(join(root, 'third', 'pg', 'PG_VERSION'))).toBe(true);
      expect(await mode(join(root, 'third', 'pg'))).toBe(0o700);
    } finally {
      await server.stop();
    }
  });
});

describe('embedded PostgreSQL template with contents', BUSY, () => {
  const contentsCache = () => join(root, 'contents-cache');
  let fills = 0;
  const notes = (key: string): TemplateContents => ({
    key,
    async fill(url) {
      fills++;
      await query(url, `CREATE TABLE template_note (key text); INSERT INTO template_note VALUES ('${key}')`);
    },
  });

  it('fills the template once per key; every new folder copied from it holds what fill wrote', async () => {
    for (const name of ['a1', 'a2']) {
      const server = await start(name, contentsCache(), notes('a'));
      try {
        expect(server.fromTemplate).toBe(true);
        expect(await query(server.url, 'SELECT key FROM template_note')).toEqual([{ key: 'a' }]);
      } finally {
        await server.stop();
      }
    }
    expect(fills).toBe(1);

    // Another key is another template: what fill wrote for 'a' is not reused for 'b'.
    const other = await start('b1', contentsCache(), notes('b'));
    try {
      expect(await query(other.url, 'SELECT key FROM template_note')).toEqual([{ key: 'b' }]);
    } finally {
      await other.stop();
    }
    expect(fills).toBe(2);
    expect((await readdir(contentsCache())).filter((name) => name.startsWith('pglite-'))).toHaveLength(2);

    // An existing folder is not a copy of anything.
    const again = await start('a1', contentsCache(), notes('a'));
    try {
      expect(again.fromTemplate).toBe(false);
    } finally {
      await again.stop();
    }
  });

  it("npm start's demo template holds the demo accounts and Hubs with every read model caught up", async () => {
    expect(demoTemplate(undefined)).toBeUndefined(); // no sources key: the schema only
    const server = await start('demo', contentsCache(), demoTemplate('test-sources'));
    try {
      const [counts] = await query<{ users: number; hubs: number }>(
        server.url,
        'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM rm_hubs) AS hubs',
      );
      expect(counts).toEqual(demoDataSize);
      // Every projector's checkpoint is at the log's last event: nothing left to project.
      const checkpoints = await query<{ name: string; behind: boolean }>(
        server.url,
        `SELECT c.name, (c.tx, c.seq) < (SELECT tx_id::text::bigint, seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1) AS behind
           FROM projection_checkpoints c`,
      );
      expect(checkpoints.map((c) => c.name).sort()).toEqual([...projectorNames].sort());
      expect(checkpoints.filter((c) => c.behind)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
