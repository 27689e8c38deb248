import { describe, expect, it } from 'vitest';
import { formatReais, latePaymentMessage, paymentReceiptMessage } from './receipt-templates.js';

const to = { name: 'Ana <b>Souza</b>', email: 'ana@example.com' };
const reservation = {
  reservationId: 'c4d1e9f0-6a2b-4e3c-8d7f-1b5a9e2c6f30',
  hubName: 'Hub Paulista',
  hubId: 'SP-01',
  lockerNumber: 3,
  startTime: '2026-11-27T14:00:00.000Z',
  endTime: '2026-11-27T16:00:00.000Z',
};

describe('payment receipts (pt-BR)', () => {
  it('R$ amounts, São Paulo dates dd/MM/yyyy HH:mm, the Hub, locker and the PSP ids', () => {
    expect(formatReais(123456)).toBe('R$ 1.234,56');
    const message = paymentReceiptMessage(to, reservation, {
      amountCents: 1500,
      paidAt: '2026-11-26T18:32:10.000Z',
      method: 'pix',
      txid: 'Hc4d1e9f06a2b4e3c8d7f1b5a9e2c6f3001',
      e2eid: 'E12345678202611261832abcdef12345',
      test: false,
    });
    expect(message).toMatchObject({ to: 'ana@example.com', subject: 'Recibo do seu pagamento de R$ 15,00 — Hub' });
    for (const part of [
      'R$ 15,00',
      '26/11/2026 15:32',
      'Hub Paulista (SP-01)',
      'Locker: 03',
      '27/11/2026 11:00 até 27/11/2026 13:00',
      'PIX',
      'Hc4d1e9f0',
      'E12345678202611261832abcdef12345',
    ]) {
      expect(message.text).toContain(part);
    }
    // Every value is escaped in the HTML.
    const odd = paymentReceiptMessage(
      to,
      { ...reservation, hubName: 'Hub <i>Paulista</i>' },
      { amountCents: 1, paidAt: '2026-11-26T18:32:10.000Z', method: 'pix', test: false },
    );
    expect(odd.html).toContain('Hub &lt;i&gt;Paulista&lt;/i&gt;');
    expect(odd.html).not.toContain('<i>');
  });

  it('a test charge says no money moved; a late payment says it goes back', () => {
    const test = paymentReceiptMessage(to, reservation, { amountCents: 1500, paidAt: '2026-11-26T18:32:10.000Z', method: 'credit_card', test: true });
    expect(test.text).toContain('nenhum valor real foi cobrado');
    expect(test.text).toContain('Cartão de crédito');
    const late = latePaymentMessage(to, reservation, { amountCents: 1500, paidAt: '2026-11-26T19:00:00.000Z', txid: 'T', e2eid: 'E' });
    expect(late.subject).toContain('será devolvido');
    expect(late.text).toContain('R$ 15,00');
    expect(late.text).toContain('26/11/2026 16:00');
  });
});
