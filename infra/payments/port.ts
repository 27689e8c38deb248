// The payment port: what Hub asks of a PSP, in the words of the Banco Central's standard Pix API
// (API Pix 2.9): an immediate charge (`PUT /cob/{txid}`), reading it back (`GET /cob/{txid}`) and a
// refund of a received PIX (`PUT /pix/{e2eid}/devolucao/{id}`). Adapters: simulated (embedded mode,
// tests; no money moves) and the API Pix over mTLS (a real PSP). Amounts are whole cents here;
// the adapters turn them into the API's "12.50" strings.
import type { PaymentProvider, PixChargeStatus, PixRefundStatus } from '../../domain/payments/pix-facts.js';

export interface ChargeRequest {
  /** 26–35 letters or digits, chosen by Hub (pixTxidOf), so a retried PUT creates nothing twice. */
  txid: string;
  amountCents: number;
  /** `calendario.expiracao`: the payment window, in seconds. */
  expiresInSeconds: number;
  /** `solicitacaoPagador`: shown to the payer by their bank app (at most 140 characters). */
  description: string;
}

export interface PixCharge {
  txid: string;
  amountCents: number;
  status: PixChargeStatus;
  /** The EMV "copia e cola" string the payer's app reads (also drawn as the QR code). */
  brcode: string;
  /** When the charge stops being payable (ISO 8601). */
  expiresAt: string;
  /** True when no money moves (the simulated provider): the checkout says so. */
  test: boolean;
}

/** A PIX received for a charge (`cob.pix[]`). */
export interface ReceivedPix {
  e2eid: string;
  txid: string;
  amountCents: number;
  /** `horario`, ISO 8601. */
  paidAt: string;
}

/** A charge as the PSP has it now: what a webhook claims is confirmed against this. */
export interface ChargeReading {
  txid: string;
  amountCents: number;
  status: PixChargeStatus;
  pix: ReceivedPix[];
}

export interface RefundRequest {
  e2eid: string;
  /** The devolução's id, chosen by Hub (1–35 letters or digits), so a retried PUT refunds once. */
  refundId: string;
  amountCents: number;
  /** `descricao`, at most 140 characters. */
  description: string;
}

export interface RefundReading {
  refundId: string;
  /** `rtrId`: the return's end-to-end id, once the PSP has it. */
  rtrId: string | null;
  amountCents: number;
  status: PixRefundStatus;
}

export interface PaymentPort {
  readonly provider: PaymentProvider;
  createCharge(request: ChargeRequest): Promise<PixCharge>;
  /** null when the PSP has no such charge. */
  readCharge(txid: string): Promise<ChargeReading | null>;
  refund(request: RefundRequest): Promise<RefundReading>;
  /** null when the PSP has no such refund. */
  readRefund(e2eid: string, refundId: string): Promise<RefundReading | null>;
  close?(): Promise<void>;
}

/** A PSP that did not answer, or answered with an error: the caller retries or tells the user. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status: number | null,
    /** The API Pix's RFC 7807 `type`, when it sent one. */
    readonly problemType?: string,
  ) {
    super(message);
  }
}
