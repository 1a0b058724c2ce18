import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../route-context.js';

/**
 * Prometheus scrape endpoint. It takes no credentials, like most exporters, and names no merchant
 * or end user (labels are routes, statuses, decisions, check names); docs/self-hosting.md tells
 * operators to keep it off the public listener at their proxy.
 */
export const metricsRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (instance, { context }) => {
  const { metrics } = context.container;

  instance.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await metrics.render();
    return reply.header('content-type', metrics.contentType).send(body);
  });
};
