/**
 * The console routes anyone may call (signing in, single sign-on, accepting an invitation) each write
 * a row, and single sign-on may reach out to a provider: they are counted per client address (an IPv6
 * client by its /64) in one rolling window shared by every instance, and refused with 429 and
 * Retry-After past it. Counted before the body is read. A failing limiter lets the call through: its
 * outage must not lock every member out of the console.
 */
import { clientAddressBucket } from '../../core/client-address.js';
import type { Metrics } from '../../ports/metrics.js';
import type { RateLimiter, WindowRule } from '../../ports/rate-limiter.js';

/** The window; the limit is CONSOLE_ANONYMOUS_LIMIT (120 by default: an office behind one address). */
export const ANONYMOUS_CONSOLE_WINDOW_SECONDS = 600;

export async function takeAnonymousConsoleCall(
  deps: {
    /** 0: no limit. */
    limit: number;
    rateLimiter: RateLimiter;
    metrics: Pick<Metrics, 'rateLimited'>;
    onLimiterError(error: unknown): void;
  },
  clientAddress: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (deps.limit === 0) return { allowed: true, retryAfterSeconds: 0 };
  const rule: WindowRule = { windowSeconds: ANONYMOUS_CONSOLE_WINDOW_SECONDS, max: deps.limit };
  try {
    const decision = await deps.rateLimiter.consume(
      `console:anonymous:${clientAddressBucket(clientAddress)}`,
      rule,
    );
    if (!decision.allowed) deps.metrics.rateLimited('console_anonymous');
    return { allowed: decision.allowed, retryAfterSeconds: decision.retryAfterSeconds };
  } catch (error) {
    deps.onLimiterError(error);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
