// One HTTPS request to a PSP over mutual TLS (the client certificate the PSP issued, its CA):
// JSON or form body in, status and parsed JSON out, with a deadline. node:https with one keep-alive
// Agent per adapter; nothing else is needed for a handful of calls per payment.
import { Agent, request } from 'node:https';
import { PaymentProviderError } from '../port.js';

export interface MtlsMaterial {
  cert: string | Buffer;
  key: string | Buffer;
  /** The PSP's CA; absent: the system's trusted CAs. */
  ca?: string | Buffer;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
}

export interface HttpsJsonClient {
  send(options: { method: string; url: string; headers?: Record<string, string>; body?: string; contentType?: string }): Promise<HttpAnswer>;
  close(): void;
}

export function createHttpsJsonClient(tls: MtlsMaterial, timeoutMs: number): HttpsJsonClient {
  const agent = new Agent({ cert: tls.cert, key: tls.key, ca: tls.ca, keepAlive: true, maxSockets: 16 });
  return {
    send({ method, url, headers = {}, body, contentType = 'application/json' }) {
      return new Promise<HttpAnswer>((resolve, reject) => {
        const target = new URL(url);
        if (target.protocol !== 'https:') return reject(new PaymentProviderError(`A API Pix exige HTTPS (${target.origin})`, null));
        const req = request(
          target,
          {
            method,
            agent,
            timeout: timeoutMs,
            headers: {
              accept: 'application/json',
              ...headers,
              ...(body === undefined ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', (err) => reject(new PaymentProviderError(`resposta interrompida do PSP: ${err.message}`, null)));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = null;
              try {
                parsed = text ? JSON.parse(text) : null;
              } catch {
                parsed = null;
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
          },
        );
        // The socket's idle timeout, and a deadline for the whole exchange.
        const deadline = setTimeout(() => req.destroy(new Error(`sem resposta em ${timeoutMs} ms`)), timeoutMs);
        req.on('close', () => clearTimeout(deadline));
        req.on('timeout', () => req.destroy(new Error(`sem resposta em ${timeoutMs} ms`)));
        req.on('error', (err) => reject(new PaymentProviderError(`PSP inacessível (${target.host}): ${err.message}`, null)));
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
