import type { MoneyMovementRow } from '../../projections/refunds/refund-queries.js';
import { csvField } from '../history/history-csv.js';
import { formatCents, formatDateTimeSeconds } from '../history/history-format.js';

// The finance day as CSV (issue 28 item 4): one row per payment and per refund of a São Paulo day,
// with the PSP's ids, then the totals. Same file conventions as the history export: UTF-8 with
// BOM, ';' between fields, CRLF, money as 'R$ 1.234,56'. A partner's booking is paid by invoice:
// its row says so and it is outside "pago" (no money came in that day), summed on its own line.

const HEADER = ['Data/hora', 'Tipo', 'Reserva', 'Locatário', 'E-mail', 'Forma', 'Provedor', 'txid', 'e2eid', 'ID do reembolso', 'Situação', 'Valor'];

const KIND_LABEL: Record<MoneyMovementRow['kind'], string> = { payment: 'Pagamento', late_payment: 'Pagamento após o prazo', refund: 'Reembolso' };
const METHOD_LABEL: Record<string, string> = { pix: 'Pix', credit_card: 'Cartão de crédito', partner_invoice: 'Faturado ao parceiro' };
const STATUS_LABEL: Record<string, string> = { DEVOLVIDO: 'Devolvido', NAO_REALIZADO: 'Não realizado' };

const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(';')}\r\n`;

export interface FinanceTotals {
  paidCents: number;
  refundedCents: number;
  netCents: number;
  invoicedCents: number;
}

/** Paid: money received (renters' payments and late PIX); refunded: refunds returned (DEVOLVIDO). */
export function financeTotals(rows: readonly MoneyMovementRow[]): FinanceTotals {
  let paidCents = 0;
  let refundedCents = 0;
  let invoicedCents = 0;
  for (const r of rows) {
    if (r.kind === 'refund') refundedCents += r.status === 'DEVOLVIDO' ? r.amount_cents : 0;
    else if (r.method === 'partner_invoice') invoicedCents += r.amount_cents;
    else paidCents += r.amount_cents;
  }
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, invoicedCents };
}

export function financeCsv(rows: readonly MoneyMovementRow[]): string {
  const body = rows.map((r) => {
    const refund = r.kind === 'refund';
    return line([
      formatDateTimeSeconds(r.at),
      KIND_LABEL[r.kind],
      r.reservation_id,
      r.renter_name ?? r.customer_name ?? '',
      r.partner_id ? '' : (r.renter_email ?? ''),
      refund ? 'Pix (devolução)' : (METHOD_LABEL[r.method ?? ''] ?? r.method),
      r.provider,
      r.txid,
      r.e2eid,
      r.refund_id,
      refund ? (STATUS_LABEL[r.status ?? ''] ?? r.status) : r.method === 'partner_invoice' ? 'A faturar' : 'Recebido',
      formatCents(refund ? -r.amount_cents : r.amount_cents),
    ]);
  });
  const t = financeTotals(rows);
  const total = (label: string, cents: number) => line(['', label, '', '', '', '', '', '', '', '', '', formatCents(cents)]);
  return [
    `\uFEFF${line(HEADER)}`,
    ...body,
    total('Total pago', t.paidCents),
    total('Total reembolsado', -t.refundedCents),
    total('Líquido', t.netCents),
    total('Faturado a parceiros (fora do pago)', t.invoicedCents),
  ].join('');
}
