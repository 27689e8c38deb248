import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reduces IPv6 addresses to their /64, however they are written', () => {
    const key = '2001:db8:a:b::/64';
    expect(clientAddressKey('2001:db8:a:b::1')).toBe(key);
    expect(clientAddressKey('2001:0DB8:000a:000b:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:db8:a:b:1:2:3.4.5.6')).toBe(key);
    expect(clientAddressKey('2001:db8:a:c::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('passes anything else through unchanged', () => {
    expect(clientAddressKey('unix-socket')).toBe('unix-socket');
  });
});
