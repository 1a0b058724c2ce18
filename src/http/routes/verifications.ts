import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashSecret } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import { generateOpaqueToken, signLink } from '../../core/signing.js';
import { addSeconds, isoWithoutZone } from '../../core/time.js';
import {
  CLIENT_TOKEN_TTL_SECONDS,
  isExpired,
  MEDIA_URL_TTL_SECONDS,
  VERIFICATION_STATUSES,
  VERIFICATION_TTL_SECONDS,
} from '../../core/verifications/status.js';
import type { VerificationDetail, VerificationRow } from '../../adapters/db/verification-store.js';
import type { Container } from '../../container.js';
import type { RouteContext } from '../app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CLIENT_TOKEN_PREFIX = 'ct_';

const errorSchema = z.object({ detail: z.string() });

const verificationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  decision: z.enum(['approve', 'review', 'decline']).nullable(),
  score: z.number().nullable(),
  decision_reasons: z.array(z.string()),
  external_ref: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});

const verificationDetailSchema = verificationSummarySchema.extend({
  checks: z.record(z.string(), z.unknown()),
  doc_checks: z.record(z.string(), z.unknown()),
  audit_log: z.array(
    z.object({
      at: z.string(),
      actor: z.string(),
      event: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

const createBody = z.object({
  external_ref: z.string().trim().min(1).max(255),
  metadata: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((m) => Object.keys(m).length <= 50, 'at most 50 metadata keys')
    .optional(),
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  starting_after: z.string().regex(UUID, 'must be a verification id').optional(),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  external_ref: z.string().max(255).optional(),
});

export function toSummary(row: VerificationRow): z.infer<typeof verificationSummarySchema> {
  return {
    id: row.id,
    status: row.status as z.infer<typeof verificationSummarySchema>['status'],
    decision: row.decision as z.infer<typeof verificationSummarySchema>['decision'],
    score: row.score,
    decision_reasons: row.decision_reasons,
    external_ref: row.external_ref,
    metadata: row.metadata,
    created_at: isoWithoutZone(row.created_at)!,
    expires_at: isoWithoutZone(row.expires_at)!,
    decided_at: isoWithoutZone(row.decided_at),
  };
}

export function hostedFlowUrl(container: Container, clientToken: string): string {
  return `${container.config.hostedFlowUrl}#token=${encodeURIComponent(clientToken)}`;
}

/** A verification past expires_at becomes expired when read (the sweep catches the rest). */
export async function withExpiry(container: Container, row: VerificationRow): Promise<VerificationRow> {
  const now = container.clock.now();
  if (!isExpired(row.status, row.expires_at, now)) return row;
  await container.stores.verifications.expireDue(now, row.id);
  return (await container.stores.verifications.findById(row.id)) ?? row;
}

export const verificationRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { container, requireScope } = context;
  const store = container.stores.verifications;

  async function ownedVerification(id: string, apiKeyId: number): Promise<VerificationRow> {
    const row = UUID.test(id) ? await store.findOwned(id.toLowerCase(), apiKeyId) : undefined;
    if (!row) throw new ApiError('verification_not_found');
    return withExpiry(container, row);
  }

  async function ownedDetail(id: string, apiKeyId: number): Promise<VerificationDetail> {
    const found = UUID.test(id) ? await store.findOwnedDetail(id.toLowerCase(), apiKeyId) : undefined;
    if (!found) throw new ApiError('verification_not_found');
    const now = container.clock.now();
    if (!isExpired(found.row.status, found.row.expires_at, now)) return found;
    await store.expireDue(now, found.row.id);
    return (await store.findOwnedDetail(found.row.id, apiKeyId)) ?? found;
  }

  app.post(
    '/v1/verifications',
    {
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary: 'Create a verification (not idempotent: reconcile uncertain creates with external_ref)',
        security: [{ apiKey: [] }],
        body: createBody,
        response: {
          201: verificationSummarySchema.extend({
            client_token: z.string(),
            client_token_expires_at: z.string(),
            url: z.string(),
          }),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const now = container.clock.now();
      const clientToken = generateOpaqueToken(CLIENT_TOKEN_PREFIX);
      const tokenExpiresAt = addSeconds(now, CLIENT_TOKEN_TTL_SECONDS);
      const row = await store.create({
        id: crypto.randomUUID(),
        apiKeyId: request.apiKey!.id,
        externalRef: request.body.external_ref,
        metadata: request.body.metadata ?? {},
        createdAt: now,
        expiresAt: addSeconds(now, VERIFICATION_TTL_SECONDS),
        tokenHash: hashSecret(clientToken),
        tokenExpiresAt,
      });
      return reply.status(201).send({
        ...toSummary(row),
        client_token: clientToken,
        client_token_expires_at: isoWithoutZone(tokenExpiresAt)!,
        url: hostedFlowUrl(container, clientToken),
      });
    },
  );

  app.get(
    '/v1/verifications',
    {
      onRequest: requireScope('verifications:read'),
      schema: {
        tags: ['verifications'],
        summary: 'List verifications, newest first; page with starting_after=<next_cursor>',
        security: [{ apiKey: [] }],
        querystring: listQuery,
        response: {
          200: z.object({
            data: z.array(verificationSummarySchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const { limit, starting_after, status, external_ref } = request.query;
      const apiKeyId = request.apiKey!.id;
      await store.expireDue(container.clock.now());
      let startingAfter: { createdAt: Date; id: string } | undefined;
      if (starting_after) {
        const cursor = await store.findOwned(starting_after.toLowerCase(), apiKeyId);
        if (!cursor) throw new ApiError('verification_not_found');
        startingAfter = { createdAt: cursor.created_at, id: cursor.id };
      }
      const rows = await store.list(apiKeyId, {
        limit: limit + 1,
        ...(startingAfter ? { startingAfter } : {}),
        ...(status ? { status } : {}),
        ...(external_ref !== undefined ? { externalRef: external_ref } : {}),
      });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return {
        data: page.map(toSummary),
        has_more: hasMore,
        next_cursor: hasMore ? page[page.length - 1]!.id : null,
      };
    },
  );

  app.get(
    '/v1/verifications/:id',
    {
      onRequest: requireScope('verifications:read'),
      schema: {
        tags: ['verifications'],
        summary: 'A verification with its decision, reasons, checks and audit log',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: { 200: verificationDetailSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { row, audit } = await ownedDetail(request.params.id, request.apiKey!.id);
      return {
        ...toSummary(row),
        checks: row.checks,
        doc_checks: row.doc_checks,
        audit_log: audit.map((a) => ({
          at: isoWithoutZone(a.occurred_at)!,
          actor: a.actor,
          event: a.event,
          detail: a.detail,
        })),
      };
    },
  );

  app.get(
    '/v1/verifications/:id/media',
    {
      onRequest: requireScope('verifications:read'),
      schema: {
        tags: ['verifications'],
        summary: 'Presigned media URLs, valid 3600 s; call again to refresh',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({
            expires_at: z.string(),
            items: z.array(
              z.object({
                kind: z.string(),
                index: z.number(),
                content_type: z.string(),
                bytes: z.number(),
                url: z.string(),
              }),
            ),
          }),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const row = await ownedVerification(request.params.id, request.apiKey!.id);
      const expiresAt = addSeconds(container.clock.now(), MEDIA_URL_TTL_SECONDS);
      const expiresSeconds = Math.floor(expiresAt.getTime() / 1000);
      const media = await store.mediaIndex(row.id);
      return {
        expires_at: isoWithoutZone(expiresAt)!,
        items: media.map((m) => ({
          kind: m.kind,
          index: m.idx,
          content_type: m.content_type,
          bytes: m.byte_size,
          url: `${container.config.publicBaseUrl}/v1/media/${m.id}?expires=${expiresSeconds}&signature=${signLink(container.mediaSigningKey, m.id, expiresSeconds)}`,
        })),
      };
    },
  );

  app.post(
    '/v1/verifications/:id/client-token',
    {
      onRequest: requireScope(null),
      schema: {
        tags: ['verifications'],
        summary: 'Mint a fresh client token for the same verification; progress is kept',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          201: z.object({
            verification_id: z.string(),
            client_token: z.string(),
            expires_at: z.string(),
            url: z.string(),
          }),
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await ownedVerification(request.params.id, request.apiKey!.id);
      if (row.status === 'expired') throw new ApiError('verification_closed', { status: row.status });
      const now = container.clock.now();
      const clientToken = generateOpaqueToken(CLIENT_TOKEN_PREFIX);
      const expiresAt = addSeconds(now, CLIENT_TOKEN_TTL_SECONDS);
      await store.addToken(row.id, hashSecret(clientToken), now, expiresAt);
      return reply.status(201).send({
        verification_id: row.id,
        client_token: clientToken,
        expires_at: isoWithoutZone(expiresAt)!,
        url: hostedFlowUrl(container, clientToken),
      });
    },
  );

  app.post(
    '/v1/verifications/:id/client-token/revoke',
    {
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary:
          'End every client token of the verification at once (a leaked link); idempotent, progress is kept',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ verification_id: z.string(), revoked_tokens: z.number().int() }),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const row = await ownedVerification(request.params.id, request.apiKey!.id);
      const revoked = await store.revokeTokens(row.id, container.clock.now());
      return { verification_id: row.id, revoked_tokens: revoked };
    },
  );

  app.get(
    '/v1/usage',
    {
      onRequest: requireScope('verifications:read'),
      schema: {
        tags: ['verifications'],
        summary: 'Completed (decided) verifications per day for the calling key',
        security: [{ apiKey: [] }],
        querystring: z.object({
          from: z.iso.date().optional(),
          to: z.iso.date().optional(),
        }),
        response: {
          200: z.object({
            from: z.string(),
            to: z.string(),
            total: z.number(),
            data: z.array(z.object({ day: z.string(), verifications: z.number() })),
          }),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const today = container.clock.now().toISOString().slice(0, 10);
      const to = request.query.to ?? today;
      const from =
        request.query.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
      const rows = await store.usageByDay(request.apiKey!.id, from, to);
      const data = rows.map((r) => ({ day: r.day, verifications: Number(r.verifications) }));
      return { from, to, total: data.reduce((sum, d) => sum + d.verifications, 0), data };
    },
  );
};
