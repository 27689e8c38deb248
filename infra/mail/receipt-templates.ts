// The payment receipt (recibo) and the late-payment notice a renter gets for a PIX (issue 28), in
// pt-BR: R$ amounts, dates dd/MM/yyyy HH:mm in São Paulo, the PSP's ids for their bank's records.
import { formatSaoPauloDateTime } from '../../domain/shared/sao-paulo-time.js';
import type { MailMessage } from './port.js';
import { escapeHtml } from './templates.js';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1500 → 'R$ 15,00'. */
export const formatReais = (cents: number) => `R$ ${money.format(cents / 100)}`;
const when = (iso: string) => formatSaoPauloDateTime(Date.parse(iso));

export interface PaidReservation {
  reservationId: string;
  hubName: string;
  hubId: string;
  lockerNumber: number;
  startTime: string;
  endTime: string;
}

export interface PaymentFacts {
  amountCents: number;
  paidAt: string;
  method: 'pix' | 'credit_card';
  txid?: string;
  e2eid?: string;
  /** No money moved (simulated provider). */
  test: boolean;
}

function message(to: { name: string; email: string }, subject: string, intro: string, rows: [string, string][], outro: string): MailMessage {
  const hello = `Olá, ${to.name.trim().split(/\s+/)[0] || to.name}!`;
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(k)}</td><td style="padding:4px 0;word-break:break-all">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  return {
    to: to.email,
    subject,
    html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937"><p style="font-size:20px;font-weight:bold">Hub</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><table role="presentation">${table}</table><p>${escapeHtml(outro)}</p>
<p style="font-size:12px;color:#6b7280">Hub · lockers por hora</p></body></html>`,
    text: [hello, intro, ...rows.map(([k, v]) => `${k}: ${v}`), outro].join('\n\n'),
  };
}

function reservationRows(r: PaidReservation): [string, string][] {
  return [
    ['Reserva', r.reservationId],
    ['Hub', `${r.hubName} (${r.hubId})`],
    ['Locker', String(r.lockerNumber).padStart(2, '0')],
    ['Período', `${when(r.startTime)} até ${when(r.endTime)}`],
  ];
}

export function paymentReceiptMessage(to: { name: string; email: string }, r: PaidReservation, p: PaymentFacts): MailMessage {
  const rows: [string, string][] = [
    ['Valor pago', formatReais(p.amountCents)],
    ['Pago em', when(p.paidAt)],
    ['Forma de pagamento', p.method === 'pix' ? 'PIX' : 'Cartão de crédito'],
    ...reservationRows(r),
    ...(p.txid ? [['Identificador da cobrança (txid)', p.txid] as [string, string]] : []),
    ...(p.e2eid ? [['Identificador do PIX (E2E)', p.e2eid] as [string, string]] : []),
  ];
  const outro = p.test
    ? 'Cobrança de teste: nenhum valor real foi cobrado.'
    : 'Guarde este recibo. O código de acesso ao locker aparece no app durante a reserva.';
  return message(to, `Recibo do seu pagamento de ${formatReais(p.amountCents)} — Hub`, 'Recebemos o seu pagamento. Este é o seu recibo.', rows, outro);
}

export function latePaymentMessage(
  to: { name: string; email: string },
  r: PaidReservation,
  p: { amountCents: number; paidAt: string; txid: string; e2eid: string },
): MailMessage {
  const rows: [string, string][] = [
    ['Valor recebido', formatReais(p.amountCents)],
    ['Recebido em', when(p.paidAt)],
    ...reservationRows(r),
    ['Identificador da cobrança (txid)', p.txid],
    ['Identificador do PIX (E2E)', p.e2eid],
  ];
  return message(
    to,
    'Seu PIX chegou depois do prazo e será devolvido — Hub',
    'Recebemos um PIX depois que o prazo de pagamento desta reserva terminou, e a reserva não está mais valendo. Vamos devolver o valor integral para a conta que pagou.',
    rows,
    'A devolução é feita pelo próprio PIX e costuma chegar em alguns minutos. Se não chegar, responda a este e-mail.',
  );
}
