// Each operator change is written twice, together: the account row (users, what sign-in reads)
// and an event on `operator-{userId}` through runCommand (who did what, when). The row is
// written in a transaction that holds the account's row lock; the event is decided (the master
// rules throw here, before any write) and appended before that transaction commits, so a refused
// or failed append leaves the row unchanged. Concurrent changes of one operator queue on the row
// lock, so the append's expected version rarely loses; when it does, runCommand decides again.
import type pg from 'pg';
import { loadState, runCommand, type CommandContext } from '../../commands/command-handler.js';
import { operatorDecider, type OperatorCommand } from '../../domain/operators/operator-decide.js';
import { operatorStreamId } from '../../domain/operators/operator-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { withTransaction } from '../../infra/db/pool.js';

/** Runs `write` on the account inside a transaction and records `command`'s events before it commits. */
export async function recordOperatorChange<T>(
  db: pg.Pool,
  store: EventStore,
  ctx: CommandContext,
  command: OperatorCommand | ((client: pg.PoolClient) => Promise<OperatorCommand>),
  write: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withTransaction(db, async (client) => {
    const decided = typeof command === 'function' ? await command(client) : command;
    const streamId = operatorStreamId(decided.userId);
    const first = await loadState(store, streamId, operatorDecider);
    operatorDecider.decide(decided, first.state); // refusals before any write
    const result = await write(client);
    let loaded: typeof first | null = first;
    await runCommand(store, ctx, {
      read: async () => {
        const state = loaded ?? (await loadState(store, streamId, operatorDecider));
        loaded = null;
        return state;
      },
      decide: ({ state, version }) => ({
        append: [{ streamId, events: operatorDecider.decide(decided, state), expectedVersion: version }],
        written: () => undefined,
      }),
    });
    return result;
  });
}
