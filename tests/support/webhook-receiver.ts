// A partner's webhook endpoint for tests: an HTTP server on 127.0.0.1, port 0, that records each
// request (raw body and headers) and answers what the test's responder says (200 by default; a
// responder may also hold the request until the test lets it go).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  body: string;
  headers: IncomingHttpHeaders;
  at: number;
  json: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

export type Responder = (hook: ReceivedHook, nth: number) => number | Promise<number>;

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  respond: Responder;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const open = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => 200,
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedHook = { body, headers: req.headers, at: Date.now(), json: JSON.parse(body) as ReceivedHook['json'] };
      receiver.received.push(hook);
      open.add(res);
      res.on('close', () => open.delete(res));
      void Promise.resolve(receiver.respond(hook, receiver.received.length)).then((status) => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
