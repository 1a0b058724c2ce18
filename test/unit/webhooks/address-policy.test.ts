import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason, ipv6Bytes } from '../../../src/adapters/http-client/address-policy.js';

describe('SSRF address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['fc00::1', 'unique local'],
    ['fdff:ffff::1', 'unique local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'cloud metadata'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::7f00:1', 'loopback'],
    ['::1', 'loopback'],
    ['64:ff9b:1::a9fe:a9fe', 'reserved'],
    ['64:ff9b:1:5db8:d822::', 'reserved'],
    ['2002:c0a8:101::1', 'private'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('parses IPv6 text forms to 16 bytes', () => {
    expect(ipv6Bytes('::')).toEqual(Array(16).fill(0));
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(ipv6Bytes('1::2::3')).toBeNull();
    expect(ipv6Bytes('1:2:3')).toBeNull();
    expect(ipv6Bytes('12345::')).toBeNull();
  });
});
