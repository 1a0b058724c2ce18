/**
 * The unit per-address limits count by: an IPv4 address as it is, an IPv6 address by its /64. One
 * IPv6 subscriber is handed a whole /64 (or more) and may pick any of its 2^64 addresses, so counting
 * per /128 would let one client rotate past every cap; a /64 is what one home or device gets, as one
 * IPv4 address behind NAT is. IPv4-mapped IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports IPv4
 * peers) counts as the IPv4 address.
 */
export function clientAddressBucket(address: string): string {
  const plain = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const tailWidth = tailGroups.reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailWidth);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
