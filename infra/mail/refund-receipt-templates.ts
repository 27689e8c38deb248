// The refund receipt (recibo de reembolso, issue 28 item 5): in pt-BR, R$ amounts, São Paulo
// dates. One per refund returned (DEVOLVIDO), sent by the refund workers (workers/refunds/).
import { formatSaoPauloDateTime } from '../../domain/shared/sao-paulo-time.js';
import type { MailMessage } from './port.js';
import { detailsTable, escapeHtml, page } from './templates.js';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as 'R$ 1.234,56'. */
export const formatBrl = (cents: number) => `R$ ${money.format(cents / 100)}`;

export interface RefundReceipt {
  to: { name: string; email: string };
  refundId: string;
  amountCents: number;
  /** RefundCause ('cancellation', 'late_payment'), as the work list stores it. */
  cause: string;
  settledAt: Date;
  reservationId: string;
  hubName: string;
  start: Date;
  end: Date;
}

const CAUSE_TEXT: Record<string, string> = {
  cancellation: 'cancelamento da reserva',
  late_payment: 'pagamento recebido depois do prazo',
};

export function refundReceiptMessage(r: RefundReceipt): MailMessage {
  const subject = `Recibo de reembolso: ${formatBrl(r.amountCents)}`;
  const hello = `Olá, ${r.to.name.trim().split(/\s+/)[0] || r.to.name}!`;
  const lines: [string, string][] = [
    ['Valor devolvido', formatBrl(r.amountCents)],
    ['Motivo', CAUSE_TEXT[r.cause] ?? r.cause],
    ['Devolvido em', formatSaoPauloDateTime(r.settledAt.getTime())],
    ['Hub', r.hubName],
    ['Reserva', `${formatSaoPauloDateTime(r.start.getTime())} até ${formatSaoPauloDateTime(r.end.getTime())}`],
    ['Código da reserva', r.reservationId],
    ['Identificador do reembolso', r.refundId],
  ];
  const intro = 'Devolvemos o valor abaixo pelo mesmo meio do pagamento. Pelo Pix, ele costuma aparecer na sua conta em poucos minutos.';
  return {
    to: r.to.email,
    subject,
    html: page(subject, `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>${detailsTable(lines)}`),
    text: [hello, '', intro, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', 'Hub · lockers por hora'].join('\n'),
  };
}
