import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasOperationsToken } from '../operations-token.js';
import type { ReadinessReport } from '../../readiness.js';

export const componentSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  detail: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsync<{
  readiness: () => Promise<ReadinessReport>;
  /** METRICS_TOKEN: it unlocks the components' details. */
  operationsToken: string | undefined;
}> = async (instance, { readiness, operationsToken }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: database reachable and migrations applied; the components, with Authorization: Bearer <METRICS_TOKEN>',
        response: {
          200: z.object({
            status: z.enum(['ready', 'degraded']),
            components: z.record(z.string(), componentSchema).optional(),
          }),
          503: z.object({
            status: z.literal('not_ready'),
            components: z.record(z.string(), componentSchema).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const report = await readiness();
      // The components name the engine, the decoder build and what is degraded: an attacker's map of
      // what to try. Load balancers need only the status.
      const body = hasOperationsToken(request, operationsToken) ? report : { status: report.status };
      if (report.status === 'not_ready')
        return reply.status(503).send({ ...body, status: 'not_ready' as const });
      return reply.status(200).send({ ...body, status: report.status });
    },
  );
};
