import type { FastifyInstance } from 'fastify';
import { ApiError } from '../core/errors.js';

/**
 * Deepest nesting of arrays and objects a JSON body may have. No route's schema goes past 4 levels;
 * 32 leaves room for device-signal components sent as nested objects, and stops the 5,000-deep bodies
 * that made recursive code downstream (zod, JSON.stringify for jsonb) fail with a 500.
 */
export const MAX_JSON_DEPTH = 32;

/** Iterative, so a hostile body cannot exhaust the stack here either; stops at the first too-deep value. */
export function exceedsJsonDepth(root: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(value)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * JSON is the only body type: Fastify's own parser (which refuses `__proto__` keys) followed by the
 * depth bound. The plain-text parser Fastify adds by default is removed, so any other content type
 * gets 415 in the error envelope instead of reaching a route as a string.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (exceedsJsonDepth(value, MAX_JSON_DEPTH)) {
        return done(new ApiError('json_too_deep', { max: MAX_JSON_DEPTH }), undefined);
      }
      done(null, value);
    });
  });
}
