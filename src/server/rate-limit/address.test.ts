import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address.js';

describe('addressKeyOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:aa:bb::/64';
    expect(addressKeyOf('2001:db8:aa:bb::1')).toBe(key);
    expect(addressKeyOf('2001:0db8:00aa:00bb:ffff:1:2:3')).toBe(key);
    expect(addressKeyOf('2001:DB8:AA:BB:0:0:0:9')).toBe(key);
    expect(addressKeyOf('2001:db8:aa:bb::1%eth0')).toBe(key);
    expect(addressKeyOf('2001:db8:aa:bc::1')).not.toBe(key);
  });

  it('keeps the loopback and short forms apart from their neighbours', () => {
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('answers anything else as it is', () => {
    expect(addressKeyOf('unknown')).toBe('unknown');
  });
});
