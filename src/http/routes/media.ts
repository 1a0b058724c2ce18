import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/errors.js';
import { verifyLink } from '../../core/signing.js';
import type { RouteContext } from '../route-context.js';

/** Serves one stored image to whoever holds a link signed by GET /v1/verifications/{id}/media, until it expires. */
export const mediaRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (instance, { context }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { container } = context;

  app.get(
    '/v1/media/:media_id',
    {
      schema: {
        tags: ['verifications'],
        summary: 'Fetch a stored image through a presigned link (no credentials; link expires after 3600 s)',
        params: z.object({ media_id: z.string().max(64) }),
        querystring: z.object({
          expires: z.string().max(16).optional(),
          signature: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { media_id } = request.params;
      const expires = Number(request.query.expires);
      const nowSeconds = Math.floor(container.clock.now().getTime() / 1000);
      if (
        !request.query.signature ||
        !verifyLink(container.mediaSigningKey, media_id, expires, request.query.signature, nowSeconds)
      ) {
        throw new ApiError('media_link_invalid');
      }
      const media = await container.stores.media.byId(media_id);
      if (!media) throw new ApiError('media_link_invalid');
      return reply
        .header('content-type', media.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(media.bytes);
    },
  );
};
