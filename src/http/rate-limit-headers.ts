import type { FastifyReply } from 'fastify';
import type { RateLimitBudget } from '../core/errors.js';

/** A rate limit's budget as response headers: on every counted answer, and on the 429 that spends it. */
export function rateLimitHeaders(reply: FastifyReply, budget: RateLimitBudget): void {
  reply.header('x-ratelimit-limit', String(budget.limit));
  reply.header('x-ratelimit-remaining', String(budget.remaining));
}
