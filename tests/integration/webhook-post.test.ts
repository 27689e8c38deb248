// One webhook attempt (workers/webhooks/post-webhook.ts) against a local receiver: a receiver that
// never answers is a failed attempt with its latency; outside development and tests, this machine
// and private networks are never called, by address or by name (SSRF; ADR 0021).
import { afterAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../workers/webhooks/post-webhook.js';
import type { Receiver } from '../support/webhook-receiver.js';
import { startReceiver } from '../support/webhook-receiver.js';

const receivers: Receiver[] = [];

afterAll(async () => {
  for (const r of receivers) await r.close();
});

describe('one webhook attempt', () => {
  it('counts a receiver that does not answer in time as a failed attempt, with its latency', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.respond = () => new Promise<number>(() => {}); // never answers
    // A second, not 300 ms: on a busy box the request must reach the receiver before the client gives up.
    const result = await postWebhook(receiver.url, '{"id":"x"}', {}, 1_000);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'sem resposta em 1 s' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(990);
    expect(receiver.received).toHaveLength(1);
  });

  it('outside development and tests, never calls this machine or a private network, by address or by name', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const byAddress = await postWebhook(receiver.url, '{"id":"x"}', {}, 1_000, false);
    const byName = await postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), '{"id":"x"}', {}, 1_000, false);
    for (const result of [byAddress, byName]) expect(result).toMatchObject({ ok: false, statusCode: null, error: 'endereço de rede interna recusado' });
    expect(receiver.received).toHaveLength(0);
  });
});
