// The payment port on a real PSP through the Banco Central's standard API Pix (2.9): OAuth2 client
// credentials and every call over mTLS; immediate charges (`/cob/{txid}`) and refunds
// (`/pix/{e2eid}/devolucao/{id}`). Ids are Hub's (txid, devolução id), so a retried PUT, or two
// replicas asking at once, make one charge and one refund: a PUT the PSP refuses because the id is
// taken is read back and accepted when it is the same charge or refund (ADR 0022).
import type { ChargeReading, PaymentPort, PixCharge, RefundReading } from '../port.js';
import { valorOf } from './api-pix-money.js';
import type { Merchant } from './cob-mapping.js';
import { chargeReadingOf, pixChargeOf, problemOf, refundReadingOf } from './cob-mapping.js';
import type { HttpAnswer, MtlsMaterial } from './https-json.js';
import { createHttpsJsonClient } from './https-json.js';
import { createTokenSource } from './oauth-token.js';

export interface BcbPixOptions {
  /** The PSP's API Pix base, e.g. https://pix.psp.example/api/v2 (no trailing slash needed). */
  apiUrl: string;
  /** The token endpoint; default `${apiUrl}/oauth/token`. */
  oauthUrl?: string;
  clientId: string;
  clientSecret: string;
  tls: MtlsMaterial;
  /** The merchant's PIX key (`chave`) that charges are paid to. */
  pixKey: string;
  merchant: Merchant;
  clock: () => Date;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

const DESCRIPTION_MAX = 140;

export function createBcbPixPayments(options: BcbPixOptions): PaymentPort {
  const base = options.apiUrl.replace(/\/+$/, '');
  const http = createHttpsJsonClient(options.tls, options.timeoutMs ?? 10_000);
  const tokens = createTokenSource({
    http,
    url: options.oauthUrl ?? `${base}/oauth/token`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    clock: options.clock,
  });

  /** One authorized call; a token the PSP no longer accepts is replaced once. */
  async function call(method: 'GET' | 'PUT', path: string, body?: object): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.token();
      const answer = await http.send({
        method,
        url: base + path,
        headers: { authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      tokens.forget(token);
    }
  }

  const ok = (answer: HttpAnswer) => answer.status >= 200 && answer.status < 300;
  /** A refusal that may mean "that id is taken": read it back before giving up. */
  const mayBeTaken = (answer: HttpAnswer) => answer.status === 400 || answer.status === 409;

  async function readCobJson(txid: string): Promise<unknown> {
    const answer = await call('GET', `/cob/${encodeURIComponent(txid)}`);
    if (answer.status === 404) return null;
    if (!ok(answer)) throw problemOf('GET /cob', answer.status, answer.body);
    return answer.body;
  }

  async function readRefundJson(e2eid: string, refundId: string): Promise<unknown> {
    const answer = await call('GET', `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(refundId)}`);
    if (answer.status === 404) return null;
    if (!ok(answer)) throw problemOf('GET /pix/{e2eid}/devolucao', answer.status, answer.body);
    return answer.body;
  }

  return {
    provider: 'bcb_pix',
    async createCharge(request): Promise<PixCharge> {
      const expected = { txid: request.txid, amountCents: request.amountCents };
      const answer = await call('PUT', `/cob/${encodeURIComponent(request.txid)}`, {
        calendario: { expiracao: Math.max(1, Math.ceil(request.expiresInSeconds)) },
        valor: { original: valorOf(request.amountCents) },
        chave: options.pixKey,
        solicitacaoPagador: request.description.slice(0, DESCRIPTION_MAX),
      });
      if (ok(answer)) return pixChargeOf(answer.body, options.merchant, options.clock, expected);
      if (mayBeTaken(answer)) {
        const existing = await readCobJson(request.txid);
        if (existing !== null && chargeReadingOf(existing).amountCents === request.amountCents) {
          return pixChargeOf(existing, options.merchant, options.clock, expected);
        }
      }
      throw problemOf('PUT /cob', answer.status, answer.body);
    },
    async readCharge(txid): Promise<ChargeReading | null> {
      const cob = await readCobJson(txid);
      return cob === null ? null : chargeReadingOf(cob);
    },
    async refund(request): Promise<RefundReading> {
      const path = `/pix/${encodeURIComponent(request.e2eid)}/devolucao/${encodeURIComponent(request.refundId)}`;
      const answer = await call('PUT', path, { valor: valorOf(request.amountCents), descricao: request.description.slice(0, DESCRIPTION_MAX) });
      if (ok(answer)) return refundReadingOf(answer.body);
      if (mayBeTaken(answer)) {
        const existing = await readRefundJson(request.e2eid, request.refundId);
        if (existing !== null && refundReadingOf(existing).amountCents === request.amountCents) return refundReadingOf(existing);
      }
      throw problemOf('PUT /pix/{e2eid}/devolucao', answer.status, answer.body);
    },
    async readRefund(e2eid, refundId): Promise<RefundReading | null> {
      const json = await readRefundJson(e2eid, refundId);
      return json === null ? null : refundReadingOf(json);
    },
    async close() {
      http.close();
    },
  };
}
