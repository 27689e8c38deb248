import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Encoding, Encodings } from './body-encoding.js';
import { encode } from './body-encoding.js';

// A serialized answer kept for as long as it is true, with its ETag and its compressed forms
// (made on first demand; large ones again, harder, once settled: body-encoding.ts): a request
// that finds one does no JSON, hashing or compression. Browsers revalidate it (no-cache + ETag →
// 304); the answer differs by caller (admins see more) and by encoding, hence the Vary.

export interface CachedBody {
  identity: Buffer;
  /** Weak: the same tag stands for every encoding of the same JSON. */
  etag: string;
  encoded: Encodings;
}

/** Below this, compression costs more than it saves (@fastify/compress's default threshold). */
const MIN_COMPRESSED_BYTES = 1024;

const VARY = 'Authorization, Accept-Encoding';
const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON as a serializer made it (fast-json-stringify gives a string). */
export type SerializedJson = string | Buffer | ArrayBuffer;

export function cachedBody(json: SerializedJson): CachedBody {
  const identity = typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { identity, etag, encoded: new Map() };
}

/** The best encoding the client accepts (brotli, then gzip), or null for none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  const seen = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    seen.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const wildcard = seen.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const q = seen.get(encoding) ?? wildcard;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/** If-None-Match against a tag, by weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/**
 * Answers with a cached body: 304 when the client has it, else its best encoding. Returns
 * nothing once sent (a handler returning the reply would wait for the response to finish), or a
 * promise while a large body is first compressed.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody): void | Promise<void> {
  // CORS may have said Vary: Origin already.
  const vary = reply.getHeader('vary');
  reply.headers({ 'cache-control': 'no-cache', vary: vary ? `${String(vary)}, ${VARY}` : VARY, etag: body.etag });
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matchesEtag(ifNoneMatch, body.etag)) {
    reply.code(304).send();
    return;
  }
  const encoding = body.identity.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  reply.type(JSON_TYPE);
  if (!encoding) {
    reply.send(body.identity);
    return;
  }
  reply.header('content-encoding', encoding);
  const encoded = encode(body.encoded, body.identity, encoding);
  if (encoded instanceof Promise) return encoded.then((done) => void reply.send(done));
  reply.send(encoded);
}
