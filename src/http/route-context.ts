import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Container } from '../container.js';
import type { createApiKeyAuth } from './auth.js';

/** The Fastify instance the service builds, with zod types on every route. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Logger,
  ZodTypeProvider
>;

/** What every route plugin is given: the container's ports and use-case dependencies, and the auth hook. */
export type RouteContext = {
  container: Container;
  requireScope: ReturnType<typeof createApiKeyAuth>;
};
