import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { WebhookCommand } from './webhook-decide.js';
import { WebhookMessages, webhookDecider } from './webhook-decide.js';
import type { WebhookEvent } from './webhook-events.js';

const given = specFor(webhookDecider);
const at = '2026-11-27T14:00:00.000Z';
const by = { kind: 'partner' as const, id: 'p1' };
const stamp = (endpointId = 'e1') => ({ partnerId: 'p1', endpointId, by, at });
const registered = (endpointId = 'e1'): WebhookEvent => ({
  type: 'WebhookEndpointRegistered',
  data: { ...stamp(endpointId), url: 'https://parceiro.example.com/hooks', events: ['reservation.created', 'reservation.paid'], secretVersion: 1 },
});
const register = (change: Partial<Extract<WebhookCommand, { type: 'RegisterWebhookEndpoint' }>> = {}): WebhookCommand => ({
  type: 'RegisterWebhookEndpoint',
  ...stamp(),
  url: 'https://parceiro.example.com/hooks',
  events: ['reservation.paid', 'reservation.created'],
  allowLoopback: false,
  ...change,
});

describe('RegisterWebhookEndpoint', () => {
  it('registers an HTTPS endpoint with its events in the catalogue order', () => {
    given([]).when(register()).then([registered()]);
  });

  it.each([
    [{ url: 'http://parceiro.example.com/hooks' }, 'invalid_webhook_url', WebhookMessages.httpsOnly],
    [{ url: 'nada' }, 'invalid_webhook_url', WebhookMessages.urlInvalid],
    [{ url: 'http://127.0.0.1:8080/hooks' }, 'invalid_webhook_url', WebhookMessages.internalAddress],
    [{ url: 'https://10.0.0.5/hooks' }, 'invalid_webhook_url', WebhookMessages.internalAddress],
    [{ url: 'https://169.254.169.254/latest/meta-data' }, 'invalid_webhook_url', WebhookMessages.internalAddress],
    [{ url: 'https://localhost:6379/' }, 'invalid_webhook_url', WebhookMessages.internalAddress],
    [{ events: [] }, 'invalid_webhook_events', WebhookMessages.eventsRequired],
    [{ events: ['reservation.created', 'reservation.eaten'] }, 'invalid_webhook_events', WebhookMessages.eventUnknown],
  ])('refuses %o', (change, code, message) => {
    expect(given([]).when(register(change)).thenFails(code).message).toBe(message);
  });

  it('allows a loopback URL only when the flag says so', () => {
    for (const url of ['http://127.0.0.1:8080/hooks', 'http://localhost/x', 'http://[::1]:9/x']) {
      const [event] = webhookDecider.decide(register({ url, allowLoopback: true }), webhookDecider.initialState());
      expect(event?.type).toBe('WebhookEndpointRegistered');
    }
    given([])
      .when(register({ url: 'http://10.0.0.1/hooks', allowLoopback: true }))
      .thenFails('invalid_webhook_url');
  });

  it('refuses the eleventh endpoint of a partner, not the tenth', () => {
    const nine = Array.from({ length: 9 }, (_, i) => registered(`e${i + 10}`));
    given(nine).when(register()).then([registered()]);
    expect(
      given([...nine, registered('e99')])
        .when(register())
        .thenFails('webhook_limit').message,
    ).toBe(WebhookMessages.tooMany);
  });

  it('never registers an id again, removed or not', () => {
    given([registered()]).when(register()).thenFails('webhook_exists');
    given([registered(), { type: 'WebhookEndpointRemoved', data: stamp() }])
      .when(register())
      .thenFails('webhook_exists');
  });

  it('counts a removed endpoint out', () => {
    const ten = Array.from({ length: 10 }, (_, i) => registered(`e${i + 10}`));
    given([...ten, { type: 'WebhookEndpointRemoved', data: stamp('e10') }])
      .when(register())
      .then([registered()]);
  });
});

describe('changes, pause, removal and rotation', () => {
  it('changes events, pauses and resumes; nothing when nothing changes', () => {
    const change = (c: { events?: string[]; paused?: boolean }): WebhookCommand => ({ type: 'ChangeWebhookEndpoint', ...stamp(), ...c });
    given([registered()])
      .when(change({ events: ['reservation.collected'], paused: true }))
      .then([
        { type: 'WebhookEndpointChanged', data: { ...stamp(), events: ['reservation.collected'] } },
        { type: 'WebhookEndpointPaused', data: { ...stamp(), reason: 'requested' } },
      ]);
    given([registered()])
      .when(change({ events: ['reservation.created', 'reservation.paid'], paused: false }))
      .then([]);
    given([registered(), { type: 'WebhookEndpointPaused', data: { ...stamp(), reason: 'failing' } }])
      .when(change({ paused: false }))
      .then([{ type: 'WebhookEndpointResumed', data: stamp() }]);
  });

  it('pauses a failing endpoint once', () => {
    const failing: WebhookCommand = { type: 'PauseFailingWebhookEndpoint', ...stamp() };
    given([registered()])
      .when(failing)
      .then([{ type: 'WebhookEndpointPaused', data: { ...stamp(), reason: 'failing' } }]);
    given([registered(), { type: 'WebhookEndpointPaused', data: { ...stamp(), reason: 'requested' } }])
      .when(failing)
      .then([]);
  });

  it('rotates the secret to the next version and removes', () => {
    given([registered()])
      .when({ type: 'RotateWebhookSecret', ...stamp() })
      .then([{ type: 'WebhookSecretRotated', data: { ...stamp(), secretVersion: 2 } }]);
    given([registered()])
      .when({ type: 'RemoveWebhookEndpoint', ...stamp() })
      .then([{ type: 'WebhookEndpointRemoved', data: stamp() }]);
  });

  it('knows no endpoint of another id or a removed one', () => {
    given([registered()])
      .when({ type: 'RemoveWebhookEndpoint', ...stamp('e2') })
      .thenFails('webhook_not_found');
    given([registered(), { type: 'WebhookEndpointRemoved', data: stamp() }])
      .when({ type: 'RotateWebhookSecret', ...stamp() })
      .thenFails('webhook_not_found');
  });
});
