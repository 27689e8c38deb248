// Embedded PostgreSQL for zero-setup runs: PGlite (PostgreSQL compiled to WASM) persisted in a
// folder, served over the wire protocol so the ordinary `pg` Pool and node-pg-migrate work on it.
//
// Every socket connection shares PGlite's single backend session. The socket server runs one
// message at a time and, while a transaction is open, only the connection that opened it: other
// connections wait. So use a pool of EMBEDDED_POOL_MAX and never wait, inside a transaction, on a
// query issued through another client. Session state (SET, advisory locks) is shared as well.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Pool size to use against the embedded server. */
export const EMBEDDED_POOL_MAX = 1;

export interface EmbeddedPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable */
  url: string;
  /** Closes the socket server, then PGlite (flushing its files). */
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { port?: number } = {},
): Promise<EmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true });
  // btree_gist is loaded so later migrations can use exclusion constraints on PGlite too; it
  // still needs CREATE EXTENSION in a migration.
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: opts.port ?? 0, // 0: the OS picks a free port; start() reads it back
    // The default is 1: a pool plus the migration runner's own client need more.
    maxConnections: 100,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = /:(\d+)$/.exec(server.getServerConn())?.[1];
  if (port === undefined) throw new Error(`embedded postgres: no port in ${server.getServerConn()}`);

  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
