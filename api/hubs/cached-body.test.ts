import { describe, expect, it } from 'vitest';
import { acceptedEncoding, cachedBody, matchesEtag } from './cached-body.js';

describe('cached bodies', () => {
  it('picks brotli, then gzip, as the client accepts them', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.4, br;q=0.9')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    const { etag } = cachedBody('[1,2,3]');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(etag).toBe(cachedBody('[1,2,3]').etag);
    expect(etag).not.toBe(cachedBody('[1,2,4]').etag);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(etag.slice(2), etag)).toBe(true);
    expect(matchesEtag(`"a", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"a", W/"b"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
