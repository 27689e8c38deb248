// A real SMTP server in the test process (smtp-server), on a free port: the SMTP adapter talks
// to it over TCP as it would to a provider, and tests read what arrived (parsed by mailparser).
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port}, for SMTP_URL / createSmtpMailer. */
  url: string;
  received: ParsedMail[];
  /** The first message (arrived or arriving) to this address that matches; fails after timeoutMs. */
  waitFor(to: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address?.toLowerCase() ?? ''));

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'], // plain SMTP on loopback, as a local relay would accept
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(to, match = () => true, timeoutMs = 10_000) {
      const find = () => received.find((mail) => recipients(mail).includes(to.toLowerCase()) && match(mail));
      return new Promise<ParsedMail>((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
