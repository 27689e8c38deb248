import type { CommandDeps } from '../../commands/deps.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';

// Every API process reads the partners' tables per request (no cache), so once the projection
// includes a write, every process follows it: a regenerated token's predecessor is refused, an
// inactive partner's token too. The answer waits for that; past the bound (a projector stopped)
// the write stands and the answer says what the read model shows so far.

export const PARTNER_WRITE_WAIT_MS = 5000;

export async function showPartnerWrite(deps: Pick<CommandDeps, 'awaitProjections' | 'log'>, position: GlobalPosition | null): Promise<void> {
  if (!position) return; // nothing written
  const caughtUp = await deps.awaitProjections(position, PARTNER_WRITE_WAIT_MS).catch(() => false);
  if (!caughtUp) deps.log.warn({ position }, 'partner write answered before its projection caught up');
}
