// The projection and worker processes serve no API, but a load balancer or orchestrator still
// asks them whether they live and are ready: a bare HTTP server on HEALTH_PORT with the same two
// paths the API answers (GET /api/health/live, /api/health/ready).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE, isMetricsToken } from '../metrics/exposition.js';

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `metrics`: this process's Prometheus text, served on GET /metrics to the METRICS_TOKEN bearer
 * only (no admin sessions here; without METRICS_TOKEN nobody may read it).
 */
export async function startHealthServer(
  port: number,
  host: string,
  ready: () => Promise<{ ready: boolean } & Record<string, unknown>>,
  metrics?: () => Promise<string>,
): Promise<HealthServer> {
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
    if (metrics && request.url === '/metrics') {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!isMetricsToken(token)) return send(401, { error: { code: 'unauthorized', message: 'Autenticação necessária' } });
      metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
          response.end(text);
        },
        () => send(500, { error: { code: 'internal', message: 'Métricas indisponíveis.' } }),
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
