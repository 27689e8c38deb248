// The mail adapters for real: SMTP to an SMTP server in this process, the outbox to a folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { createMailer } from './factory.js';
import { mailSettingsFromEnv } from './settings.js';
import { confirmationMessage, contactMessage, escapeHtml, recoveryMessage } from './templates.js';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const silentLog = () => {
  const lines: { details: object; message: string }[] = [];
  return { lines, info: (details: object, message: string) => lines.push({ details, message }), error: () => {} };
};

describe('mail', () => {
  it('sends over SMTP from MAIL_FROM, HTML and text, with the link intact', async () => {
    const settings = mailSettingsFromEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Hub <no-reply@hub.test>' });
    const mailer = createMailer(settings, '/nonexistent', silentLog());
    const link = 'https://hub.test/reset-password#access_token=abc&refresh_token=def&type=recovery';
    await mailer.send(recoveryMessage({ name: 'Ana <b>Souza</b>', email: 'ana@hub.test' }, link));
    await mailer.close();

    const mail = await smtp.waitFor('ana@hub.test');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Hub', address: 'no-reply@hub.test' });
    expect(mail.subject).toBe('Redefinição de senha do Hub');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://hub.test/reset-password#access_token=abc&amp;refresh_token=def&amp;type=recovery"');
    // The name is escaped in the HTML: no markup of the sender's choosing reaches the reader.
    expect(mail.html).toContain('Olá, Ana');
    expect(mail.html).not.toContain('<b>Souza</b>');
  });

  it('escapes every interpolated value of the contact message', () => {
    const message = contactMessage(
      'suporte@hub.test',
      { name: '<script>x</script>', email: 'a@b.c', subject: 'Oi "você"', message: "1 < 2 & 'três'" },
      '25/11/2026 15:00',
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).toContain('1 &lt; 2 &amp; &#39;três&#39;');
    expect(message.replyTo).toBe('a@b.c');
    expect(message.text).toContain("1 < 2 & 'três'");
    expect(escapeHtml('"&"')).toBe('&quot;&amp;&quot;');
  });

  it('without SMTP_URL saves each message under DATA_DIR/outbox and logs its links', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-outbox-'));
    try {
      const log = silentLog();
      const mailer = createMailer(mailSettingsFromEnv({}), dataDir, log);
      const link = 'http://127.0.0.1:3000/email-confirmation#token=xyz&type=signup';
      await mailer.send(confirmationMessage({ name: 'Bia', email: 'bia@hub.test' }, link));

      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain('To: bia@hub.test');
      expect(eml).toMatch(/Subject: .*Confirme/);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]!.details).toMatchObject({ to: 'bia@hub.test', links: [link] });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
