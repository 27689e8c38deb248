import { lookup } from 'node:dns/promises';
import { loopbackWebhooksAllowed } from '../../commands/webhook-commands.js';
import { isInternalAddress, isInternalHost } from '../../domain/webhooks/internal-address.js';

// One attempt: POST the body with its signature. 2xx is delivered; any other status, a redirect
// (not followed), a network error or the timeout is a failed attempt. Outside development and
// tests a host that is, or resolves to, this machine or a private network is not called (SSRF);
// a name re-pointed between this lookup and fetch's own is the narrow gap left (ADR 0021).

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  allowInternal = loopbackWebhooksAllowed(),
): Promise<PostResult> {
  const started = performance.now();
  try {
    if (!allowInternal && (await reachesInside(new URL(url).hostname))) {
      return { ok: false, statusCode: null, latencyMs: Math.round(performance.now() - started), error: 'endereço de rede interna recusado' };
    }
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'Hub-Webhooks/1', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not read beyond what the connection needs.
    await res.body?.cancel().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, latencyMs: Math.round(performance.now() - started), error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    const e = error as Error;
    const message = e.name === 'TimeoutError' ? `sem resposta em ${timeoutMs / 1000} s` : (e.cause as Error | undefined)?.message || e.message;
    return { ok: false, statusCode: null, latencyMs: Math.round(performance.now() - started), error: message.slice(0, 500) };
  }
}

/** Whether the host is, or any address it resolves to is, internal (an unresolvable name is left to fetch to fail). */
async function reachesInside(hostname: string): Promise<boolean> {
  if (isInternalHost(hostname)) return true;
  const addresses = await lookup(hostname, { all: true }).catch(() => []);
  return addresses.some((a) => isInternalAddress(a.address));
}
