import { describe, expect, it } from 'vitest';
import type { MoneyMovementRow } from '../../projections/refunds/refund-queries.js';
import { financeCsv, financeTotals } from './finance-csv.js';

const row = (over: Partial<MoneyMovementRow>): MoneyMovementRow => ({
  at: new Date('2026-11-27T13:05:00Z'),
  kind: 'payment',
  reservation_id: 'res-1',
  method: 'pix',
  provider: 'bcb_pix',
  txid: 'TX1',
  e2eid: 'E1',
  refund_id: null,
  status: null,
  amount_cents: 123456,
  renter_name: 'Ana Souza',
  renter_email: 'ana@example.com',
  partner_id: null,
  customer_name: null,
  ...over,
});

describe('the finance day CSV', () => {
  const rows = [
    row({}),
    row({
      reservation_id: 'res-2',
      method: 'partner_invoice',
      provider: 'simulated',
      txid: null,
      e2eid: null,
      amount_cents: 1200,
      partner_id: 'p1',
      renter_name: null,
      customer_name: 'Bia',
    }),
    row({ kind: 'refund', method: null, refund_id: 'CX1', status: 'DEVOLVIDO', amount_cents: 61728, at: new Date('2026-11-27T15:00:00Z') }),
    row({ kind: 'refund', method: null, refund_id: 'LP1', status: 'NAO_REALIZADO', amount_cents: 500 }),
  ];

  it('totals: paid (partner invoices apart), refunded (only DEVOLVIDO), net', () => {
    expect(financeTotals(rows)).toEqual({ paidCents: 123456, refundedCents: 61728, netCents: 61728, invoicedCents: 1200 });
  });

  it('one line per movement with the PSP ids, São Paulo time and R$ money, partner invoices marked', () => {
    const lines = financeCsv(rows).split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFData/hora;Tipo;Reserva')).toBe(true);
    expect(lines[1]).toBe('27/11/2026 10:05:00;Pagamento;res-1;Ana Souza;ana@example.com;Pix;bcb_pix;TX1;E1;;Recebido;R$ 1.234,56');
    expect(lines[2]).toBe('27/11/2026 10:05:00;Pagamento;res-2;Bia;;Faturado ao parceiro;simulated;;;;A faturar;R$ 12,00');
    expect(lines[3]).toContain(';Reembolso;res-1;');
    expect(lines[3]).toContain(';CX1;Devolvido;R$ -617,28');
    expect(lines.slice(5, 9)).toEqual([
      ';Total pago;;;;;;;;;;R$ 1.234,56',
      ';Total reembolsado;;;;;;;;;;R$ -617,28',
      ';Líquido;;;;;;;;;;R$ 617,28',
      ';Faturado a parceiros (fora do pago);;;;;;;;;;R$ 12,00',
    ]);
  });
});
