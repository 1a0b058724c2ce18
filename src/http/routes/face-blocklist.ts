import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_SCOPE } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import { requireDecodedImage } from '../../core/verifications/uploads.js';
import type { RouteContext } from '../route-context.js';
import { SESSION_UPLOAD_LIMIT_BYTES } from './session.js';

const errorSchema = z.object({ detail: z.string() });
const entrySchema = z.object({ id: z.number(), label: z.string(), created_at: z.string() });

/**
 * The operator's list of known fraudulent faces. It holds for every merchant of the deployment, so it
 * takes the `operator` scope, which `*` does not include (docs/security.md). Only the face template is
 * kept: the image is decoded, described and dropped. A listed face makes later verifications
 * `face_seen_before`.
 */
export const faceBlocklistRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { container, requireScope } = context;
  const store = container.stores.faces;

  app.post(
    '/v1/faces/blocklist',
    {
      onRequest: requireScope(OPERATOR_SCOPE),
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['faces'],
        summary: 'Add a known fraudulent face (only its template is stored)',
        security: [{ apiKey: [] }],
        body: z.object({
          label: z.string().trim().min(1).max(200),
          image_b64: z.string().max(SESSION_UPLOAD_LIMIT_BYTES),
        }),
        response: { 201: entrySchema, 401: errorSchema, 403: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const image = requireDecodedImage(request.body.image_b64);
      const template = await container.heavyWork.image.run(() => container.faceTemplate(image.bytes));
      if (template.status === 'unavailable') throw new ApiError('face_search_unavailable');
      if (template.status === 'no_single_face') throw new ApiError('no_face_in_template');
      const row = await store.addListed({
        label: request.body.label,
        embedding: template.template,
        createdBy: request.apiKey!.id,
        at: container.clock.now(),
      });
      return reply
        .status(201)
        .send({ id: row.id, label: row.label, created_at: isoWithoutZone(row.created_at)! });
    },
  );

  app.get(
    '/v1/faces/blocklist',
    {
      onRequest: requireScope(OPERATOR_SCOPE),
      schema: {
        tags: ['faces'],
        summary: 'List the blocklisted faces (labels only)',
        security: [{ apiKey: [] }],
        response: { 200: z.array(entrySchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () =>
      (await store.listListed()).map((r) => ({
        id: r.id,
        label: r.label,
        created_at: isoWithoutZone(r.created_at)!,
      })),
  );

  app.delete(
    '/v1/faces/blocklist/:entry_id',
    {
      onRequest: requireScope(OPERATOR_SCOPE),
      schema: {
        tags: ['faces'],
        summary: 'Remove a blocklisted face',
        security: [{ apiKey: [] }],
        params: z.object({ entry_id: z.string() }),
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const id = /^[1-9][0-9]{0,15}$/.test(request.params.entry_id) ? Number(request.params.entry_id) : NaN;
      if (!Number.isSafeInteger(id) || !(await store.removeListed(id, container.clock.now())))
        throw new ApiError('blocklist_entry_not_found');
      return reply.status(204).send(null);
    },
  );
};
