import { describe, expect, it } from 'vitest';
import { clientIp, rateLimitAddress, UNKNOWN_CLIENT } from './client-ip.ts';

describe('clientIp', () => {
  it('takes the address the platform reports', () => {
    expect(clientIp({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientIp({ ip: ' 2001:DB8::1 ' })).toBe('2001:db8::1');
    // The local runner's dual-stack socket names an IPv4 client this way.
    expect(clientIp({ ip: '::ffff:127.0.0.1' })).toBe('127.0.0.1');
  });

  it('names no one when the platform names no one (headers are the client’s to write)', () => {
    expect(clientIp(undefined)).toBe(UNKNOWN_CLIENT);
    expect(clientIp({})).toBe(UNKNOWN_CLIENT);
    expect(clientIp({ ip: '' })).toBe(UNKNOWN_CLIENT);
  });

  it('refuses anything that is not an address, markup included', () => {
    for (const ip of ['<b>10.0.0.1</b>', '10.0.0.1, 10.0.0.2', '10.0.0.256', 'localhost', 'x'.repeat(100)]) {
      expect(clientIp({ ip }), ip).toBe(UNKNOWN_CLIENT);
    }
  });
});

describe('rateLimitAddress', () => {
  it('counts an IPv4 client by its address', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT);
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const network = '2001:db8:a:b::/64';
    for (const ip of [
      '2001:db8:a:b::1',
      '2001:db8:a:b:ffff:ffff:ffff:fffe',
      '2001:0db8:000a:000b:0:0:0:9',
      '2001:db8:a:b:1::',
    ]) {
      expect(rateLimitAddress(ip), ip).toBe(network);
    }
    expect(rateLimitAddress('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
