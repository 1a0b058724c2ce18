import { noStore } from '../security-headers.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import {
  isKnownEventType,
  subscriptionProblems,
  WEBHOOK_EVENT_TYPES,
} from '../../core/webhooks/event-catalogue.js';
import { checkWebhookUrlSyntax, MAX_WEBHOOK_URL_LENGTH } from '../../core/webhooks/webhook-url.js';
import {
  listEndpointDeliveries,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  redeliverEvents,
  retryWebhookDelivery,
  type WebhookEndpointDeps,
} from '../../use-cases/accounts/webhook-endpoints.js';
import type { DeliveryWithAttempts, WebhookEndpoint } from '../../ports/webhooks.js';
import type { RequireScope } from '../route-context.js';
import { errorSchema, guardErrors, validationErrorSchema } from '../schemas.js';
import { ID_PATTERN, parseId } from '../validation.js';

export const endpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
});

const attemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});

export const deliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  event: z.string(),
  verification_id: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed', 'cancelled']),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  attempts: z.array(attemptSchema),
});

const timestamp = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 timestamp')
  .transform((value) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`));

/** Which kept events an endpoint is sent again: a time range, some types only when given. */
export const redeliverBodySchema = z
  .object({
    created_after: timestamp.optional().describe('Inclusive; UTC when no zone is given'),
    created_before: timestamp.optional().describe('Exclusive; UTC when no zone is given'),
    types: z
      .array(
        z
          .string()
          .max(100)
          .refine(isKnownEventType, `must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`),
      )
      .min(1)
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional(),
  })
  .default({});

export const redeliverAnswerSchema = z.object({
  redelivered: z.number().int(),
  from: z.string(),
  to: z.string(),
});

export function redeliveryFilter(body: z.output<typeof redeliverBodySchema>) {
  return {
    ...(body.created_after ? { from: body.created_after } : {}),
    ...(body.created_before ? { to: body.created_before } : {}),
    ...(body.types ? { types: body.types } : {}),
  };
}

export function presentRedelivery(result: { redelivered: number; from: Date; to: Date }) {
  return {
    redelivered: result.redelivered,
    from: isoWithoutZone(result.from)!,
    to: isoWithoutZone(result.to)!,
  };
}

export function toPublicEndpoint(row: WebhookEndpoint): z.infer<typeof endpointSchema> {
  return { id: row.id, url: row.url, events: row.events, active: row.active };
}

/** One page of an endpoint's deliveries, newest first; the cursor is the last delivery's id. */
export function toDeliveryPage(page: { items: DeliveryWithAttempts[]; hasMore: boolean }) {
  const last = page.items[page.items.length - 1];
  return {
    data: page.items.map(toPublicDelivery),
    has_more: page.hasMore,
    next_cursor: page.hasMore && last ? String(last.id) : null,
  };
}

export function toPublicDelivery(row: DeliveryWithAttempts): z.infer<typeof deliverySchema> {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event: row.event_type,
    verification_id: row.verification_id,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? isoWithoutZone(row.next_attempt_at) : null,
    created_at: isoWithoutZone(row.created_at)!,
    completed_at: isoWithoutZone(row.completed_at),
    attempts: row.attempt_log.map((a) => ({
      attempt: a.attempt,
      attempted_at: isoWithoutZone(a.attempted_at)!,
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      error: a.error,
      response_excerpt: a.response_excerpt,
    })),
  };
}

/** A page of an endpoint's deliveries asked for: its size and the cursor of the page before. */
export const deliveryPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  starting_after: z.string().regex(ID_PATTERN, 'must be the next_cursor of a previous page').optional(),
});

export const deliveryPageSchema = z.object({
  data: z.array(deliverySchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

/** The body of an endpoint registration: the URL rules (SSRF's syntax part) and a valid subscription. */
export function webhookCreateBody(allowInsecure: boolean) {
  return z.object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(MAX_WEBHOOK_URL_LENGTH)
      .superRefine((value, ctx) => {
        const check = checkWebhookUrlSyntax(value, { allowInsecure });
        if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
      }),
    events: z
      .array(z.string().max(100))
      .max(WEBHOOK_EVENT_TYPES.length + 1)
      .superRefine((events, ctx) => {
        for (const problem of subscriptionProblems(events)) {
          ctx.addIssue({
            code: 'custom',
            message: problem.message,
            path: problem.index === null ? [] : [problem.index],
          });
        }
      }),
  });
}

export const webhookRoutes: FastifyPluginAsync<{
  deps: Omit<WebhookEndpointDeps, 'logRefusal'>;
  /** WEBHOOK_ALLOW_INSECURE: http:// endpoint URLs are accepted. */
  allowInsecure: boolean;
  requireScope: RequireScope;
}> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { requireScope, allowInsecure } = options;
  const deps: WebhookEndpointDeps = {
    ...options.deps,
    logRefusal: (refusal) => instance.log.info({ refusal }, 'webhook url refused'),
  };

  const createBody = webhookCreateBody(allowInsecure);

  const endpointParams = z.object({ endpoint_id: z.string() });
  const deliveryParams = z.object({ delivery_id: z.string() });
  app.post(
    '/v1/webhooks',
    {
      config: { idempotent: true },
      onRequest: [requireScope('webhooks:write'), noStore],
      schema: {
        tags: ['webhooks'],
        summary: 'Register a webhook endpoint (its signing secret is returned once)',
        security: [{ apiKey: [] }],
        body: createBody,
        response: {
          201: endpointSchema.extend({ secret: z.string() }),
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await registerWebhookEndpoint(deps, request.actor!, request.body);
      return reply.status(201).send({ ...toPublicEndpoint(endpoint), secret });
    },
  );

  app.get(
    '/v1/webhooks',
    {
      onRequest: requireScope('webhooks:read'),
      schema: {
        tags: ['webhooks'],
        summary: "List the calling key's active webhook endpoints",
        security: [{ apiKey: [] }],
        response: { 200: z.array(endpointSchema), ...guardErrors },
      },
    },
    async (request) => (await listWebhookEndpoints(deps, request.actor!)).map(toPublicEndpoint),
  );

  app.delete(
    '/v1/webhooks/:endpoint_id',
    {
      onRequest: requireScope('webhooks:write'),
      schema: {
        tags: ['webhooks'],
        summary: 'Delete (deactivate) an endpoint: deliveries stop and pending ones are cancelled',
        security: [{ apiKey: [] }],
        params: endpointParams,
        response: { 204: z.null(), ...guardErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await removeWebhookEndpoint(
        deps,
        request.actor!,
        parseId(request.params.endpoint_id, 'webhook_not_found'),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/webhooks/:endpoint_id/deliveries',
    {
      onRequest: requireScope('webhooks:read'),
      schema: {
        tags: ['webhooks'],
        summary:
          "An endpoint's deliveries with every attempt, newest first; page with starting_after=<next_cursor>",
        security: [{ apiKey: [] }],
        params: endpointParams,
        querystring: deliveryPageQuery,
        response: {
          200: deliveryPageSchema,
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { limit, starting_after } = request.query;
      const page = await listEndpointDeliveries(
        deps,
        request.actor!,
        parseId(request.params.endpoint_id, 'webhook_not_found'),
        { limit, beforeId: starting_after === undefined ? null : Number(starting_after) },
      );
      return toDeliveryPage(page);
    },
  );

  app.post(
    '/v1/webhooks/deliveries/:delivery_id/retry',
    {
      config: { idempotent: true },
      onRequest: requireScope('webhooks:write'),
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again, with a fresh run of attempts',
        security: [{ apiKey: [] }],
        params: deliveryParams,
        response: { 202: deliverySchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const delivery = await retryWebhookDelivery(
        deps,
        request.actor!,
        parseId(request.params.delivery_id, 'delivery_not_found'),
      );
      return reply.status(202).send(toPublicDelivery(delivery));
    },
  );

  app.post(
    '/v1/webhooks/:endpoint_id/redeliver',
    {
      config: { idempotent: true },
      onRequest: requireScope('webhooks:write'),
      schema: {
        tags: ['webhooks'],
        summary:
          'Send the endpoint the events of a time range again (default: all kept, the last 30 days); delivered ones are not sent twice',
        security: [{ apiKey: [] }],
        params: endpointParams,
        body: redeliverBodySchema,
        response: {
          202: redeliverAnswerSchema,
          ...guardErrors,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await redeliverEvents(
        deps,
        request.actor!,
        parseId(request.params.endpoint_id, 'webhook_not_found'),
        redeliveryFilter(request.body),
      );
      return reply.status(202).send(presentRedelivery(result));
    },
  );
};
