import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openMediaLink, type MediaLinkDeps } from '../../use-cases/verifications/media-links.js';

/** Serves one stored image to whoever holds a link signed by GET /v1/verifications/{id}/media, until it expires. */
export const mediaRoutes: FastifyPluginAsync<{ deps: MediaLinkDeps }> = async (instance, { deps }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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
      const media = await openMediaLink(deps, {
        mediaId: request.params.media_id,
        expires: Number(request.query.expires),
        signature: request.query.signature,
      });
      return reply
        .header('content-type', media.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(media.bytes);
    },
  );
};
