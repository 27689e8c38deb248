import pg from 'pg';
import { HUBS_TABLE, countHubs } from '../../../projections/hubs/queries.js';
import { readMarker } from './seed-marker.js';
import type { SeedMarker } from './seed-marker.js';

// Where a city seed goes: a database of its own on the server DATABASE_URL names, created when
// missing. A database that already holds Hubs, events or accounts is refused, unless a city
// seed made it (its seed_scale marker) and the caller asked for a reset: then it is dropped and
// made again. Anything else is never wiped.

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RESERVED = new Set(['postgres', 'template0', 'template1']);

/** The same server, another database (the name checked, so it is safe to inline in SQL). */
export function databaseUrl(serverUrl: string, name: string): string {
  if (!NAME.test(name) || RESERVED.has(name))
    throw new Error(`invalid target database name: ${name} (lower-case letters, digits and _; not ${[...RESERVED].join('/')})`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs fn on a connection to the server's maintenance database (the one the server URL names). */
export async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return onServer(serverUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
}

export async function createDatabase(serverUrl: string, name: string): Promise<void> {
  databaseUrl(serverUrl, name);
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
}

/** Drops a database; `force` also ends its sessions (only for databases nobody else uses). */
export async function dropDatabase(serverUrl: string, name: string, force = false): Promise<void> {
  databaseUrl(serverUrl, name);
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name}${force ? ' WITH (FORCE)' : ''}`));
}

export interface Contents {
  marker: SeedMarker | null;
  /** Hubs, events and accounts found (tables that do not exist count 0). */
  hubs: number;
  events: boolean;
  accounts: boolean;
}

/** What a database already holds that a seed could destroy or collide with. */
export async function contentsOf(url: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const has = async (table: string) =>
      (await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table])).rows[0]?.found === true;
    const any = async (table: string) => (await has(table)) && (await client.query(`SELECT 1 FROM ${table} LIMIT 1`)).rowCount === 1;
    const hubs = (await has(HUBS_TABLE)) ? await countHubs(client) : 0;
    return { marker: await readMarker(client), hubs, events: await any('events'), accounts: await any('users') };
  } finally {
    await client.end();
  }
}

export const isEmpty = (c: Contents) => c.hubs === 0 && !c.events && !c.accounts;

/**
 * Makes sure `name` exists and may be seeded: created when missing; kept when empty; dropped and
 * made again when `reset` is set and a city seed made it; refused otherwise.
 */
export async function prepareTarget(serverUrl: string, name: string, reset: boolean): Promise<string> {
  const url = databaseUrl(serverUrl, name);
  if (!(await databaseExists(serverUrl, name))) {
    await createDatabase(serverUrl, name);
    return url;
  }
  const contents = await contentsOf(url);
  if (isEmpty(contents) && !contents.marker) return url;
  if (!reset) {
    throw new Error(
      `database ${name} already has data (${contents.hubs} Hubs${contents.events ? ', events' : ''}${contents.accounts ? ', accounts' : ''}); ` +
        (contents.marker ? 'pass --reset to seed it again' : 'choose another --database'),
    );
  }
  if (!contents.marker && !isEmpty(contents)) throw new Error(`database ${name} was not made by seed:scale: it is never reset; choose another --database`);
  await dropDatabase(serverUrl, name);
  await createDatabase(serverUrl, name);
  return url;
}
