import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../route-context.js';

const componentSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  detail: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (instance, { context }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { container } = context;

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
          'Readiness: database reachable, migrations applied, and which optional components are degraded',
        response: {
          200: z.object({
            status: z.enum(['ready', 'degraded']),
            components: z.record(z.string(), componentSchema),
          }),
          503: z.object({
            status: z.literal('not_ready'),
            components: z.record(z.string(), componentSchema),
          }),
        },
      },
    },
    async (_request, reply) => {
      const report = await container.readiness();
      if (report.status === 'not_ready')
        return reply.status(503).send({ ...report, status: 'not_ready' as const });
      return reply.status(200).send({ ...report, status: report.status });
    },
  );
};
