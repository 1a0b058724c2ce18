import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../core/documents/document-types.js';
import { isoWithoutZone } from '../../core/time.js';
import { REASON_CODES } from '../../core/verifications/reason-codes.js';
import { checkWebhookUrlSyntax, MAX_WEBHOOK_URL_LENGTH } from '../../core/webhooks/webhook-url.js';
import { REVIEW_DECISIONS, REVIEW_NOTE_MAX_LENGTH } from '../../core/verifications/review.js';
import { VERIFICATION_STATUSES } from '../../core/verifications/status.js';
import { createVerification } from '../../use-cases/verifications/create-verification.js';
import { cancelVerification } from '../../use-cases/verifications/cancel-verification.js';
import { redactVerification } from '../../use-cases/verifications/redact-verification.js';
import { reviewVerification } from '../../use-cases/verifications/review-verification.js';
import { issueClientToken, revokeClientTokens } from '../../use-cases/verifications/issue-client-token.js';
import {
  awaitVerificationDetail,
  listVerifications,
  ownedVerification,
  usageReport,
  verificationDetail,
} from '../../use-cases/verifications/read-verifications.js';
import {
  toDetail,
  toSummary,
  verificationDetailSchema,
  verificationSummarySchema,
} from '../presenters/verification.js';
import { signedMediaLinks, type MediaLinkDeps } from '../../use-cases/verifications/media-links.js';
import type { RequireScope } from '../route-context.js';
import type { VerificationDeps } from '../../use-cases/verifications/deps.js';
import { errorSchema, guardErrors, mediaLinksSchema, validationErrorSchema } from '../schemas.js';

const createBody = z.object({
  external_ref: z.string().trim().min(1).max(255),
  metadata: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((m) => Object.keys(m).length <= 50, 'at most 50 metadata keys')
    .optional(),
  /** Test keys only (docs/testing.md): the reason codes the checks are forced to; [] approves. */
  test_outcome: z.array(z.enum(REASON_CODES)).max(REASON_CODES.length).optional(),
  /** Re-screened on every sanctions list update while its personal data is kept (docs/screening.md); true unless false. */
  monitor: z.boolean().optional(),
  /** docs/api.md, "Document types": the documents the end user may choose among; every type unless given. */
  document_types: z
    .array(z.enum(DOCUMENT_TYPES))
    .min(1, 'give at least one document type')
    .max(DOCUMENT_TYPES.length)
    .refine((types) => new Set(types).size === types.length, 'each document type at most once')
    .optional(),
  /** docs/decision-policy.md: a passport or ID card read only through its MRZ is kept at review; false unless true. */
  mrz_review: z.boolean().optional(),
});

/** `return_url`: the rules of a webhook URL (https, no credentials; http too where WEBHOOK_ALLOW_INSECURE is set). */
function withReturnUrl(allowInsecure: boolean) {
  return createBody.extend({
    return_url: z
      .string()
      .trim()
      .min(1)
      .max(MAX_WEBHOOK_URL_LENGTH)
      .superRefine((value, ctx) => {
        const check = checkWebhookUrlSyntax(value, { allowInsecure });
        if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
      })
      // Stored as the browser writes it (URL.href), so the flow's launch check compares like with like.
      .transform((value) => new URL(value).href)
      .optional()
      .describe('Where the hosted flow sends the end user back when finished (redirect mode)'),
  });
}

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  starting_after: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a verification id')
    .optional(),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  external_ref: z.string().max(255).optional(),
  decision: z.enum(['approve', 'review', 'decline']).optional(),
  reviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

const reviewBody = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  note: z.string().trim().min(1).max(REVIEW_NOTE_MAX_LENGTH),
});

/** The longest a merchant may wait for a decision in one request (GET /v1/verifications/{id}?wait=). */
const MAX_WAIT_SECONDS = 30;

/** Where the routes' links point: the hosted flow (HOSTED_FLOW_URL) and signed media (PUBLIC_BASE_URL). */
export type PublicUrls = { hostedFlowUrl: string; publicBaseUrl: string };

