/**
 * Where a merchant's users may be sent and which pages may host the flow: the origins listed on the
 * merchant's live publishable keys (`allowed_origins`), plus the loopback, which only ever reaches the
 * user's own machine and is where integrations are developed. Anything else would make the hosted
 * flow an open redirect, or let any page receive its progress messages.
 */

export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Null when the text is not an absolute http(s) URL. */
export function webOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function isAllowedReturnTarget(target: string, allowedOrigins: readonly string[]): boolean {
  const origin = webOrigin(target);
  if (origin === null) return false;
  return allowedOrigins.includes(origin) || LOOPBACK_HOSTNAMES.includes(new URL(origin).hostname);
}
