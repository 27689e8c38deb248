import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import pgUtils from 'pg/lib/utils.js';

/** A parameterised statement, as a projector builds it. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A statement with its parameters written in as literals: each value as pg itself would send it
 * (prepareValue: dates with their offset, arrays as array literals, objects as JSON), quoted by
 * pg's escapeLiteral. Only for the projectors' own statements, whose text has `$n` nowhere but in
 * parameter places.
 */
export function withLiterals({ text, values }: Statement): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) < 1 || Number(n) > values.length) throw new Error(`statement has no parameter $${n}`);
    return literal(values[Number(n) - 1]);
  });
}

function literal(value: unknown): string {
  const prepared = pgUtils.prepareValue(value);
  if (prepared === null) return 'NULL';
  if (Buffer.isBuffer(prepared)) throw new Error('binary parameters are not written as literals');
  return pgUtils.escapeLiteral(prepared);
}

// What each connection has prepared, under names of its own: prepared statements belong to the
// session and outlive a rolled-back transaction, so after a failed batch (which may have prepared
// some of its statements and not others) the runner drops the connection rather than guess. On
// embedded PGlite every connection shares one session, and the next connection's names must not
// meet what a dropped one left there.
const preparedOn = new WeakMap<object, { id: number; names: Set<string> }>();
let connections = 0;

/**
 * A statement as SQL that runs it through a server-side prepared statement: `EXECUTE name(…)`
 * with its values as literals, preceded the first time on this connection by `PREPARE name AS
 * text`. Planning was about half of a small batch's cost in PostgreSQL (a booking's rows for the
 * read models planned five statements each time); now each text is planned once per connection.
 * The texts are the projectors' fixed statements (their values are all parameters), so a
 * connection holds a handful of them.
 */
export function executeWithLiterals(client: object, { text, values }: Statement): string {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = { id: ++connections, names: new Set() }));
  const name = `hub_projection_${createHash('sha256').update(text).digest('hex').slice(0, 20)}_${prepared.id}`;
  const execute = values.length ? `EXECUTE ${name}(${values.map(literal).join(', ')})` : `EXECUTE ${name}`;
  if (prepared.names.has(name)) return execute;
  prepared.names.add(name);
  return `PREPARE ${name} AS ${text};\n${execute}`;
}

/**
 * The statements of one projection batch. Writes whose result nobody reads are held back and sent
 * together, with the next statement that needs an answer or with the COMMIT: a batch of bookings
 * costs its opening and one more round trip, whatever it writes.
 */
export class BatchStatements {
  #held: string[] = [];

  constructor(private readonly client: PoolClient) {}

  /** A write to send later, in order. */
  defer(statement: Statement): void {
    this.#held.push(executeWithLiterals(this.client, statement));
  }

  /** SQL already written out (no parameters), to send later, in order. */
  hold(sql: string): void {
    this.#held.push(sql);
  }

  /** The client, once every held write has gone: for statements that read. */
  async now(): Promise<PoolClient> {
    await this.send();
    return this.client;
  }

  /** Sends the held writes, followed by `last` (COMMIT) when given, in one round trip. */
  async send(last?: string): Promise<void> {
    const sql = last ? [...this.#held, last] : this.#held;
    this.#held = [];
    if (sql.length) await this.client.query(sql.join(';\n'));
  }
}

/**
 * A client for a write-only projector's `apply` (Projector.writeOnly): each statement is held in
 * the batch and answered at once with no rows; they go with the batch's next send.
 */
export function deferringClient(batch: BatchStatements): PoolClient {
  const query = (text: string, values?: unknown[]) => {
    if (typeof text !== 'string') throw new Error('a write-only projector passes (text, values) to query');
    batch.defer({ text, values: values ?? [] });
    return Promise.resolve({ rows: [], rowCount: null, command: '', oid: 0, fields: [] });
  };
  return { query } as unknown as PoolClient;
}
