// Each operator change is written twice: the account row (users, what sign-in reads) and an event
// on `operator-{userId}` through runCommand (who did what, when). No read through the pool may
// wait inside a transaction (embedded mode's pool has one client, issue 24), and the event store
// appends through the pool, so the two cannot share a transaction. The order:
//   1. prepare and decide on plain reads: the master rules and the other refusals come first;
//   2. write the row in its own transaction, under the account's row lock, after preparing and
//      deciding again there (another admin may have changed it since);
//   3. append the event. Should that append fail, the row is put back as it was (a new account
//      is deleted) and the error answers the request: the change did not happen.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadState, runCommand, type CommandContext } from '../../commands/command-handler.js';
import { operatorDecider, type OperatorCommand } from '../../domain/operators/operator-decide.js';
import { operatorStreamId } from '../../domain/operators/operator-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { withTransaction } from '../../infra/db/pool.js';
import type { Queryable } from '../auth/tokens.js';
import { conflict } from '../http/errors.js';
import { restoreAccount, type OperatorRow } from './operator-store.js';

export interface Prepared {
  command: OperatorCommand;
  /** The account as it was (null: the change makes a new one), to put back if the event is lost. */
  before: OperatorRow | null;
}

/** Builds the command from the account; `lock` reads it FOR UPDATE (inside step 2's transaction). */
export type Prepare = (db: Queryable, lock: boolean) => Promise<Prepared>;

export async function recordOperatorChange<T>(
  deps: { db: pg.Pool; store: EventStore; log: FastifyBaseLogger },
  ctx: CommandContext,
  prepare: Prepare,
  write: (client: pg.PoolClient, prepared: Prepared) => Promise<T>,
): Promise<T> {
  const { db, store, log } = deps;
  const first = await prepare(db, false);
  const streamId = operatorStreamId(first.command.userId);
  const load = () => loadState(store, streamId, operatorDecider);
  const loaded = await load();
  operatorDecider.decide(first.command, loaded.state); // refusals before any write

  const { prepared, result } = await withTransaction(db, async (client) => {
    const again = await prepare(client, true);
    // The e-mail got an account between the two reads (another admin, a sign-up): say so.
    if (again.command.userId !== first.command.userId) throw conflict('email_taken', 'E-mail já cadastrado');
    operatorDecider.decide(again.command, loaded.state);
    return { prepared: again, result: await write(client, again) };
  });

  try {
    let cached: typeof loaded | null = loaded;
    await runCommand(store, ctx, {
      read: async () => {
        const state = cached ?? (await load());
        cached = null;
        return state;
      },
      decide: ({ state, version }) => ({
        append: [{ streamId, events: operatorDecider.decide(prepared.command, state), expectedVersion: version }],
        written: () => undefined,
      }),
    });
  } catch (error) {
    await withTransaction(db, (client) => restoreAccount(client, prepared.command.userId, prepared.before)).catch((undoError: unknown) =>
      log.error({ err: undoError, userId: prepared.command.userId }, 'operator change not recorded and not undone'),
    );
    throw error;
  }
  return result;
}
