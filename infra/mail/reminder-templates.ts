// The reminder and overdue e-mails (issue 28 item 7, ADR 0023), in pt-BR, from the same words as
// the in-app and push notices (domain/reminders/reminder-messages.ts).
import type { NoticeText } from '../../domain/reminders/reminder-messages.js';
import type { MailMessage } from './port.js';
import { button, escapeHtml, firstName, page } from './templates.js';

export function reminderMessage(to: { name: string; email: string }, notice: NoticeText, link: { url: string; label: string }): MailMessage {
  const hello = `Olá, ${firstName(to.name)}!`;
  const off = 'Você pode desligar estes avisos por e-mail no seu perfil, em Notificações.';
  return {
    to: to.email,
    subject: notice.title,
    html: page(
      notice.title,
      `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(notice.body)}</p>
${button(link.url, link.label)}
<p style="font-size:13px;color:#6b7280">${escapeHtml(off)}</p>`,
    ),
    text: `${hello}

${notice.body}

${link.label}: ${link.url}

${off}`,
  };
}
