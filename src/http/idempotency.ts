import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../core/idempotency.js';
import { idempotentRequest, type IdempotencyDeps } from '../use-cases/idempotent-request.js';
import type { App } from './route-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A keyed POST that honours `Idempotency-Key` (docs/api.md, Idempotent requests). A route that creates
     * or changes a verification says where its id is (the `:id` of the path, or the `id` of the answer),
     * so that redacting the verification deletes the stored answer with it.
     */
    idempotent?: true | { verification: 'path' | 'answer' };
  }
}

const HEADER = 'idempotency-key';

const idempotencyHeader = z
  .string()
  .optional()
  .describe(
    `Up to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again`,
  );

/** The header in the route's schema, so /openapi.json shows it; other headers pass untouched. */
function withHeaderSchema(schema: RouteOptions['schema']): RouteOptions['schema'] {
  const existing = schema?.headers;
  const headers =
    existing instanceof z.ZodObject
      ? existing.extend({ [HEADER]: idempotencyHeader })
      : z.looseObject({ [HEADER]: idempotencyHeader });
  return { ...schema, headers };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Wraps the handler of every route marked `config: { idempotent: true }` that is registered after this
 * hook: with an Idempotency-Key header, the handler runs inside `idempotentRequest` (one transaction with
 * the key's record) and its answer is held until that commits; without one, it runs as it is.
 */
export function honourIdempotencyKeys(app: App, deps: IdempotencyDeps): void {
  app.addHook('onRoute', (route) => {
    const idempotent = route.config?.idempotent;
    if (!idempotent) return;
    const verificationOf = (request: FastifyRequest, response: { body: unknown }): string | null => {
      if (idempotent === true) return null;
      const source = idempotent.verification === 'path' ? request.params : response.body;
      const id = (source as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? id : null;
    };
    const original = route.handler as (
      this: unknown,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>;
    route.schema = withHeaderSchema(route.schema);
    route.handler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const idempotencyKey = single(request.headers[HEADER]);
      if (idempotencyKey === undefined || !request.apiKey) return original.call(this, request, reply);
      const answer = await idempotentRequest(
        deps,
        {
          apiKeyId: request.apiKey.credentialId,
          apiKeySecret: single(request.headers['x-api-key']) ?? '',
          idempotencyKey,
          method: request.method,
          url: request.url,
          body: request.body,
          verificationOf: (response) => verificationOf(request, response),
        },
        async () => {
          // The handler's answer is captured, not sent, until its transaction has committed. A reply is
          // a thenable that settles once sent, so while held it must not look like one: the handler's
          // promise resolves to the reply itself.
          let sent: { payload: unknown } | undefined;
          const held = reply as unknown as Record<'send' | 'then', unknown>;
          held.send = (payload?: unknown) => {
            sent = { payload };
            return reply;
          };
          held.then = undefined;
          try {
            const returned = await original.call(this, request, reply);
            return { statusCode: reply.statusCode, body: sent ? sent.payload : returned };
          } finally {
            delete held.send;
            delete held.then;
          }
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    } as RouteHandlerMethod;
  });
}
