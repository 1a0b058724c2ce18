import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberActor } from '../../core/actor.js';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import { REVIEW_DECISIONS, REVIEW_NOTE_MAX_LENGTH } from '../../core/verifications/review.js';
import { VERIFICATION_STATUSES } from '../../core/verifications/status.js';
import {
  accountEvidence,
  accountVerificationDetail,
  assignVerification,
  decideVerification,
  listAccountVerifications,
  type ReviewQueueDeps,
} from '../../use-cases/verifications/review-queue.js';
import type { RequireMember } from '../member-session.js';
import {
  toDetail,
  toSummary,
  verificationDetailSchema,
  verificationSummarySchema,
} from '../presenters/verification.js';
import { errorSchema, guardErrors, mediaLinksSchema } from '../schemas.js';

const security = [{ consoleSession: [] }];
const idParams = z.object({ id: z.string().max(100) });

const queueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  starting_after: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a verification id')
    .optional(),
  mode: z.enum(KEY_MODES).default('live'),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  decision: z.enum(['approve', 'review', 'decline']).optional(),
  reviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  assigned: z.enum(['me', 'none']).optional(),
});

const caseSchema = verificationSummarySchema.extend({ assigned_member_id: z.number().nullable() });

/**
 * The console's member routes over the account's verifications (docs/review.md "Teams"): the team
 * queue, a case with its evidence, assignment and decisions.
 */
export const consoleReviewRoutes: FastifyPluginAsync<{
  deps: ReviewQueueDeps;
  publicBaseUrl: string;
  requireMember: RequireMember;
}> = async (instance, { deps, publicBaseUrl, requireMember }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const presentCase = (detail: Parameters<typeof toDetail>[0]) => ({
    ...toDetail(detail),
    assigned_member_id: detail.verification.assigned_member_id ?? null,
  });

  app.get(
    '/v1/console/verifications',
    {
      ...requireMember('viewer'),
      schema: {
        tags: ['console'],
        summary:
          "The account's verifications, whichever key created them, newest first (the team queue: decision=review&reviewed=false)",
        security,
        querystring: queueQuery,
        response: {
          200: z.object({
            data: z.array(caseSchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const { page, hasMore } = await listAccountVerifications(deps, memberActor(request.member!), {
        limit: q.limit,
        startingAfter: q.starting_after,
        mode: q.mode,
        status: q.status,
        decision: q.decision,
        reviewed: q.reviewed,
        assigned: q.assigned,
      });
      return {
        data: page.map((v) => ({ ...toSummary(v), assigned_member_id: v.assigned_member_id ?? null })),
        has_more: hasMore,
        next_cursor: hasMore ? page[page.length - 1]!.id : null,
      };
    },
  );

  app.get(
    '/v1/console/verifications/:id',
    {
      ...requireMember('viewer'),
      schema: {
        tags: ['console'],
        summary: 'A verification of the account with its checks and audit trail',
        security,
        params: idParams,
        response: {
          200: verificationDetailSchema.extend({ assigned_member_id: z.number().nullable() }),
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) =>
      presentCase(await accountVerificationDetail(deps, memberActor(request.member!), request.params.id)),
  );

  app.get(
    '/v1/console/verifications/:id/media',
    {
      ...requireMember('reviewer'),
      schema: {
        tags: ['console'],
        summary: "The evidence: signed links to the verification's images, valid 3600 s",
        security,
        params: idParams,
        response: {
          200: mediaLinksSchema,
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const links = await accountEvidence(deps, memberActor(request.member!), request.params.id);
      return {
        expires_at: isoWithoutZone(links.expiresAt)!,
        items: links.items.map((m) => ({
          kind: m.kind,
          index: m.index,
          content_type: m.contentType,
          bytes: m.bytes,
          url: `${publicBaseUrl}/v1/media/${m.mediaId}?expires=${m.expires}&signature=${m.signature}`,
        })),
      };
    },
  );

  app.post(
    '/v1/console/verifications/:id/assign',
    {
      ...requireMember('reviewer'),
      schema: {
        tags: ['console'],
        summary: 'Assign the case to a reviewer or admin of the account (member_id null: unassign)',
        security,
        params: idParams,
        body: z.object({ member_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable() }),
        response: {
          200: verificationDetailSchema.extend({ assigned_member_id: z.number().nullable() }),
          ...guardErrors,
          404: errorSchema,
        },
      },
    },
    async (request) =>
      presentCase(
        await assignVerification(
          deps,
          memberActor(request.member!),
          request.params.id,
          request.body.member_id,
        ),
      ),
  );

  app.post(
    '/v1/console/verifications/:id/review',
    {
      ...requireMember('reviewer'),
      schema: {
        tags: ['console'],
        summary:
          'Decide a verification decided review, with a required note; the audit trail names the member',
        security,
        params: idParams,
        body: z.object({
          decision: z.enum(REVIEW_DECISIONS),
          note: z.string().trim().min(1).max(REVIEW_NOTE_MAX_LENGTH),
        }),
        response: {
          200: verificationDetailSchema.extend({ assigned_member_id: z.number().nullable() }),
          ...guardErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) =>
      presentCase(
        await decideVerification(deps, memberActor(request.member!), request.params.id, request.body),
      ),
  );
};
