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
    const value = pgUtils.prepareValue(values[Number(n) - 1]);
    if (value === null) return 'NULL';
    if (Buffer.isBuffer(value)) throw new Error('binary parameters are not written as literals');
    return pgUtils.escapeLiteral(value);
  });
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
    this.#held.push(withLiterals(statement));
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
