// A fresh, migrated database per test file on the server at DATABASE_URL, so files can run in
// parallel without sharing state. Testcontainers is not available here.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '../../infra/db/migrate.js';

export const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  // Lower-case letters and digits only: safe to inline as an identifier.
  const name = `hub_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    await runMigrations(url.toString());
  } catch (error) {
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    throw error;
  }
  return {
    url: url.toString(),
    // WITH (FORCE) terminates connections a test left open (PostgreSQL 13+).
    drop: () => onServer(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
