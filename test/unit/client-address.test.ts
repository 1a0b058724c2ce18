import { describe, expect, it } from 'vitest';
import { clientAddressBucket } from '../../src/core/client-address.js';

describe('the unit per-address limits count by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2::5.6.7.8', '2001:db8:1:2::/64'],
  ])('%s → %s', (address, bucket) => {
    expect(clientAddressBucket(address)).toBe(bucket);
  });

  it('puts every address of one /64 in one bucket, and the next /64 in another', () => {
    const a = clientAddressBucket('2001:db8:aa:bb:1::1');
    expect(clientAddressBucket('2001:db8:aa:bb:ffff:ffff:ffff:fffe')).toBe(a);
    expect(clientAddressBucket('2001:db8:aa:bc::1')).not.toBe(a);
  });
});
