// The projection and worker processes serve no API, but a load balancer or orchestrator still
// asks them whether they live and are ready: a bare HTTP server on HEALTH_PORT with the same two
// paths the API answers (GET /api/health/live, /api/health/ready).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export async function startHealthServer(port: number, host: string, ready: () => Promise<{ ready: boolean } & Record<string, unknown>>): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return send(405, { error: { code: 'method_not_allowed', message: 'Método não permitido.' } });
    if (request.url === '/api/health/live') return send(200, { status: 'ok' });
    if (request.url === '/api/health/ready') {
      ready().then(
        (answer) => send(answer.ready ? 200 : 503, answer),
        () => send(503, { ready: false }),
      );
      return;
    }
    send(404, { error: { code: 'not_found', message: 'Não encontrado.' } });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** HEALTH_PORT: unset means no health server (0 picks a free port). */
export function healthPortFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.HEALTH_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`HEALTH_PORT must be a port number (got "${raw}")`);
  return port;
}
