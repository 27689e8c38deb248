// What the terminal CLI does per code: sign as the Hub's controller (ADR 0008), call validate,
// and put the answer in one line.
import { randomUUID } from 'node:crypto';
import { signedHeaders } from './controller-signature.js';

export interface TerminalTarget {
  baseUrl: string;
  hubId: string;
  secret: string;
}

/** The line the terminal prints for an answer of the validate route. */
export function describeAnswer(status: number, body: unknown, retryAfter: string | null): string {
  const b = body as { lockerOrder?: number; error?: { message?: string } } | null;
  if (status === 200 && typeof b?.lockerOrder === 'number') return `Abrir porta ${String(b.lockerOrder).padStart(2, '0')}`;
  const message = b?.error?.message ?? `Resposta inesperada (${status}).`;
  return `Recusado (${status}): ${message}${retryAfter ? ` Aguarde ${retryAfter} s.` : ''}`;
}

/** One code, one signed call; the line to print. */
export async function press(target: TerminalTarget, code: string, nowMs = Date.now()): Promise<string> {
  const path = `/api/otp/validate/${encodeURIComponent(target.hubId)}`;
  const raw = JSON.stringify({ code, request_id: randomUUID() });
  const res = await fetch(new URL(path, target.baseUrl), { method: 'POST', headers: signedHeaders(target.secret, path, raw, nowMs), body: raw });
  const body: unknown = await res.json().catch(() => null);
  return describeAnswer(res.status, body, res.headers.get('retry-after'));
}