export const verificationRoutes: FastifyPluginAsync<{
  deps: VerificationDeps;
  mediaLinkDeps: MediaLinkDeps;
  urls: PublicUrls;
  requireScope: RequireScope;
  /** WEBHOOK_ALLOW_INSECURE: an http:// return_url is accepted too. */
  allowInsecure: boolean;
}> = async (instance, { deps, mediaLinkDeps, urls, requireScope, allowInsecure }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hostedFlowUrl = (clientToken: string, returnUrl: string | null) =>
    `${urls.hostedFlowUrl}#token=${encodeURIComponent(clientToken)}` +
    (returnUrl ? `&redirect_url=${encodeURIComponent(returnUrl)}` : '');

  app.post(
    '/v1/verifications',
    {
      config: { idempotent: { verification: 'answer' } },
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary:
          'Create a verification; each call creates one unless it repeats an Idempotency-Key (reconcile uncertain creates with external_ref)',
        security: [{ apiKey: [] }],
        body: withReturnUrl(allowInsecure),
        response: {
          201: verificationSummarySchema.extend({
            client_token: z.string(),
            client_token_expires_at: z.string(),
            url: z.string(),
          }),
          ...guardErrors,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createVerification(deps, {
        apiKeyId: request.apiKey!.id,
        mode: request.apiKey!.mode,
        externalRef: request.body.external_ref,
        metadata: request.body.metadata ?? {},
        testOutcome: request.body.test_outcome,
        returnUrl: request.body.return_url,
        monitor: request.body.monitor ?? true,
        documentTypes: request.body.document_types,
        mrzReview: request.body.mrz_review ?? false,
      });
      return reply.status(201).send({
        ...toSummary(created.verification),
        client_token: created.clientToken,
        client_token_expires_at: isoWithoutZone(created.expiresAt)!,
        url: hostedFlowUrl(created.clientToken, created.verification.return_url),
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
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const { limit, starting_after, status, external_ref, decision, reviewed } = request.query;
      const { page, hasMore } = await listVerifications(deps, request.apiKey!.id, {
        limit,
        ...(starting_after ? { startingAfter: starting_after } : {}),
        ...(status ? { status } : {}),
        ...(external_ref !== undefined ? { externalRef: external_ref } : {}),
        ...(decision ? { decision } : {}),
        ...(reviewed !== undefined ? { reviewed } : {}),
      });
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
        querystring: z.object({
          wait: z.coerce
            .number()
            .int()
            .min(0)
            .max(MAX_WAIT_SECONDS)
            .optional()
            .describe('Seconds to wait for the verification to be decided (or expire) before answering'),
        }),
        response: {
          200: verificationDetailSchema,
          ...guardErrors,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const wait = request.query.wait ?? 0;
      if (wait === 0) return toDetail(await verificationDetail(deps, request.params.id, request.apiKey!.id));
      // A client that hangs up stops waiting at once and frees its place.
      const hangUp = new AbortController();
      reply.raw.once('close', () => hangUp.abort());
      return toDetail(
        await awaitVerificationDetail(
          deps,
          request.params.id,
          { apiKeyId: request.apiKey!.id, accountId: request.apiKey!.accountId },
          wait,
          hangUp.signal,
        ),
      );
    },
  );

  app.post(
    '/v1/verifications/:id/review',
    {
      config: { idempotent: { verification: 'path' } },
      onRequest: requireScope('verifications:review'),
      schema: {
        tags: ['verifications'],
        summary: 'Record a person’s decision on a verification decided review (docs/review.md)',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        body: reviewBody,
        response: {
          200: verificationDetailSchema,
          ...guardErrors,
          404: errorSchema,
          409: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) =>
      toDetail(
        await reviewVerification(deps, request.actor!, request.params.id, {
          decision: request.body.decision,
          note: request.body.note,
        }),
      ),
  );

  app.post(
    '/v1/verifications/:id/cancel',
    {
      config: { idempotent: { verification: 'path' } },
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary:
          'End an open verification: status canceled, client tokens end, uploaded media are deleted; a repeat answers the same',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: verificationDetailSchema,
          ...guardErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) =>
      toDetail(
        await cancelVerification(deps, { verificationId: request.params.id, apiKeyId: request.apiKey!.id }),
      ),
  );

  app.post(
    '/v1/verifications/:id/redact',
    {
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary:
          'Erase the media, face template and personal data; the decision and audit log stay (docs/privacy.md); idempotent',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: verificationDetailSchema,
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) =>
      toDetail(
        await redactVerification(deps, { verificationId: request.params.id, apiKeyId: request.apiKey!.id }),
      ),
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
          200: mediaLinksSchema,
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const links = await signedMediaLinks(mediaLinkDeps, request.params.id, request.apiKey!.id);
      return {
        expires_at: isoWithoutZone(links.expiresAt)!,
        items: links.items.map((m) => ({
          kind: m.kind,
          index: m.index,
          content_type: m.contentType,
          bytes: m.bytes,
          url: `${urls.publicBaseUrl}/v1/media/${m.mediaId}?expires=${m.expires}&signature=${m.signature}`,
        })),
      };
    },
  );

  app.post(
    '/v1/verifications/:id/client-token',
    {
      config: { idempotent: { verification: 'path' } },
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
      const verification = await ownedVerification(deps, request.params.id, request.apiKey!.id);
      const token = await issueClientToken(deps, verification);
      return reply.status(201).send({
        verification_id: verification.id,
        client_token: token.clientToken,
        expires_at: isoWithoutZone(token.expiresAt)!,
        url: hostedFlowUrl(token.clientToken, verification.return_url),
      });
    },
  );

  app.post(
    '/v1/verifications/:id/client-token/revoke',
    {
      config: { idempotent: { verification: 'path' } },
      onRequest: requireScope('verifications:write'),
      schema: {
        tags: ['verifications'],
        summary:
          'End every client token of the verification at once (a leaked link); idempotent, progress is kept',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ verification_id: z.string(), revoked_tokens: z.number().int() }),
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const verification = await ownedVerification(deps, request.params.id, request.apiKey!.id);
      const revoked = await revokeClientTokens(deps, verification);
      return { verification_id: verification.id, revoked_tokens: revoked };
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
          ...guardErrors,
        },
      },
    },
    async (request) => usageReport(deps, request.apiKey!.id, request.query),
  );
};
