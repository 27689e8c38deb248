import type { PartnerCommand, PartnerState } from '../domain/partners/partner-decide.js';
import { partnerDecider } from '../domain/partners/partner-decide.js';
import type { PartnerEvent } from '../domain/partners/partner-events.js';
import { partnerStreamId } from '../domain/partners/partner-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
import type { LoadedStream } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';

// Partners (issue 27 items 1–2): each write is one decision on the partner's stream
// `partner-{id}`, appended with its expected version (two admins editing at once: the second
// decides again on the first's result).

export interface PartnerResult {
  state: PartnerState;
  events: PartnerEvent[];
  /** Log position of the last event written; null when nothing changed. */
  position: GlobalPosition | null;
}

export function decidePartner(deps: Pick<CommandDeps, 'store'>, command: PartnerCommand, ctx: CommandContext): Promise<PartnerResult> {
  const streamId = partnerStreamId(command.partnerId);
  return runCommand<LoadedStream<PartnerState>, PartnerResult>(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, partnerDecider),
    // A registration retried with its Idempotency-Key (the id derived from it: partner-routes.ts)
    // finds what its first attempt wrote and answers that, even when the first answer was lost.
    ...(command.type === 'RegisterPartner'
      ? {
          replay: { stored: (loaded) => loaded.stored, answer: (written, loaded) => ({ state: loaded.state, events: [], position: written.at(-1)!.position }) },
        }
      : {}),
    decide: ({ state, version }) => {
      const events = partnerDecider.decide(command, state);
      const next = events.reduce(partnerDecider.evolve, state);
      return {
        append: [{ streamId, events, expectedVersion: version }],
        written: (appended) => ({ state: next, events, position: appended?.of(streamId).position ?? null }),
      };
    },
  });
}
