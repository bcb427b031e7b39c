import { describe, expect, it } from 'vitest';
import { clientIp, UNKNOWN_CLIENT } from './client-ip.ts';

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
