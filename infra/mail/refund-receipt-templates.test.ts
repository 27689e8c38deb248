import { describe, expect, it } from 'vitest';
import { refundReceiptMessage } from './refund-receipt-templates.js';

describe('the refund receipt', () => {
  it('says the amount in R$, the Hub and the dates in São Paulo time, in pt-BR', () => {
    const message = refundReceiptMessage({
      to: { name: 'Ana <b>Souza</b>', email: 'ana@example.com' },
      refundId: 'CX123',
      amountCents: 123456,
      cause: 'cancellation',
      settledAt: new Date('2026-11-27T18:05:00Z'),
      reservationId: 'res-1',
      hubName: 'Hub Paulista',
      start: new Date('2026-11-29T13:00:00Z'),
      end: new Date('2026-11-29T15:00:00Z'),
    });
    expect(message.subject).toBe('Recibo de reembolso: R$ 1.234,56');
    expect(message.text).toContain('Devolvido em: 27/11/2026 15:05');
    expect(message.text).toContain('Reserva: 29/11/2026 10:00 até 29/11/2026 12:00');
    expect(message.text).toContain('Motivo: cancelamento da reserva');
    expect(message.html).toContain('Hub Paulista');
    expect(message.html).not.toContain('<b>Souza');
  });
});
