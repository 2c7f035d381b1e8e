import { describe, expect, it } from 'vitest';
import { limitKeyOf } from './address-block';

describe('limitKeyOf', () => {
  it('counts an IPv4 address as itself', () => {
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });
  it('counts every IPv6 address of one /64 as one', () => {
    const a = limitKeyOf('2001:db8:85a3:42::1');
    expect(a).toBe('2001:db8:85a3:42::/64');
    expect(limitKeyOf('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(a);
    expect(limitKeyOf('2001:DB8:85A3:42:1234:5678:9abc:def0')).toBe(a);
    expect(limitKeyOf('2001:db8:85a3:43::1')).not.toBe(a);
    expect(limitKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
  });
  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(limitKeyOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitKeyOf('::ffff:c000:0201')).toBe('192.0.2.1');
  });
  it('counts anything else as itself', () => {
    expect(limitKeyOf('unknown')).toBe('unknown');
    expect(limitKeyOf('')).toBe('');
  });
});
