import { describe, expect, it } from 'vitest';
import { isInternalAddress, isInternalHost } from './internal-address.js';

describe('internal addresses (no webhook goes there outside development and tests)', () => {
  it('names loopback, private, link-local and CGNAT IPv4, and IPv4-mapped IPv6', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::ffff:10.0.0.1'])
      expect(isInternalAddress(ip), ip).toBe(true);
  });
  it('names IPv6 loopback, unique local and link-local', () => {
    for (const ip of ['::1', '::', 'fd12:3456::1', 'fc00::1', 'fe80::1']) expect(isInternalAddress(ip), ip).toBe(true);
  });
  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:db8::1', '::ffff:8.8.8.8', '192.169.0.1']) expect(isInternalAddress(ip), ip).toBe(false);
  });
  it('reads hosts as a URL gives them', () => {
    expect(isInternalHost('localhost')).toBe(true);
    expect(isInternalHost('api.localhost')).toBe(true);
    expect(isInternalHost('[::1]')).toBe(true);
    expect(isInternalHost('127.0.0.1')).toBe(true);
    expect(isInternalHost('parceiro.example.com')).toBe(false);
  });
});
