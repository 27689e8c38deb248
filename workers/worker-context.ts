import type { CommandContext } from '../commands/command-handler.js';

/** Who acts when no one asked: the expiry job or the sweeper, named by causationId. */
export const workerContext = (now: Date, causationId: string): CommandContext => ({
  actor: { id: 'worker', role: 'worker' },
  correlationId: causationId,
  causationId,
  now,
});
