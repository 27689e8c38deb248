// The simulated provider (embedded mode, tests): no money moves, yet every BR Code is well-formed
// and CRC-valid. It is a static charge to a test PIX key, so no bank app can pay a real PSP with it.
// It keeps nothing: a charge is confirmed by the renter's "Pagar" (the pay route), so several API
// replicas need nothing shared, and a refund is settled at once.
import { buildBrCode } from '../../domain/payments/br-code.js';
import type { ChargeReading, PaymentPort, PixCharge, RefundReading } from './port.js';

/** The PIX key of simulated charges: an e-mail at a reserved domain (RFC 2606), never a real account. */
export const SIMULATED_PIX_KEY = 'pix-teste@hub.example';

export interface SimulatedPaymentsOptions {
  merchantName: string;
  merchantCity: string;
  clock: () => Date;
}

export function createSimulatedPayments(options: SimulatedPaymentsOptions): PaymentPort {
  return {
    provider: 'simulated',
    async createCharge(request): Promise<PixCharge> {
      const brcode = buildBrCode({
        account: { kind: 'key', pixKey: SIMULATED_PIX_KEY, txid: request.txid.slice(0, 25) },
        amountCents: request.amountCents,
        merchantName: options.merchantName,
        merchantCity: options.merchantCity,
      });
      const expiresAt = new Date(options.clock().getTime() + request.expiresInSeconds * 1000).toISOString();
      return { txid: request.txid, amountCents: request.amountCents, status: 'ATIVA', brcode, expiresAt, test: true };
    },
    async readCharge(): Promise<ChargeReading | null> {
      // Nothing is ever paid at a simulated PSP: a notification claiming so is never confirmed.
      return null;
    },
    async refund(request): Promise<RefundReading> {
      return { refundId: request.refundId, rtrId: null, amountCents: request.amountCents, status: 'DEVOLVIDO' };
    },
    async readRefund(): Promise<RefundReading | null> {
      return null;
    },
  };
}
