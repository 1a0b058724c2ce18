import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import type { FailingDeliveries, WebhookEndpoint } from '../../ports/webhooks.js';
import {
  listEndpointDeliveries,
  listWebhookEndpointsWithFailures,
  redeliverEvents,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  retryWebhookDelivery,
  type WebhookEndpointDeps,
} from '../../use-cases/accounts/webhook-endpoints.js';
import type { RequireMember } from '../member-session.js';
import { errorSchema, guardErrors, validationErrorSchema } from '../schemas.js';
import { parseId } from '../validation.js';
import {
  deliveryPageQuery,
  deliveryPageSchema,
  deliverySchema,
  endpointSchema,
  presentRedelivery,
  redeliverAnswerSchema,
  redeliverBodySchema,
  redeliveryFilter,
  toDeliveryPage,
  toPublicDelivery,
  toPublicEndpoint,
  webhookCreateBody,
} from './webhooks.js';

const security = [{ consoleSession: [] }];

const accountEndpointSchema = endpointSchema.extend({
  mode: z.enum(['live', 'test']),
  created_at: z.string(),
});

const present = (endpoint: WebhookEndpoint) => ({
  ...toPublicEndpoint(endpoint),
  mode: endpoint.mode,
  created_at: isoWithoutZone(endpoint.created_at)!,
});

/** A listed endpoint also says how many deliveries failed since its last delivered one, and since when. */
const listedEndpointSchema = accountEndpointSchema.extend({
  failing: z.object({ deliveries: z.number().int(), since: z.string() }).nullable(),
});

const presentListed = (row: { endpoint: WebhookEndpoint; failing: FailingDeliveries | null }) => ({
  ...present(row.endpoint),
  failing: row.failing && {
    deliveries: row.failing.count,
    since: isoWithoutZone(row.failing.since)!,
  },
});

/**
 * The account's webhook endpoints in the console (admin): they receive the events of every
 * verification of the account. The answers have the shapes of the API's webhook routes, with the
 * endpoint's mode and creation time added.
 */
export const consoleWebhookRoutes: FastifyPluginAsync<{
  deps: Omit<WebhookEndpointDeps, 'logRefusal'>;
  allowInsecure: boolean;
  requireMember: RequireMember;
}> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { requireMember } = options;
  const deps: WebhookEndpointDeps = {
    ...options.deps,
    logRefusal: (refusal) => instance.log.info({ refusal }, 'webhook url refused'),
  };
  const endpointParams = z.object({ endpoint_id: z.string() });

  app.get(
    '/v1/console/webhooks',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "The account's active webhook endpoints (admin), each with the deliveries that failed since its last delivered one (`failing`, null when none)",
        security,
        response: { 200: z.array(listedEndpointSchema), ...guardErrors },
      },
    },
    async (request) => (await listWebhookEndpointsWithFailures(deps, request.actor!)).map(presentListed),
  );

  app.post(
    '/v1/console/webhooks/:endpoint_id/redeliver',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Send an account endpoint the events of a time range again (admin; default: all kept, the last 30 days); delivered ones are not sent twice',
        security,
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

  app.post(
    '/v1/console/webhooks',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Register an account webhook endpoint (admin): it receives the events of every verification of the account of its mode; the signing secret is returned once',
        security,
        body: webhookCreateBody(options.allowInsecure).extend({
          mode: z.enum(['live', 'test']).default('live'),
        }),
        response: {
          201: accountEndpointSchema.extend({ secret: z.string() }),
          ...guardErrors,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await registerWebhookEndpoint(deps, request.actor!, request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ ...present(endpoint), secret });
    },
  );

  app.delete(
    '/v1/console/webhooks/:endpoint_id',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Disable an account webhook endpoint (admin): deliveries stop and pending ones are cancelled',
        security,
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
    '/v1/console/webhooks/:endpoint_id/deliveries',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "An account endpoint's recent deliveries with every attempt, newest first (admin); page with starting_after=<next_cursor>",
        security,
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
    '/v1/console/webhooks/deliveries/:delivery_id/retry',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: 'Send a delivery of an account endpoint again, with a fresh run of attempts (admin)',
        security,
        params: z.object({ delivery_id: z.string() }),
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
};
