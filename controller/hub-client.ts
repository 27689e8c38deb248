import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ControllerEventInput, ManifestView } from '../contract/controller/controller-sync.js';
import { Manifest } from '../contract/controller/controller-sync.js';

// The controller's three calls to Hub, each signed with the Hub's secret key (ADR 0008):
// validate a code, fetch the manifest (whose answer is signed too, ADR 0025), upload events.
// Written apart from the server's code on purpose: this is what an integrator ports.

export interface HubTarget {
  baseUrl: string;
  hubId: string;
  secret: string;
}

/** A call that got no usable answer (network, timeout or 5xx): the controller decides offline. */
export class HubUnreachable extends Error {
  override readonly name = 'HubUnreachable';
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** `sha256=<hex>` over METHOD \n PATH \n TIMESTAMP \n BODY. */
export const requestSignature = (secret: string, method: string, path: string, timestamp: string, body: string) =>
  `sha256=${hmacHex(secret, `${method}\n${path}\n${timestamp}\n${body}`)}`;

/** Whether X-Hub-Manifest-Signature is the Hub key's HMAC over "MANIFEST\n" + the exact body. */
export function manifestSignatureValid(secret: string, body: string, header: string | null): boolean {
  const given = header && /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!given) return false;
  const expected = Buffer.from(hmacHex(secret, `MANIFEST\n${body}`), 'hex');
  const actual = Buffer.from(given[1]!.toLowerCase(), 'hex');
  return timingSafeEqual(expected, actual);
}

/** The manifest when the body is signed by this Hub's key and is this Hub's; else null. */
export function verifiedManifest(target: HubTarget, body: string, signature: string | null): ManifestView | null {
  if (!manifestSignatureValid(target.secret, body, signature)) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = Manifest.safeParse(json);
  return parsed.success && parsed.data.hub_id === target.hubId ? parsed.data : null;
}

export interface HubAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export function createHubClient(target: HubTarget, timeoutMs = 2000) {
  /** Server time minus ours, from the answers' Date headers: signatures stay inside the 60 s window. */
  let serverOffsetMs = 0;
  /** Signatures used in the last seconds: Hub refuses the same one twice (ADR 0008, replay memory). */
  const used = new Map<string, number>();

  /** Signed now; the same bytes in the same second would be the same signature: then the next second. */
  async function sign(method: string, path: string, body: string) {
    for (;;) {
      const nowMs = Date.now() + serverOffsetMs;
      const second = Math.floor(nowMs / 1000);
      for (const [sig, at] of used) if (at < second - 1) used.delete(sig);
      const timestamp = String(second);
      const signature = requestSignature(target.secret, method, path, timestamp, body);
      if (!used.has(signature)) {
        used.set(signature, second);
        return { 'x-hub-timestamp': timestamp, 'x-hub-signature': signature };
      }
      await new Promise((r) => setTimeout(r, 1000 - (nowMs % 1000) + 5));
    }
  }

  async function call(method: 'GET' | 'POST', path: string, body: string): Promise<HubAnswer> {
    const headers: Record<string, string> = await sign(method, path, body);
    if (method === 'POST') headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(new URL(path, target.baseUrl), { method, headers, ...(method === 'POST' ? { body } : {}), signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new HubUnreachable((error as Error).message);
    }
    const text = await res.text().catch(() => '');
    const date = Date.parse(res.headers.get('date') ?? '');
    if (Number.isFinite(date)) serverOffsetMs = date - Date.now();
    if (res.status >= 500) throw new HubUnreachable(`HTTP ${res.status}`);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }

  const hubPath = (template: string) => template.replace('{hubId}', encodeURIComponent(target.hubId));

  return {
    validate: (code: string, requestId: string) => call('POST', hubPath('/api/otp/validate/{hubId}'), JSON.stringify({ code, request_id: requestId })),
    manifest: () => call('GET', hubPath('/api/controller/{hubId}/manifest'), ''),
    events: (events: readonly ControllerEventInput[]) => call('POST', hubPath('/api/controller/{hubId}/events'), JSON.stringify({ events })),
  };
}

export type HubClient = ReturnType<typeof createHubClient>;
