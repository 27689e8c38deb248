import { describe, expect, it } from 'vitest';
import { appUrlFromEnv, listenOrigin } from './app-url.js';

describe('issue 24 item 6: the origin links are built on comes from configuration only', () => {
  it("is APP_URL's origin when set", () => {
    expect(appUrlFromEnv({ APP_URL: 'https://hub.example/app/', HOST: '0.0.0.0', PORT: '8080' })).toEqual({ origin: 'https://hub.example', configured: true });
  });
  it('without APP_URL: the address the process listens on (embedded default, HOST and PORT, DATABASE_URL)', () => {
    expect(appUrlFromEnv({})).toEqual({ origin: 'http://127.0.0.1:3000', configured: false });
    expect(appUrlFromEnv({ HOST: 'localhost', PORT: '4000' }).origin).toBe('http://localhost:4000');
    // Every interface is not an address anyone can browse to: this machine's loopback stands in.
    expect(appUrlFromEnv({ DATABASE_URL: 'postgres://db/hub' }).origin).toBe('http://127.0.0.1:3000');
    expect(appUrlFromEnv({ HOST: '192.168.0.10' }).origin).toBe('http://192.168.0.10:3000');
    expect(listenOrigin('::', 3000)).toBe('http://[::1]:3000');
    expect(listenOrigin('fe80::1', 3000)).toBe('http://[fe80::1]:3000');
  });
  it('refuses an APP_URL that is not an http(s) address, instead of building links on something else', () => {
    expect(() => appUrlFromEnv({ APP_URL: 'javascript:alert(1)' })).toThrow(/APP_URL must be an http\(s\) address/);
    expect(() => appUrlFromEnv({ APP_URL: 'hub.example' })).toThrow(/APP_URL/);
  });
});
