import net from 'node:net';

type Rule = { label: string; v4?: Array<[string, number]>; v6?: Array<[string, number]> };

/**
 * Addresses a webhook may never reach: anything that is not the public internet. Cloud metadata
 * endpoints come first so the refusal names them. Sources: RFC 6890 special-purpose registries,
 * RFC 6598 (CGNAT), RFC 4193 (ULA), AWS IMDS over IPv6 (fd00:ec2::254).
 */
const RULES: Rule[] = [
  {
    label: 'cloud metadata',
    v4: [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
    ],
    v6: [['fd00:ec2::254', 128]],
  },
  {
    label: 'unspecified',
    v4: [['0.0.0.0', 8]],
    v6: [['::', 128]],
  },
  { label: 'loopback', v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  {
    label: 'private',
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  },
  { label: 'shared (CGNAT)', v4: [['100.64.0.0', 10]] },
  { label: 'unique local', v6: [['fc00::', 7]] },
  {
    label: 'link-local',
    v4: [['169.254.0.0', 16]],
    v6: [
      ['fe80::', 10],
      ['fec0::', 10],
    ],
  },
  { label: 'multicast', v4: [['224.0.0.0', 4]], v6: [['ff00::', 8]] },
  {
    label: 'reserved',
    v4: [
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['192.88.99.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['240.0.0.0', 4],
    ],
    v6: [
      ['::', 96],
      ['100::', 64],
      ['2001::', 32],
      ['2001:db8::', 32],
      ['64:ff9b:1::', 48],
    ],
  },
];

const compiled = RULES.map((rule) => {
  const list = new net.BlockList();
  for (const [network, prefix] of rule.v4 ?? []) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of rule.v6 ?? []) list.addSubnet(network, prefix, 'ipv6');
  return { label: rule.label, list };
});

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** 16 bytes of an IPv6 address (zone id dropped), or null when it does not parse. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  let tail: number[] = [];
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    const v4 = ipv4Bytes(text.slice(cut + 1));
    if (!v4) return null;
    tail = v4;
    text = text.slice(0, cut + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const wanted = tail.length ? 6 : 8;
  const fill = halves.length === 2 ? wanted - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== wanted)) return null;
  const hextets = [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (!hextets.every((h) => /^[0-9a-f]{1,4}$/i.test(h))) return null;
  const bytes = hextets.flatMap((h) => {
    const value = parseInt(h, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}

/**
 * IPv4 addresses carried inside IPv6 ones are judged as what they really reach: mapped (::ffff:0:0/96),
 * SIIT-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96) and 6to4.
 */
function embeddedIpv4(bytes: number[]): string | null {
  const prefix = (values: number[]) => values.every((v, i) => bytes[i] === v);
  if (
    prefix([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) ||
    prefix([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0]) ||
    // :: and ::1 keep their IPv6 meaning (unspecified, loopback).
    (prefix([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) && bytes[12] !== 0) ||
    prefix([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
  ) {
    return bytes.slice(12, 16).join('.');
  }
  if (prefix([0x20, 0x02])) return bytes.slice(2, 6).join('.');
  return null;
}

/**
 * Why `address` (an IP literal) must not be a webhook target, or null when it is a public address.
 * Anything that does not parse as an IP is refused too.
 */
export function forbiddenAddressReason(address: string): string | null {
  const family = net.isIP(address.split('%')[0] ?? '');
  if (family === 4) {
    for (const rule of compiled) if (rule.list.check(address, 'ipv4')) return rule.label;
    return null;
  }
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    if (!bytes) return 'not an IP address';
    const inner = embeddedIpv4(bytes);
    if (inner) return forbiddenAddressReason(inner);
    const plain = address.split('%')[0]!;
    for (const rule of compiled) if (rule.list.check(plain, 'ipv6')) return rule.label;
    return null;
  }
  return 'not an IP address';
}
