import type { PaymentPort, RefundReading, RefundRequest } from '../../infra/payments/port.js';
import { PaymentProviderError } from '../../infra/payments/port.js';

// A PSP for refund tests: it keeps its refunds (a PUT with the same id returns the first one, as
// the API Pix says), can be down for the next N calls, and can answer EM_PROCESSAMENTO first.

export interface FakeRefundPsp extends PaymentPort {
  /** Every PUT /devolucao it received, repeats included. */
  calls: RefundRequest[];
  refunds: Map<string, RefundReading>;
  /** The next `n` calls (refund or readRefund) fail as a PSP that is down. */
  failNext(n: number): void;
  /** New refunds answer EM_PROCESSAMENTO until finish() is called. */
  processing: boolean;
  finish(): void;
}

export function createFakeRefundPsp(provider: 'simulated' | 'bcb_pix' = 'simulated'): FakeRefundPsp {
  let failures = 0;
  const refunds = new Map<string, RefundReading>();
  const calls: RefundRequest[] = [];
  const maybeFail = () => {
    if (failures > 0) {
      failures--;
      throw new PaymentProviderError('PSP indisponível (teste)', 503);
    }
  };
  const psp: FakeRefundPsp = {
    provider,
    calls,
    refunds,
    processing: false,
    failNext: (n) => void (failures = n),
    finish() {
      for (const [id, r] of refunds) if (r.status === 'EM_PROCESSAMENTO') refunds.set(id, { ...r, status: 'DEVOLVIDO', rtrId: `D${id}` });
    },
    createCharge: () => Promise.reject(new Error('not in refund tests')),
    readCharge: () => Promise.resolve(null),
    async refund(request) {
      maybeFail();
      calls.push(request);
      const known = refunds.get(request.refundId);
      if (known) return known;
      const reading: RefundReading = {
        refundId: request.refundId,
        amountCents: request.amountCents,
        status: psp.processing ? 'EM_PROCESSAMENTO' : 'DEVOLVIDO',
        rtrId: psp.processing ? null : `D${request.refundId}`,
      };
      refunds.set(request.refundId, reading);
      return reading;
    },
    async readRefund(_e2eid, refundId) {
      maybeFail();
      return refunds.get(refundId) ?? null;
    },
  };
  return psp;
}
