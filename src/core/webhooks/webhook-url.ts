/** Long enough for any real receiver URL, short enough to keep rows and logs small. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Plain http is what a developer tries first against a local receiver, so the refusal names the way. */
export const PLAIN_HTTP_REFUSED =
  'url must use https (plain http, for a receiver in local development, needs WEBHOOK_ALLOW_INSECURE=1 on the service)';

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * The syntactic rules of an endpoint URL (HTTPS). `allowInsecure` (WEBHOOK_ALLOW_INSECURE,
 * tests and local development) also admits http. Where the host points is the SSRF guard's job.
 */
export function checkWebhookUrlSyntax(raw: string, options: { allowInsecure: boolean }): WebhookUrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'url must be an absolute URL' };
  }
  const allowed = options.allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    if (options.allowInsecure) return { ok: false, message: 'url must use https or http' };
    return { ok: false, message: url.protocol === 'http:' ? PLAIN_HTTP_REFUSED : 'url must use https' };
  }
  if (url.username || url.password) return { ok: false, message: 'url must not contain credentials' };
  if (!url.hostname) return { ok: false, message: 'url must name a host' };
  return { ok: true, url };
}
