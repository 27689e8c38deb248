// The messages Hub sends, in pt-BR, each as HTML and plain text. Every value put into the HTML
// goes through escapeHtml: names and contact messages are typed by anyone.
import type { MailMessage } from './port.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;margin:0 0 24px">Hub</p>${body}
<p style="font-size:12px;color:#6b7280;margin-top:32px">Hub · lockers por hora</p></td></tr></table></td></tr></table></body></html>`;
}

export function button(url: string, label: string): string {
  const href = escapeHtml(url);
  return `<p style="margin:24px 0"><a href="${href}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b7280">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${href}" style="color:#2563eb;word-break:break-all">${href}</a></p>`;
}

/** A two-column table of label and value (a receipt's or an alert's details). */
export const detailsTable = (lines: readonly (readonly [string, string])[]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0">${lines
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#4b5563">${escapeHtml(k)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** An account e-mail: a greeting, why it came, one button with its link, and what to do if unasked. */
function linkMessage(
  to: { name: string; email: string },
  link: string,
  m: { subject: string; why: { html: string; text: string }; button: string; unasked: string },
): MailMessage {
  const hello = `Olá, ${firstName(to.name)}!`;
  return {
    to: to.email,
    subject: m.subject,
    html: page(
      m.subject,
      `<p>${escapeHtml(hello)}</p>
<p>${m.why.html}</p>
${button(link, m.button)}
<p style="font-size:13px;color:#6b7280">${m.unasked}</p>`,
    ),
    text: `${hello}

${m.why.text}

${link}

${m.unasked}`,
  };
}

export function recoveryMessage(to: { name: string; email: string }, link: string): MailMessage {
  const rest = 'para escolher uma nova senha. O link vale por 1 hora e pode ser usado uma única vez.';
  return linkMessage(to, link, {
    subject: 'Redefinição de senha do Hub',
    why: {
      html: `Recebemos um pedido para redefinir a senha da sua conta no Hub. Clique no botão abaixo ${rest}`,
      text: `Recebemos um pedido para redefinir a senha da sua conta no Hub. Abra o link abaixo ${rest}`,
    },
    button: 'Redefinir Senha',
    unasked: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  });
}

export function confirmationMessage(to: { name: string; email: string }, link: string): MailMessage {
  const why = 'Falta pouco: confirme que este endereço é seu para ativar sua conta no Hub. O link vale por 24 horas.';
  return linkMessage(to, link, {
    subject: 'Confirme seu e-mail no Hub',
    why: { html: why, text: why },
    button: 'Confirmar e-mail',
    unasked: 'Se você não criou uma conta no Hub, ignore este e-mail.',
  });
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function contactMessage(supportEmail: string, form: ContactForm, receivedAt: string): MailMessage {
  const subject = `[Contato] ${form.subject}`;
  const paragraphs = form.message
    .split(/\n{2,}/)
    .map((part) => `<p style="white-space:pre-wrap">${escapeHtml(part)}</p>`)
    .join('');
  return {
    to: supportEmail,
    replyTo: form.email,
    subject,
    html: page(
      subject,
      `<p><strong>Nova mensagem pelo formulário de contato</strong> (${escapeHtml(receivedAt)})</p>
<p>De: ${escapeHtml(form.name)} &lt;${escapeHtml(form.email)}&gt;<br>Assunto: ${escapeHtml(form.subject)}</p>${paragraphs}`,
    ),
    text: `Nova mensagem pelo formulário de contato (${receivedAt})

De: ${form.name} <${form.email}>
Assunto: ${form.subject}

${form.message}`,
  };
}

/** A new operator's invitation (issue 26): one link, 7 days, to set the first password. */
export function invitationMessage(to: { name: string; email: string }, roleLabel: string, link: string): MailMessage {
  const why = `Você foi adicionado como operador do Hub (${roleLabel}). Para começar, defina sua senha. O link vale por 7 dias e pode ser usado uma única vez.`;
  return linkMessage(to, link, {
    subject: 'Convite para operar o Hub',
    why: { html: escapeHtml(why), text: why },
    button: 'Definir senha',
    unasked: 'Se você não esperava este convite, ignore este e-mail: nenhuma senha é criada sem você.',
  });
}

/** An account that already existed was made an operator: no new password, only a notice. */
export function operatorNoticeMessage(to: { name: string; email: string }, roleLabel: string, loginLink: string): MailMessage {
  const why = `Sua conta no Hub agora é de operador (${roleLabel}). Entre com o seu e-mail e a sua senha de sempre para acessar o painel.`;
  return linkMessage(to, loginLink, {
    subject: 'Você agora é operador do Hub',
    why: { html: escapeHtml(why), text: why },
    button: 'Entrar no Hub',
    unasked: 'Se você não esperava esta mudança, fale com o administrador do Hub.',
  });
}

/** A partner's webhook endpoint failed for a day and was paused (issue 27 item 4). */
export function webhookPausedMessage(to: { name: string; email: string }, url: string, link: string): MailMessage {
  const why = `O webhook ${url} não recebe nossas notificações há mais de um dia e foi pausado. As entregas ficam guardadas e são enviadas quando você o reativar no painel ou pela API (PATCH /api/partner/v1/webhooks/{id} com "paused": false).`;
  return linkMessage(to, link, {
    subject: 'Webhook pausado por falhas',
    why: { html: escapeHtml(why), text: why },
    button: 'Abrir o painel',
    unasked: 'Verifique se o endereço responde com um status 2xx em até 10 segundos.',
  });
}
