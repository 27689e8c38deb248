// The API Pix's JSON (cob, pix, devolução, RFC 7807 problems) in Hub's words (../port.ts). Pure,
// so the mapping is tested without a PSP. Anything that does not read as the OpenAPI says is a
// PaymentProviderError: a reading Hub cannot trust confirms nothing.
import type { PixChargeStatus, PixRefundStatus } from '../../../domain/payments/pix-facts.js';
import { buildBrCode, parseBrCode } from '../../../domain/payments/br-code.js';
import type { ChargeReading, PixCharge, ReceivedPix, RefundReading } from '../port.js';
import { PaymentProviderError } from '../port.js';
import { centsOfValor } from './api-pix-money.js';

const CHARGE_STATUSES: readonly PixChargeStatus[] = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'];
const REFUND_STATUSES: readonly PixRefundStatus[] = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function bad(what: string): never {
  throw new PaymentProviderError(`resposta do PSP fora da API Pix: ${what}`, null);
}

function cents(value: unknown, what: string): number {
  return centsOfValor(value) ?? bad(`${what} não é um valor "0.00"`);
}

function chargeStatus(value: unknown): PixChargeStatus {
  return CHARGE_STATUSES.includes(value as PixChargeStatus) ? (value as PixChargeStatus) : bad(`status de cobrança desconhecido (${String(value)})`);
}

function receivedPix(value: unknown): ReceivedPix {
  if (!isObject(value) || typeof value.endToEndId !== 'string' || typeof value.horario !== 'string') bad('pix[] sem endToEndId ou horario');
  return {
    e2eid: value.endToEndId,
    txid: typeof value.txid === 'string' ? value.txid : '',
    amountCents: cents(value.valor, 'pix.valor'),
    paidAt: value.horario,
  };
}

/** `GET /cob/{txid}` → what Hub checks a webhook against. */
export function chargeReadingOf(cob: unknown): ChargeReading {
  if (!isObject(cob) || typeof cob.txid !== 'string' || !isObject(cob.valor)) bad('cob sem txid ou valor');
  return {
    txid: cob.txid,
    amountCents: cents(cob.valor.original, 'valor.original'),
    status: chargeStatus(cob.status),
    pix: Array.isArray(cob.pix) ? cob.pix.map(receivedPix) : [],
  };
}

export interface Merchant {
  name: string;
  city: string;
}

/**
 * `PUT /cob/{txid}`'s answer → the charge the renter pays. Its BR Code is the PSP's
 * `pixCopiaECola` when it gives one that parses, holds its CRC and points at the cob's location;
 * otherwise Hub builds it from the location (Manual do BR Code: a dynamic charge carries the
 * location, and the payer's app fetches amount and txid from there).
 */
export function pixChargeOf(cob: unknown, merchant: Merchant, clock: () => Date, expected: { txid: string; amountCents: number }): PixCharge {
  const reading = chargeReadingOf(cob);
  const c = cob as Json;
  if (reading.txid !== expected.txid) bad(`txid ${reading.txid} em vez de ${expected.txid}`);
  if (reading.amountCents !== expected.amountCents) bad(`valor ${reading.amountCents} em vez de ${expected.amountCents} centavos`);
  const location =
    typeof c.location === 'string' ? c.location : isObject(c.loc) && typeof c.loc.location === 'string' ? c.loc.location : bad('cob sem location');
  const calendario = isObject(c.calendario) ? c.calendario : bad('cob sem calendario');
  const created = typeof calendario.criacao === 'string' ? Date.parse(calendario.criacao) : NaN;
  const seconds = typeof calendario.expiracao === 'number' ? calendario.expiracao : 86_400; // the API's default
  const createdMs = Number.isFinite(created) ? created : clock().getTime();
  return {
    txid: reading.txid,
    amountCents: reading.amountCents,
    status: reading.status,
    brcode: brCodeOf(c.pixCopiaECola, location, reading.amountCents, merchant),
    expiresAt: new Date(createdMs + seconds * 1000).toISOString(),
    test: false,
  };
}

function brCodeOf(given: unknown, location: string, amountCents: number, merchant: Merchant): string {
  if (typeof given === 'string' && given) {
    try {
      const parsed = parseBrCode(given);
      if (parsed.crcValid && parsed.location === location) return given;
    } catch {
      // A malformed one from the PSP: Hub builds its own below.
    }
  }
  return buildBrCode({ account: { kind: 'location', location }, amountCents, merchantName: merchant.name, merchantCity: merchant.city });
}

/** A devolução as `PUT`/`GET /pix/{e2eid}/devolucao/{id}` answer it. */
export function refundReadingOf(devolucao: unknown): RefundReading {
  if (!isObject(devolucao) || typeof devolucao.id !== 'string') bad('devolução sem id');
  const status = REFUND_STATUSES.includes(devolucao.status as PixRefundStatus)
    ? (devolucao.status as PixRefundStatus)
    : bad('status de devolução desconhecido');
  return {
    refundId: devolucao.id,
    rtrId: typeof devolucao.rtrId === 'string' && devolucao.rtrId ? devolucao.rtrId : null,
    amountCents: cents(devolucao.valor, 'devolucao.valor'),
    status,
  };
}

/** An error answer (RFC 7807 `Problema`, or anything else) as a PaymentProviderError. */
export function problemOf(what: string, status: number, body: unknown): PaymentProviderError {
  const problem = isObject(body) ? body : {};
  const type = typeof problem.type === 'string' ? problem.type : undefined;
  const title = typeof problem.title === 'string' ? problem.title : `HTTP ${status}`;
  const detail = typeof problem.detail === 'string' ? `: ${problem.detail}` : '';
  return new PaymentProviderError(`${what} recusado pelo PSP (${status}, ${title}${detail})`, status, type);
}
