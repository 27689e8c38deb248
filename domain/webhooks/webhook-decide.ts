import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { PauseReason, WebhookActor, WebhookEvent, WebhookEventType } from './webhook-events.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.js';
import { MAX_WEBHOOK_ENDPOINTS, WebhookMessages } from './webhook-messages.js';
import { checkedWebhookUrl } from './webhook-url.js';

// The webhook endpoints of one partner. What the decider cannot know (whether loopback URLs are
// allowed in this environment, new ids, the time) the caller passes in.

export { WebhookMessages };

interface Base {
  partnerId: string;
  endpointId: string;
  by: WebhookActor;
  at: string;
}

export type WebhookCommand =
  | (Base & { type: 'RegisterWebhookEndpoint'; url: string; events: readonly string[]; allowLoopback: boolean })
  | (Base & { type: 'ChangeWebhookEndpoint'; events?: readonly string[]; paused?: boolean })
  | (Base & { type: 'PauseFailingWebhookEndpoint' })
  | (Base & { type: 'RemoveWebhookEndpoint' })
  | (Base & { type: 'RotateWebhookSecret' });

export interface EndpointState {
  url: string;
  events: WebhookEventType[];
  paused: boolean;
  secretVersion: number;
}

export interface WebhookState {
  endpoints: Readonly<Record<string, EndpointState>>;
  /** Removed endpoints' ids: never registered again (an Idempotency-Key's id stays used). */
  removed: readonly string[];
}

/** Known, distinct, in the catalogue's order; at least one. */
export function checkedEvents(events: readonly string[]): WebhookEventType[] {
  if (events.length === 0) throw invalid('invalid_webhook_events', WebhookMessages.eventsRequired);
  for (const e of events) if (!(WEBHOOK_EVENT_TYPES as string[]).includes(e)) throw invalid('invalid_webhook_events', WebhookMessages.eventUnknown);
  return WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e));
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((e, i) => e === b[i]);

function decide(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  const { partnerId, endpointId, by, at } = command;
  const stamp = { partnerId, endpointId, by, at };
  if (command.type === 'RegisterWebhookEndpoint') {
    if (state.endpoints[endpointId] || state.removed.includes(endpointId)) throw conflict('webhook_exists', WebhookMessages.exists);
    const url = checkedWebhookUrl(command.url, command.allowLoopback);
    const events = checkedEvents(command.events);
    if (Object.keys(state.endpoints).length >= MAX_WEBHOOK_ENDPOINTS) throw conflict('webhook_limit', WebhookMessages.tooMany);
    return [{ type: 'WebhookEndpointRegistered', data: { ...stamp, url, events, secretVersion: 1 } }];
  }
  const endpoint = state.endpoints[endpointId];
  if (!endpoint) throw notFound('webhook_not_found', WebhookMessages.notFound);
  switch (command.type) {
    case 'ChangeWebhookEndpoint': {
      const out: WebhookEvent[] = [];
      if (command.events !== undefined) {
        const events = checkedEvents(command.events);
        if (!sameEvents(events, endpoint.events)) out.push({ type: 'WebhookEndpointChanged', data: { ...stamp, events } });
      }
      if (command.paused === true && !endpoint.paused) out.push(paused(stamp, 'requested'));
      if (command.paused === false && endpoint.paused) out.push({ type: 'WebhookEndpointResumed', data: stamp });
      return out;
    }
    case 'PauseFailingWebhookEndpoint':
      return endpoint.paused ? [] : [paused(stamp, 'failing')];
    case 'RemoveWebhookEndpoint':
      return [{ type: 'WebhookEndpointRemoved', data: stamp }];
    case 'RotateWebhookSecret':
      return [{ type: 'WebhookSecretRotated', data: { ...stamp, secretVersion: endpoint.secretVersion + 1 } }];
  }
}

const paused = (stamp: Base, reason: PauseReason): WebhookEvent => ({
  type: 'WebhookEndpointPaused',
  data: { partnerId: stamp.partnerId, endpointId: stamp.endpointId, by: stamp.by, at: stamp.at, reason },
});

function evolve(state: WebhookState, event: WebhookEvent): WebhookState {
  const id = event.data.endpointId;
  const current = state.endpoints[id];
  const put = (next: EndpointState) => ({ ...state, endpoints: { ...state.endpoints, [id]: next } });
  switch (event.type) {
    case 'WebhookEndpointRegistered':
      return put({ url: event.data.url, events: event.data.events, paused: false, secretVersion: event.data.secretVersion });
    case 'WebhookEndpointRemoved': {
      const { [id]: _removed, ...rest } = state.endpoints;
      return { endpoints: rest, removed: [...state.removed, id] };
    }
  }
  if (!current) return state;
  switch (event.type) {
    case 'WebhookEndpointChanged':
      return put({ ...current, events: event.data.events });
    case 'WebhookEndpointPaused':
      return put({ ...current, paused: true });
    case 'WebhookEndpointResumed':
      return put({ ...current, paused: false });
    case 'WebhookSecretRotated':
      return put({ ...current, secretVersion: event.data.secretVersion });
  }
}

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  decide,
  evolve,
  initialState: () => ({ endpoints: {}, removed: [] }),
};
