import type { WebhookCommand, WebhookState } from '../domain/webhooks/webhook-decide.js';
import { webhookDecider } from '../domain/webhooks/webhook-decide.js';
import type { WebhookEvent } from '../domain/webhooks/webhook-events.js';
import { webhookStreamId } from '../domain/webhooks/webhook-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';

// A partner's webhook endpoints (issue 27 item 4): each write is one decision on the stream
// `partner-webhooks-{partnerId}`, appended with its expected version, so two registrations at
// once cannot pass the limit of endpoints together.

export interface WebhookResult {
  state: WebhookState;
  events: WebhookEvent[];
  position: GlobalPosition | null;
}

export function decideWebhooks(deps: Pick<CommandDeps, 'store'>, command: WebhookCommand, ctx: CommandContext): Promise<WebhookResult> {
  const streamId = webhookStreamId(command.partnerId);
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, webhookDecider),
    decide: ({ state, version }) => {
      const events = webhookDecider.decide(command, state);
      const next = events.reduce(webhookDecider.evolve, state);
      return {
        append: [{ streamId, events, expectedVersion: version }],
        written: (appended) => ({ state: next, events, position: appended?.of(streamId).position ?? null }),
      };
    },
  });
}

/** WEBHOOKS_ALLOW_LOOPBACK=1, or NODE_ENV development or test: http://127.0.0.1 and friends are allowed. */
export const loopbackWebhooksAllowed = (env: NodeJS.ProcessEnv = process.env) =>
  env.WEBHOOKS_ALLOW_LOOPBACK === '1' || env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
