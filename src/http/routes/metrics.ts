import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../core/errors.js';
import { hasOperationsToken } from '../operations-token.js';
import type { Metrics } from '../../ports/metrics.js';

/**
 * Prometheus scrape endpoint, behind `Authorization: Bearer <METRICS_TOKEN>`: its counters are the
 * business's volume. Without the token, or with METRICS_TOKEN unset, it answers the same 404 as an
 * unknown path, so the public listener does not even show that it exists.
 */
export const metricsRoutes: FastifyPluginAsync<{
  metrics: Metrics;
  operationsToken: string | undefined;
}> = async (instance, { metrics, operationsToken: token }) => {
  instance.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!hasOperationsToken(request, token)) throw new ApiError('not_found');
    const body = await metrics.render();
    return reply.header('content-type', metrics.contentType).send(body);
  });
};
