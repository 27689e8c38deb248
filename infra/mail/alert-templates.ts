// The alert e-mail (issue 29 item 5, ADR 0026): in pt-BR, to each of the Hub's assigned staff
// (or the admins when nobody is assigned), once per alert. It says what, where and when, and
// links to the dashboard's 'Alertas' page, where the alert is acknowledged and resolved.
import { alertKindLabel } from '../../contract/alerts/alert-labels.js';
import { formatSaoPauloDateTime } from '../../domain/shared/sao-paulo-time.js';
import type { MailMessage } from './port.js';
import { button, detailsTable, escapeHtml, firstName, page } from './templates.js';

export interface AlertMail {
  to: { name: string; email: string };
  kind: string;
  hubId: string;
  hubName: string | null;
  lockerOrder: number | null;
  /** 'renter': the renter said the door did not open. */
  source: string;
  occurredAt: Date;
  appUrl: string;
}

export function alertMessage(m: AlertMail): MailMessage {
  const what = alertKindLabel(m.kind);
  const where = `${m.hubName ? `${m.hubName} (${m.hubId})` : m.hubId}${m.lockerOrder != null ? `, locker ${String(m.lockerOrder).padStart(2, '0')}` : ''}`;
  const subject = `Alerta: ${what} — ${where}`;
  const hello = `Olá, ${firstName(m.to.name)}!`;
  const lines: [string, string][] = [
    ['Alerta', what],
    ['Onde', where],
    ['Quando', formatSaoPauloDateTime(m.occurredAt.getTime())],
    ['Relatado por', m.source === 'renter' ? 'cliente ("A porta não abriu")' : m.source === 'controller' ? 'controlador da porta' : 'monitoramento do Hub'],
  ];
  const intro = 'Um Hub que você atende precisa de atenção. Reconheça o alerta quando estiver cuidando dele e resolva-o quando terminar.';
  const link = `${m.appUrl.replace(/\/$/, '')}/dashboard/alerts`;
  return {
    to: m.to.email,
    subject,
    html: page(subject, `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>${detailsTable(lines)}${button(link, 'Ver alertas')}`),
    text: [hello, '', intro, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', `Ver alertas: ${link}`, '', 'Hub · lockers por hora'].join('\n'),
  };
}
