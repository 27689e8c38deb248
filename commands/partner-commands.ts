import type { PartnerCommand, PartnerState } from '../domain/partners/partner-decide.js';
import { partnerDecider } from '../domain/partners/partner-decide.js';
import type { PartnerEvent } from '../domain/partners/partner-events.js';
import { partnerStreamId } from '../domain/partners/partner-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
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
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, partnerDecider),
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
