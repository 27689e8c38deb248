import type { Mailer, MailMessage } from '../../infra/mail/port.js';
import { escapeHtml } from '../../infra/mail/templates.js';
import type { Queryable } from '../../infra/db/queryable.js';

// The e-mail a renter gets when an admin revokes their access to a private Hub, naming the
// reservations it cancelled. Sent after the answer's work is done; a failed send is logged.

export function revokedMessage(to: { name: string; email: string }, hub: { id: string; name: string }, cancelled: number): MailMessage {
  const subject = `Seu acesso ao ${hub.name} foi revogado`;
  const lines = [
    `Olá, ${to.name.trim().split(/\s+/)[0] || to.name}!`,
    `Um administrador revogou seu acesso ao Hub privado ${hub.name} (${hub.id}).`,
    cancelled === 0
      ? 'Você não tinha reservas futuras neste Hub.'
      : cancelled === 1
        ? 'Sua reserva futura neste Hub foi cancelada.'
        : `Suas ${cancelled} reservas futuras neste Hub foram canceladas.`,
    'Para usar este Hub de novo, solicite acesso na página dele.',
  ];
  return {
    to: to.email,
    subject,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

export async function mailRevocation(
  deps: { db: Queryable; mailer: Mailer; log: { error(obj: object, msg: string): void } },
  userId: string,
  hub: { id: string; name: string },
  cancelled: number,
): Promise<void> {
  try {
    const { rows } = await deps.db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [userId]);
    if (rows[0]) await deps.mailer.send(revokedMessage(rows[0], hub, cancelled));
  } catch (err) {
    deps.log.error({ err, userId, hubId: hub.id }, 'access revoked but the renter was not mailed');
  }
}
