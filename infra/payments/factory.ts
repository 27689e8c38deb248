// The payment port a process uses: the API Pix adapter when PIX_API_URL is set, else the simulated
// provider. Every process that builds CommandDeps (API, workers, all-in-one) calls this.
import { readFileSync } from 'node:fs';
import { createBcbPixPayments } from './bcb/bcb-pix-payments.js';
import type { PaymentPort } from './port.js';
import type { PaymentSettings } from './settings.js';
import { createSimulatedPayments } from './simulated.js';

export function createPayments(settings: PaymentSettings, clock: () => Date): PaymentPort {
  const merchant = { name: settings.merchantName, city: settings.merchantCity };
  if (!settings.pix) return createSimulatedPayments({ merchantName: merchant.name, merchantCity: merchant.city, clock });
  const pix = settings.pix;
  return createBcbPixPayments({
    apiUrl: pix.apiUrl,
    oauthUrl: pix.oauthUrl,
    clientId: pix.clientId,
    clientSecret: pix.clientSecret,
    // Read once at start: a missing file stops the process now, not at the first payment.
    tls: { cert: readFileSync(pix.certFile), key: readFileSync(pix.keyFile), ca: pix.caFile ? readFileSync(pix.caFile) : undefined },
    pixKey: pix.pixKey,
    merchant,
    clock,
    timeoutMs: pix.timeoutMs,
  });
}
