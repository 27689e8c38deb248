// Embedded PostgreSQL for zero-setup runs: PGlite (PostgreSQL compiled to WASM) persisted in a
// folder, served over the wire protocol so the ordinary `pg` Pool and node-pg-migrate work on it.
//
// pglite-socket has no authentication: whoever reaches the socket is the superuser. So it is not
// opened on TCP at all but on a Unix socket in a directory only this user may enter (0700):
// nothing on the network, and no other local account, can connect.
//
// Every socket connection shares PGlite's single backend session. The socket server runs one
// message at a time and, while a transaction is open, only the connection that opened it: other
// connections wait. So use a pool of EMBEDDED_POOL_MAX and never wait, inside a transaction, on a
// query issued through another client. Session state (SET, advisory locks) is shared as well.
import { chmod, lstat, mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyTemplateInto, DEFAULT_TEMPLATE_CACHE, isNewDataDir, type TemplateContents } from './embedded-template.js';

/** Pool size to use against the embedded server. */
export const EMBEDDED_POOL_MAX = 1;

/**
 * How long a checkout waits for that one client before failing (PoolWaitTimeoutError, a 503 in
 * the API): a flow that waits for a second client while holding the first would otherwise
 * freeze the whole process. Normal waits behind other requests are milliseconds.
 */
export const EMBEDDED_ACQUIRE_TIMEOUT_MS = 5_000;

/** The pool options of embedded mode: one client, bounded waits. */
export const EMBEDDED_POOL = { max: EMBEDDED_POOL_MAX, acquireTimeoutMs: EMBEDDED_ACQUIRE_TIMEOUT_MS } as const;

// libpq and node-postgres look for `<dir>/.s.PGSQL.<port>`; 5432 is what they assume.
const SOCKET_NAME = '.s.PGSQL.5432';
// sun_path holds 108 bytes on Linux and 104 on macOS, terminator included.
const MAX_SOCKET_PATH = 100;

export interface EmbeddedPostgres {
  /** postgres://postgres@localhost/postgres?host=<socket directory> */
  url: string;
  /** The Unix socket file the server listens on. */
  socketPath: string;
  /** True when this start made the data folder as a copy of the template (with its contents). */
  fromTemplate: boolean;
  /** Closes the socket server, then PGlite (flushing its files). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** PGlite's data folder (DATA_DIR/pg). */
  dataDir: string;
  /** Folder for the Unix socket (DATA_DIR/socket); made 0700. */
  socketDir: string;
  /**
   * A new data folder starts as a copy of a cached, migrated cluster (embedded-template.ts)
   * instead of PGlite's slow initdb: true for node_modules/.cache/hub, or a folder. Off by default.
   */
  templateCache?: boolean | string;
  /** What the template holds beyond the schema (with templateCache); the schema only by default. */
  templateContents?: TemplateContents;
}

/**
 * PGlite's own start parameters with 32 MB of shared buffers instead of PostgreSQL's 128 MB: a
 * demo database is a few MB, and setting up the buffer pool was a third of PGlite's boot on a
 * template (1.1–1.5 s → 0.7–0.76 s, docs/benchmarks.md).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export async function startEmbeddedPostgres({ dataDir, socketDir, templateCache, templateContents }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  let fromTemplate = false;
  if (templateCache && (await isNewDataDir(dataDir))) {
    const cacheDir = templateCache === true ? DEFAULT_TEMPLATE_CACHE : templateCache;
    const start = (templateDataDir: string, templateSocketDir: string) => startEmbeddedPostgres({ dataDir: templateDataDir, socketDir: templateSocketDir });
    fromTemplate = await copyTemplateInto(dataDir, cacheDir, start, templateContents);
  }
  // PGlite writes the cluster's files world-writable (0666): the folder itself is closed to other
  // local users, or they could rewrite the database around the socket's protection.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  // A DATA_DIR deep enough to overflow sun_path gets a private temporary folder instead.
  const temporary = join(socketDir, SOCKET_NAME).length > MAX_SOCKET_PATH;
  const dir = temporary ? await mkdtemp(join(tmpdir(), 'hub-pg-')) : await privateDir(socketDir);
  const socketPath = join(dir, SOCKET_NAME);
  await removeStaleSocket(socketPath);

  // btree_gist is loaded so later migrations can use exclusion constraints on PGlite too; it
  // still needs CREATE EXTENSION in a migration.
  const db = await PGlite.create(dataDir, { extensions: { btree_gist }, startParams: START_PARAMS });
  const server = new PGLiteSocketServer({
    db,
    path: socketPath,
    // The default is 1: a pool plus the migration runner's own client need more.
    maxConnections: 100,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }

  let stopped = false;
  return {
    url: embeddedUrl(dir),
    socketPath,
    fromTemplate,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop(); // closing the listener removes the socket file
      await db.close();
      if (temporary) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The address of the embedded server whose socket is in `socketDir` (DATA_DIR/socket), for tools run beside it. */
export function embeddedUrl(socketDir: string): string {
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** Makes dir (0700) or checks an existing one is a real folder of this user, then locks it down. */
async function privateDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid())) {
    throw new Error(`embedded postgres: ${dir} must be a folder owned by this user`);
  }
  await chmod(dir, 0o700);
  return dir;
}

/**
 * A socket file left by a process that was killed is removed; one that still answers means
 * another process serves this DATA_DIR, and two PGlite instances on one folder would corrupt it.
 */
async function removeStaleSocket(path: string): Promise<void> {
  const alive = await new Promise<boolean>((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (alive) throw new Error(`embedded postgres: ${path} is in use; is another Hub process running on this DATA_DIR?`);
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
