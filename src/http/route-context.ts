import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { createApiKeyAuth } from './auth.js';

/** The Fastify instance the service builds, with zod types on every route. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Logger,
  ZodTypeProvider
>;

/** The API-key hook of keyed routes: `requireScope('keys:write')` (auth.ts). */
export type RequireScope = ReturnType<typeof createApiKeyAuth>;
