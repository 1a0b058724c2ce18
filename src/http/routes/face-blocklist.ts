import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_SCOPE } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import { requireDecodedImage } from '../../core/verifications/uploads.js';
import {
  addBlocklistedFace,
  listBlocklistedFaces,
  removeBlocklistedFace,
  type FaceBlocklistDeps,
} from '../../use-cases/accounts/face-blocklist.js';
import type { RequireScope } from '../route-context.js';
import { SESSION_UPLOAD_LIMIT_BYTES } from './session.js';
import { errorSchema, guardErrors } from '../schemas.js';
import { parseId } from '../validation.js';

const entrySchema = z.object({ id: z.number(), label: z.string(), created_at: z.string() });

/** The operator's face blocklist (use-cases/accounts/face-blocklist.ts); `operator` scope only. */
export const faceBlocklistRoutes: FastifyPluginAsync<{
  deps: FaceBlocklistDeps;
  requireScope: RequireScope;
}> = async (instance, { deps, requireScope }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/faces/blocklist',
    {
      onRequest: requireScope(OPERATOR_SCOPE),
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      // An operator's rare action: its face work runs inside the idempotency transaction.
      config: { idempotent: true },
      schema: {
        tags: ['faces'],
        summary: 'Add a known fraudulent face (only its template is stored)',
        security: [{ apiKey: [] }],
        body: z.object({
          label: z.string().trim().min(1).max(200),
          image_b64: z.string().max(SESSION_UPLOAD_LIMIT_BYTES),
        }),
        response: { 201: entrySchema, ...guardErrors, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const image = requireDecodedImage(request.body.image_b64);
      const row = await addBlocklistedFace(deps, request.apiKey!, {
        label: request.body.label,
        image: image.bytes,
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
        response: { 200: z.array(entrySchema), ...guardErrors },
      },
    },
    async () =>
      (await listBlocklistedFaces(deps)).map((r) => ({
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
        response: { 204: z.null(), ...guardErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await removeBlocklistedFace(deps, parseId(request.params.entry_id, 'blocklist_entry_not_found'));
      return reply.status(204).send(null);
    },
  );
};
