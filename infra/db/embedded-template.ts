// A new embedded data folder starts as a copy of a cached one: PGlite's initdb (PostgreSQL's
// bootstrap, run in WASM) costs 3-5 s of CPU, copying its result ~40 MB of files a fraction of
// that. The template is a cluster made by PGlite, migrated, filled by the caller if it asks
// (`npm start`: the demo data and its read models, run/demo-template.ts), and shut down cleanly;
// it never holds secrets. It is made once per PGlite version, set of migrations and contents
// key, on the first start that needs it, and kept in node_modules/.cache/hub.
import { createHash } from 'node:crypto';
import { constants, existsSync, mkdtempSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, migrationNames, runMigrations } from './migrate.js';
import { removeOnInterrupt } from './remove-on-interrupt.js';

/** Where templates are kept unless told otherwise. */
export const DEFAULT_TEMPLATE_CACHE = fileURLToPath(new URL('../../node_modules/.cache/hub', import.meta.url));

// Bumped when what a template contains changes in a way its key would not show.
const TEMPLATE_FORMAT = '1 btree_gist';

/** A starter of the server on a given data folder and private socket folder, e.g. startEmbeddedPostgres. */
export type StartServer = (dataDir: string, socketDir: string) => Promise<{ url: string; stop(): Promise<void> }>;

/** What a template holds beyond the schema, written once when the template is made. */
export interface TemplateContents {
  /** Names what fill writes (e.g. a hash of the code that writes it): templates are kept per key. */
  key: string;
  /** Writes the contents into the migrated template, reached at url. */
  fill(url: string): Promise<void>;
}

/** True when dataDir holds no cluster yet (missing or an empty folder). */
export async function isNewDataDir(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) return true;
  return (await readdir(dataDir)).length === 0;
}

/** Names the template by everything that shapes it: PGlite's version, the migrations, the contents. */
async function templateKey(contents: TemplateContents | undefined): Promise<string> {
  const pgliteDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(await readFile(join(pgliteDir, 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`${TEMPLATE_FORMAT}\n${version}\n${contents?.key ?? 'schema only'}\n`);
  for (const name of await migrationNames()) hash.update(`${name}\n`).update(await readFile(join(MIGRATIONS_DIR, `${name}.sql`)));
  return hash.digest('hex').slice(0, 16);
}

/** The folder of the template for these contents (schema only without) in cacheDir. */
export async function templateDir(cacheDir: string, contents?: TemplateContents): Promise<string> {
  return join(cacheDir, `pglite-${await templateKey(contents)}`);
}

/** Makes the template: a new cluster, migrated, filled, stopped cleanly, then renamed into place. */
async function buildTemplate(cacheDir: string, template: string, start: StartServer, contents: TemplateContents | undefined): Promise<void> {
  // Named by this process: the next `npm start` removes what a killed one left (run/stale-staging.mjs).
  // Made synchronously and registered in the same turn: a signal handler runs only between turns,
  // so no Ctrl-C can land after a folder exists and before it is registered for removal.
  const staging = mkdtempSync(join(cacheDir, `building-${process.pid}-`));
  const socketDir = mkdtempSync(join(tmpdir(), `hub-pg-template-${process.pid}-`)); // 0700, like DATA_DIR/socket
  const release = removeOnInterrupt([staging, socketDir]);
  try {
    const server = await start(join(staging, 'pg'), socketDir);
    try {
      await runMigrations(server.url);
      await contents?.fill(server.url);
    } finally {
      await server.stop();
    }
    try {
      await rename(join(staging, 'pg'), template);
    } catch (error) {
      // Another start made it meanwhile: theirs is as good as ours.
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
    await rm(socketDir, { recursive: true, force: true });
  }
  await pruneTemplates(cacheDir);
}

// Templates of other PGlite versions or migrations are ~40 MB each: the newest few are kept
// (switching between branches with different migrations should not rebuild every time).
const KEPT_TEMPLATES = 3;

async function pruneTemplates(cacheDir: string): Promise<void> {
  const names = (await readdir(cacheDir)).filter((name) => /^pglite-[0-9a-f]{16}$/.test(name));
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(join(cacheDir, name))).mtimeMs })));
  const old = dated.sort((a, b) => b.mtime - a.mtime).slice(KEPT_TEMPLATES);
  await Promise.all(old.map(({ name }) => rm(join(cacheDir, name), { recursive: true, force: true })));
}

/** Copies a folder tree, all files at once (fs.cp copies one by one: ~1,000 files here). */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyTree(join(from, entry.name), join(to, entry.name))
        : copyFile(join(from, entry.name), join(to, entry.name), constants.COPYFILE_FICLONE),
    ),
  );
}

/**
 * Fills a new dataDir from the template, making the template first if there is none. Returns
 * false, leaving dataDir untouched, when that cannot be done (e.g. a read-only cache folder):
 * PGlite then makes the cluster itself, as without a template.
 */
export async function copyTemplateInto(dataDir: string, cacheDir: string, start: StartServer, contents?: TemplateContents): Promise<boolean> {
  try {
    await mkdir(cacheDir, { recursive: true, mode: 0o700 });
    const template = await templateDir(cacheDir, contents);
    if (!existsSync(join(template, 'PG_VERSION'))) {
      console.log(
        `[hub] creating the embedded database template (once per PGlite version, set of migrations${contents ? ' and version of the code that fills it' : ''})…`,
      );
      await buildTemplate(cacheDir, template, start, contents);
    }
    // Copied beside dataDir and renamed, so a start killed mid-copy leaves no half cluster.
    await mkdir(dirname(dataDir), { recursive: true });
    const staging = mkdtempSync(`${dataDir}.copy-`); // registered in the same turn, as above
    const release = removeOnInterrupt([staging]);
    try {
      await copyTree(template, staging);
      if (existsSync(dataDir)) await rmdir(dataDir); // empty (isNewDataDir)
      await rename(staging, dataDir);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    } finally {
      release();
    }
    return true;
  } catch (error) {
    console.warn(
      `[hub] embedded PostgreSQL: no cached template (${error instanceof Error ? error.message : String(error)}); creating the database from scratch`,
    );
    return false;
  }
}
