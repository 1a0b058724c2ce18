import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectSignals, type SignalDeps } from '../../use-cases/collect-signals.js';
import { errorSchema } from '../schemas.js';

/**
 * 64 KB. Fastify enforces it while reading: a Content-Length above it is refused
 * before any byte is read, and a chunked body is cut off at the first chunk that crosses it (the
 * connection is then closed), so an oversized body is never buffered.
 */
export const SIGNALS_BODY_LIMIT_BYTES = 64 * 1024;

const collectBody = z.object({
  client_token: z.string().max(512).nullish(),
  components: z.record(z.string(), z.unknown()),
});

const collectAnswer = z.object({
  accepted: z.number().int().describe('Component keys stored (at most 50)'),
  dropped_keys: z.number().int().describe('Component keys beyond the first 50, not stored'),
  truncated_values: z.number().int().describe('Values cut to 500 characters'),
  linked: z.boolean().describe('Whether a valid client token linked the signals to its verification'),
  stored: z
    .boolean()
    .describe(
      'False when a storage cap was reached (batches per verification, or unlinked batches per address and hour): answered, not kept',
    ),
});

export const signalRoutes: FastifyPluginAsync<{ deps: SignalDeps }> = async (instance, { deps }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/v1/signals/collect',
    {
      bodyLimit: SIGNALS_BODY_LIMIT_BYTES,
      schema: {
        tags: ['signals'],
        summary: 'Collect device signals (no credentials; body at most 64 KB; no rate cap)',
        description:
          'Stores up to 50 components, each value stringified and cut to 500 characters. A valid `client_token` links them to its verification; an invalid or expired one is not an error: the signals are stored unlinked (`linked: false`). Requests are never refused for their rate; storage is capped per verification and, for unlinked batches, per client address and hour (`stored: false` beyond).',
        body: collectBody,
        response: { 200: collectAnswer, 413: errorSchema },
      },
    },
    async (request) =>
      collectSignals(deps, {
        clientToken: request.body.client_token,
        components: request.body.components,
        clientAddress: request.ip,
      }),
  );
};
