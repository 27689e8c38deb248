import type { ClientBase } from 'pg';
import type { Batcher } from './batcher.js';
import { createBatcher } from './batcher.js';
import { copyFrom, copyValue } from './copy-from.js';
import type { HubRow, LockerRow, ReservationRow } from './read-model-rows.js';
import type { LastPosition } from './write-events.js';
import { unnestRows } from '../../../projections/unnest-rows.js';
import { HUBS_TABLE, LOCKERS_TABLE } from '../../../projections/hubs/queries.js';
import { RESERVATIONS_TABLE } from '../../../projections/reservations/queries.js';

// Bulk inserts of the read models (migration 0003 and 0005 columns) and the projectors'
// checkpoints: the fast alternative to replaying millions of events through the projectors.

export type Columns<R> = readonly (readonly [keyof R & string, string])[];

const HUB_COLUMNS: Columns<HubRow> = [
  ['id', 'text'],
  ['name', 'text'],
  ['address', 'text'],
  ['zipcode', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['country', 'text'],
  ['description', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
  ['image_url', 'text'],
  ['secret_key', 'text'],
  ['private', 'bool'],
  ['auto_registration', 'bool'],
  ['kind', 'text'],
  ['hardware', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const LOCKER_COLUMNS: Columns<LockerRow> = [
  ['id', 'uuid'],
  ['hub_id', 'text'],
  ['order_number', 'int4'],
  ['size', 'text'],
  ['type', 'text'],
  ['price_per_hour_cents', 'int4'],
  ['status', 'text'],
  ['collect_number', 'text'],
  ['updated_at', 'timestamptz'],
];

const RESERVATION_COLUMNS: Columns<ReservationRow> = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['hub_id', 'text'],
  ['locker_id', 'uuid'],
  ['locker_size', 'text'],
  ['locker_order_number', 'int4'],
  ['start_time', 'timestamptz'],
  ['end_time', 'timestamptz'],
  ['status', 'text'],
  ['price_cents', 'int4'],
  ['price_per_hour_cents', 'int4'],
  ['payment_method', 'text'],
  ['paid_at', 'timestamptz'],
  ['code_expires_at', 'timestamptz'],
  ['payment_due_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

function insertRows<R>(client: ClientBase, table: string, columns: Columns<R>, rows: readonly R[]) {
  const names = columns.map(([name]) => name);
  const { select, values } = unnestRows(
    columns.map(([, type]) => type),
    rows.map((row) => names.map((name) => row[name])),
  );
  return client.query(`INSERT INTO ${table} (${names.join(', ')}) ${select}`, values);
}

const BATCH = 5_000;

export async function insertHubRows(client: ClientBase, hubs: readonly HubRow[], lockers: readonly LockerRow[]): Promise<void> {
  for (let i = 0; i < hubs.length; i += BATCH) await insertRows(client, HUBS_TABLE, HUB_COLUMNS, hubs.slice(i, i + BATCH));
  for (let i = 0; i < lockers.length; i += BATCH) await insertRows(client, LOCKERS_TABLE, LOCKER_COLUMNS, lockers.slice(i, i + BATCH));
}

type CopyValue = string | number | boolean | null;

/** Rows of a table in COPY batches (the types in `columns` are for INSERT … unnest; COPY needs only the names). */
export function copyRowWriter<R>(client: ClientBase, table: string, columns: Columns<R>): Batcher<R> {
  const statement = `COPY ${table} (${columns.map(([name]) => name).join(', ')}) FROM STDIN`;
  const line = (row: R) => columns.map(([name]) => copyValue(row[name] as CopyValue)).join('\t');
  return createBatcher((batch) => copyFrom(client, statement, `${batch.map(line).join('\n')}\n`));
}

/** All of `rows` in COPY batches of BATCH. */
export async function copyRows<R>(client: ClientBase, table: string, columns: Columns<R>, rows: readonly R[]): Promise<void> {
  const writer = copyRowWriter(client, table, columns);
  for (let i = 0; i < rows.length; i += BATCH) {
    for (const row of rows.slice(i, i + BATCH)) writer.add(row);
    await writer.flush();
  }
  await writer.drain();
}

/** rm_reservations rows in COPY batches, written while the generator runs. */
export const reservationRowWriter = (client: ClientBase): Batcher<ReservationRow> => copyRowWriter(client, RESERVATIONS_TABLE, RESERVATION_COLUMNS);

/** The projectors' checkpoints at the last event: the read models already include everything. */
export async function setCheckpoints(client: ClientBase, names: readonly string[], position: LastPosition): Promise<void> {
  await client.query(
    `INSERT INTO projection_checkpoints (name, tx, seq, updated_at) SELECT n, $2, $3, now() FROM unnest($1::text[]) AS n
     ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, seq = EXCLUDED.seq, updated_at = now()`,
    [names, position.tx, position.seq],
  );
}
