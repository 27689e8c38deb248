// A local PSP over mTLS (a throwaway PKI in a temp folder) and Hub's API Pix adapter pointed at
// it: what the PIX integration tests start before their test app, and close after it.
import { createBcbPixPayments } from '../../../infra/payments/bcb/bcb-pix-payments.js';
import type { PaymentPort } from '../../../infra/payments/port.js';
import { tempDirs } from '../temp-dirs.js';
import type { PixPsp } from './pix-psp-server.js';
import { startPixPsp } from './pix-psp-server.js';
import { makeTestCerts } from './test-certs.js';

export interface PixFixture {
  psp: PixPsp;
  payments: PaymentPort;
  close(): Promise<void>;
}

export async function startPixFixture(): Promise<PixFixture> {
  const dirs = tempDirs();
  const certs = makeTestCerts(dirs.make('hub-pix-certs-'));
  const psp = await startPixPsp(certs);
  const payments = createBcbPixPayments({
    apiUrl: psp.url,
    clientId: psp.clientId,
    clientSecret: psp.clientSecret,
    tls: { cert: certs.read(certs.clientCertFile), key: certs.read(certs.clientKeyFile), ca: certs.read(certs.caFile) },
    pixKey: 'pix@hub.example',
    merchant: { name: 'Hub Lockers', city: 'São Paulo' },
    clock: () => new Date(),
  });
  return {
    psp,
    payments,
    async close() {
      await payments.close?.();
      await psp.close();
      dirs.removeAll();
    },
  };
}
