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
import { migrationNames } from '../../infra/db/migrate.js';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hub-template-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const cacheDir = () => join(root, 'cache');
const start = (name: string, templateCache: string | boolean = cacheDir()) =>
  startEmbeddedPostgres({ dataDir: join(root, name, 'pg'), socketDir: join(root, name, 'socket'), templateCache });

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

describe('embedded PostgreSQL template', () => {
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
