import type { FastifyRequest } from 'fastify';

/**
 * The client address, honouring X-Forwarded-For only as far as TRUST_PROXY_HOPS trusted proxies
 * append to it: the entry that many hops from the right. Entries further left are client-supplied
 * and could be forged, so they are never used.
 */
export function clientIp(request: FastifyRequest, trustProxyHops: number): string {
  const socketIp = request.socket.remoteAddress ?? 'unknown';
  if (trustProxyHops === 0) return socketIp;
  const header = request.headers['x-forwarded-for'];
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return socketIp;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const candidate = entries[entries.length - trustProxyHops] ?? entries[0];
  return candidate && candidate.length <= 64 ? candidate : socketIp;
}
