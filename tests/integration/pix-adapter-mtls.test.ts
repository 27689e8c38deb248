// The API Pix adapter against the local PSP stand-in over mTLS (issue 28): OAuth token shared by
// concurrent calls, cob and devolução as the OpenAPI describes them, a retried PUT that makes
// nothing twice, errors as PaymentProviderError, and no conversation without Hub's client certificate.
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../domain/payments/br-code.js';
import { pixTxidOf } from '../../domain/payments/pix-facts.js';
import { createBcbPixPayments } from '../../infra/payments/bcb/bcb-pix-payments.js';
import type { PaymentPort } from '../../infra/payments/port.js';
import { PaymentProviderError } from '../../infra/payments/port.js';
import type { PixPsp } from '../support/pix-psp/pix-psp-server.js';
import { startPixPsp } from '../support/pix-psp/pix-psp-server.js';
import type { TestCerts } from '../support/pix-psp/test-certs.js';
import { makeTestCerts } from '../support/pix-psp/test-certs.js';
import { tempDirs } from '../support/temp-dirs.js';

const dirs = tempDirs();
let certs: TestCerts;
let psp: PixPsp;
const opened: PaymentPort[] = [];

function adapter(over: { cert?: string; key?: string; secret?: string; timeoutMs?: number; url?: string } = {}) {
  const port = createBcbPixPayments({
    apiUrl: over.url ?? psp.url,
    clientId: psp.clientId,
    clientSecret: over.secret ?? psp.clientSecret,
    tls: { cert: certs.read(over.cert ?? certs.clientCertFile), key: certs.read(over.key ?? certs.clientKeyFile), ca: certs.read(certs.caFile) },
    pixKey: 'pix@hub.example',
    merchant: { name: 'Hub Lockers', city: 'São Paulo' },
    clock: () => new Date(),
    timeoutMs: over.timeoutMs ?? 5000,
  });
  opened.push(port);
  return port;
}

const id = () => crypto.randomUUID();

beforeAll(async () => {
  certs = makeTestCerts(dirs.make('hub-pix-certs-'));
  psp = await startPixPsp(certs);
});
afterAll(async () => {
  for (const port of opened) await port.close?.();
  await psp?.close();
  dirs.removeAll();
});

describe('API Pix adapter over mTLS', () => {
  it('creates a cob with the window as expiracao, "12.50", the key, and a CRC-valid dynamic BR Code', async () => {
    const payments = adapter();
    const txid = pixTxidOf(id(), 1);
    const charge = await payments.createCharge({ txid, amountCents: 1250, expiresInSeconds: 900, description: 'Hub: reserva' });
    const cob = psp.cobs.get(txid)!;
    expect(cob).toMatchObject({
      status: 'ATIVA',
      valor: { original: '12.50' },
      chave: 'pix@hub.example',
      calendario: { expiracao: 900 },
      solicitacaoPagador: 'Hub: reserva',
    });
    expect(charge).toMatchObject({ txid, amountCents: 1250, status: 'ATIVA', test: false });
    expect(parseBrCode(charge.brcode)).toMatchObject({ crcValid: true, amountCents: 1250, location: cob.location });
    expect(await payments.readCharge(txid)).toEqual({ txid, amountCents: 1250, status: 'ATIVA', pix: [] });
    expect(await payments.readCharge(pixTxidOf(id(), 1))).toBeNull();
  });

  it('a retried PUT of the same txid (another replica) answers the same charge; a different amount is refused', async () => {
    const payments = adapter();
    const txid = pixTxidOf(id(), 1);
    const [a, b] = await Promise.all([1, 2].map(() => payments.createCharge({ txid, amountCents: 700, expiresInSeconds: 60, description: 'x' })));
    expect(a!.brcode).toBe(b!.brcode);
    await expect(payments.createCharge({ txid, amountCents: 701, expiresInSeconds: 60, description: 'x' })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 400,
      problemType: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
    });
  });

  it('one token serves concurrent calls until it nears expiry', async () => {
    const payments = adapter();
    const before = psp.tokensIssued();
    await Promise.all(Array.from({ length: 6 }, () => payments.readCharge(pixTxidOf(id(), 1))));
    await payments.readCharge(pixTxidOf(id(), 1));
    expect(psp.tokensIssued() - before).toBe(1);
  });

  it('reads a paid charge back, refunds a received PIX once and reads the refund', async () => {
    const payments = adapter();
    const txid = pixTxidOf(id(), 1);
    await payments.createCharge({ txid, amountCents: 1000, expiresInSeconds: 900, description: 'x' });
    const pix = psp.pay(txid);
    const reading = await payments.readCharge(txid);
    expect(reading).toMatchObject({ status: 'CONCLUIDA', amountCents: 1000, pix: [{ e2eid: pix.endToEndId, txid, amountCents: 1000 }] });
    const request = { e2eid: pix.endToEndId, refundId: 'L1', amountCents: 1000, description: 'Pagamento após o prazo' };
    expect(await payments.refund(request)).toMatchObject({ refundId: 'L1', amountCents: 1000, status: 'EM_PROCESSAMENTO' });
    expect(await payments.refund(request)).toMatchObject({ refundId: 'L1', amountCents: 1000 }); // retried: the same one
    expect(await payments.readRefund(pix.endToEndId, 'L1')).toMatchObject({ status: 'DEVOLVIDO', rtrId: expect.stringMatching(/^D/) });
    expect(await payments.readRefund(pix.endToEndId, 'L2')).toBeNull();
    await expect(payments.refund({ ...request, refundId: 'L3', amountCents: 1 })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refuses wrong credentials, a PSP that is down, and one that never answers, as PaymentProviderError without the secret', async () => {
    const wrong = adapter({ secret: 'not-the-secret' });
    const refused = await wrong.readCharge(pixTxidOf(id(), 1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as Error).message).not.toContain('not-the-secret');
    psp.setDown(true);
    try {
      await expect(adapter().readCharge(pixTxidOf(id(), 1))).rejects.toMatchObject({ name: 'PaymentProviderError', status: 503 });
    } finally {
      psp.setDown(false);
    }
    await expect(adapter({ url: 'https://127.0.0.1:1' }).readCharge(pixTxidOf(id(), 1))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('the PSP refuses a client without the certificate it issued (another CA)', async () => {
    const before = psp.refused();
    const stranger = adapter({ cert: certs.strangerCertFile, key: certs.strangerKeyFile });
    await expect(stranger.readCharge(pixTxidOf(id(), 1))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect.poll(() => psp.refused()).toBeGreaterThan(before);
    // And with no client certificate at all, the handshake fails before any HTTP.
    const bare = await new Promise<string>((resolve) => {
      const req = request(`${psp.url}/oauth/token`, { method: 'POST', ca: certs.read(certs.caFile) }, (res) => resolve(`HTTP ${res.statusCode}`));
      req.on('error', (err) => resolve(`refused: ${err.message}`));
      req.end();
    });
    expect(bare).toMatch(/^refused/);
  });
});
