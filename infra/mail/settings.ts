// Mail settings from the environment (README: SMTP_URL, MAIL_FROM, SUPPORT_EMAIL).

export interface MailSettings {
  /** smtp:// or smtps:// URL of the mail server; unset: the local outbox (embedded mode). */
  smtpUrl: string | null;
  /** The sender of every message. */
  from: string;
  /** Where contact-form messages go. */
  supportEmail: string;
}

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'Hub <nao-responda@hub.dev>',
    supportEmail: env.SUPPORT_EMAIL?.trim() || 'suporte@hub.dev',
  };
}
