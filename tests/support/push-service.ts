// A stand-in Web Push service on this machine: HTTPS with a certificate of its own (selfsigned),
// recording each push it receives (headers and the encrypted body) and answering with the status
// the test sets (201, or 410 for an expired subscription). web-push reaches it through an agent
// trusting that certificate; nothing leaves the machine.
import { createServer, Agent } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  agent: Agent;
  received: ReceivedPush[];
  /** The status every push gets from now on. */
  answer(status: number): void;
  /** A browser's subscription to this service (a new endpoint, with real P-256 keys). */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const received: ReceivedPush[] = [];
  let status = 201;
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: pems.cert, keepAlive: false });
  let n = 0;
  return {
    origin,
    agent,
    received,
    answer: (s) => void (status = s),
    subscription: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { endpoint: `${origin}/push/${++n}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
