import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../domain/payments/br-code.js';
import { PaymentProviderError } from '../port.js';
import { centsOfValor, valorOf } from './api-pix-money.js';
import { chargeReadingOf, pixChargeOf, problemOf, refundReadingOf } from './cob-mapping.js';

const merchant = { name: 'Hub Lockers', city: 'São Paulo' };
const clock = () => new Date('2030-01-10T09:00:00.000Z');
const txid = 'H0190f5a21c3d7e4f8a9b0c1d2e3f4a5b01';
const cob = {
  calendario: { criacao: '2030-01-10T09:00:00.000Z', expiracao: 900 },
  txid,
  revisao: 0,
  loc: { id: 7, location: 'pix.psp.example/qr/v2/9d36b84fc70b478fb95c12729b90ca25', tipoCob: 'cob' },
  location: 'pix.psp.example/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
  status: 'ATIVA',
  valor: { original: '12.50' },
  chave: 'pix@hub.example',
  solicitacaoPagador: 'Hub',
};

describe('API Pix money', () => {
  it('cents ↔ Valor both ways, strictly', () => {
    expect(valorOf(1250)).toBe('12.50');
    expect(valorOf(5)).toBe('0.05');
    expect(centsOfValor('12.50')).toBe(1250);
    for (const bad of ['12.5', '1e3', '-1.00', 12.5, '12,50']) expect(centsOfValor(bad)).toBeNull();
  });
});

describe('cob → charge', () => {
  it('builds the dynamic BR Code from the location: CRC valid, amount, location, *** txid', () => {
    const charge = pixChargeOf(cob, merchant, clock, { txid, amountCents: 1250 });
    expect(charge).toMatchObject({ txid, amountCents: 1250, status: 'ATIVA', expiresAt: '2030-01-10T09:15:00.000Z', test: false });
    const parsed = parseBrCode(charge.brcode);
    expect(parsed).toMatchObject({ crcValid: true, amountCents: 1250, location: cob.location, txid: '***', merchantCity: 'SAO PAULO' });
  });
  it("keeps the PSP's pixCopiaECola when it parses, holds its CRC and names the location; else builds its own", () => {
    const own = pixChargeOf(cob, merchant, clock, { txid, amountCents: 1250 }).brcode;
    const theirs = pixChargeOf({ ...cob, pixCopiaECola: own.replace('HUB LOCKERS', 'PSP NAMEDIT') }, merchant, clock, { txid, amountCents: 1250 });
    expect(theirs.brcode).toBe(own); // CRC broken by the change: rebuilt
    const valid = pixChargeOf(cob, { name: 'Outro Nome', city: 'Rio' }, clock, { txid, amountCents: 1250 }).brcode;
    expect(pixChargeOf({ ...cob, pixCopiaECola: valid }, merchant, clock, { txid, amountCents: 1250 }).brcode).toBe(valid);
  });
  it('refuses a cob for another txid or amount, or with an unknown status', () => {
    expect(() => pixChargeOf(cob, merchant, clock, { txid: 'X'.repeat(26), amountCents: 1250 })).toThrow(PaymentProviderError);
    expect(() => pixChargeOf(cob, merchant, clock, { txid, amountCents: 1251 })).toThrow(PaymentProviderError);
    expect(() => chargeReadingOf({ ...cob, status: 'PAGA' })).toThrow(PaymentProviderError);
  });
  it('reads the received pix', () => {
    const paid = { ...cob, status: 'CONCLUIDA', pix: [{ endToEndId: 'E1', txid, valor: '12.50', horario: '2030-01-10T09:05:00.000Z' }] };
    expect(chargeReadingOf(paid)).toEqual({
      txid,
      amountCents: 1250,
      status: 'CONCLUIDA',
      pix: [{ e2eid: 'E1', txid, amountCents: 1250, paidAt: '2030-01-10T09:05:00.000Z' }],
    });
  });
});

describe('devolução and problems', () => {
  it('maps a devolução', () => {
    expect(refundReadingOf({ id: 'L1', rtrId: 'D1', valor: '7.89', horario: { solicitacao: 'x' }, status: 'EM_PROCESSAMENTO' })).toEqual({
      refundId: 'L1',
      rtrId: 'D1',
      amountCents: 789,
      status: 'EM_PROCESSAMENTO',
    });
  });
  it('an RFC 7807 body becomes a PaymentProviderError with its type', () => {
    const error = problemOf('PUT /cob', 400, { type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', title: 'Cobrança inválida.', status: 400 });
    expect(error).toMatchObject({ status: 400, problemType: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida' });
    expect(error.message).toContain('Cobrança inválida.');
  });
});
