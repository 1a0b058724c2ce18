import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberActor } from '../../core/actor.js';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { Readable } from 'node:stream';
import { validationError } from '../../core/errors.js';
import { ROLES } from '../../core/members/members.js';
import { csvLine } from '../../core/text/csv.js';
import { isoWithoutZone } from '../../core/time.js';
import { REASON_CODES } from '../../core/verifications/reason-codes.js';
import { REVIEW_DECISIONS, REVIEW_NOTE_MAX_LENGTH } from '../../core/verifications/review.js';
import { VERIFICATION_STATUSES } from '../../core/verifications/status.js';
import {
  accountEvidence,
  accountVerificationDetail,
  assignVerification,
  searchAccountVerifications,
  teamDirectory,
  type AccountSearch,
  type ReviewQueueDeps,
} from '../../use-cases/verifications/review-queue.js';
import { reviewVerification } from '../../use-cases/verifications/review-verification.js';
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day in UTC, YYYY-MM-DD, that exists. */
const day = z
  .string()
  .regex(DAY, 'must be a date YYYY-MM-DD')
  .refine((text) => {
    const at = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
  }, 'must be a date that exists');

/** The console's search (docs/review.md "Verifications"), shared by the list and its CSV export. */
const searchFields = {
  mode: z.enum(KEY_MODES).default('live'),
  id: z.string().regex(UUID, 'must be a verification id').optional(),
  external_ref: z.string().min(1).max(255).optional(),
  name: z.string().trim().min(2).max(100).optional(),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  decision: z.enum(['approve', 'review', 'decline']).optional(),
  reason: z.enum(REASON_CODES).optional(),
  reviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  assigned: z.enum(['me', 'none']).optional(),
  /** Created on or after this day (UTC). */
  created_from: day.optional(),
  /** Created on or before this day (UTC). */
  created_to: day.optional(),
};

const queueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  starting_after: z.string().regex(UUID, 'must be a verification id').optional(),
  ...searchFields,
});

type SearchQuery = z.infer<z.ZodObject<typeof searchFields>>;

/** The query as the use case takes it; a range that ends before it starts is a 422 like any bad field. */
function searchOf(q: SearchQuery): Omit<AccountSearch, 'limit'> {
  if (q.created_from && q.created_to && q.created_to < q.created_from) {
    throw validationError([
      { loc: ['query', 'created_to'], msg: 'must not be before created_from', type: 'value_error' },
    ]);
  }
  const dayAfter = (text: string) => new Date(Date.parse(`${text}T00:00:00Z`) + 86_400_000);
  return {
    mode: q.mode,
    id: q.id,
    externalRef: q.external_ref,
    name: q.name,
    status: q.status,
    decision: q.decision,
    reason: q.reason,
    reviewed: q.reviewed,
    assigned: q.assigned,
    ...(q.created_from ? { createdFrom: new Date(`${q.created_from}T00:00:00Z`) } : {}),
    ...(q.created_to ? { createdBefore: dayAfter(q.created_to) } : {}),
  };
}

/** The most rows one CSV export holds; narrow the filters for more. */
export const EXPORT_ROW_CAP = 10_000;
const EXPORT_PAGE = 500;
const EXPORT_COLUMNS = [
  'id',
  'external_ref',
  'mode',
  'status',
  'decision',
  'final_decision',
  'score',
  'decision_reasons',
  'created_at',
  'decided_at',
  'reviewed_at',
  'assigned_member_id',
] as const;

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
      const { page, nextCursor } = await searchAccountVerifications(deps, memberActor(request.member!), {
        limit: request.query.limit,
        startingAfter: request.query.starting_after,
        ...searchOf(request.query),
      });
      return {
        data: page.map((v) => ({ ...toSummary(v), assigned_member_id: v.assigned_member_id ?? null })),
        has_more: nextCursor !== null,
        next_cursor: nextCursor,
      };
    },
  );

  app.get(
    '/v1/console/verifications/export',
    {
      ...requireMember('viewer'),
      schema: {
        tags: ['console'],
        summary: `The list's filters as a CSV file, newest first, at most ${EXPORT_ROW_CAP} rows; no personal data`,
        security,
        querystring: z.object(searchFields),
        response: { 200: z.string().describe('text/csv'), ...guardErrors },
      },
    },
    async (request, reply) => {
      const member = memberActor(request.member!);
      const search = searchOf(request.query);
      // The first page is read before answering, so a bad cursor or filter is still an error reply.
      let current = await searchAccountVerifications(deps, member, { ...search, limit: EXPORT_PAGE });
      async function* rows() {
        yield csvLine(EXPORT_COLUMNS);
        let written = 0;
        for (;;) {
          for (const v of current.page.slice(0, EXPORT_ROW_CAP - written)) {
            const s = toSummary(v);
            yield csvLine([
              s.id,
              s.external_ref,
              s.mode,
              s.status,
              s.decision,
              s.final_decision,
              s.score,
              s.decision_reasons.join(' '),
              s.created_at,
              s.decided_at,
              s.review?.reviewed_at ?? null,
              v.assigned_member_id ?? null,
            ]);
            written++;
          }
          if (written >= EXPORT_ROW_CAP || current.nextCursor === null) return;
          current = await searchAccountVerifications(deps, member, {
            ...search,
            limit: EXPORT_PAGE,
            startingAfter: current.nextCursor,
          });
        }
      }
      const day = isoWithoutZone(deps.clock.now())!.slice(0, 10);
      // A stream is sent as it is, past the response schema, which only documents the body.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="verifications-${search.mode}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows()));
    },
  );

  app.get(
    '/v1/console/account',
    {
      ...requireMember('viewer'),
      schema: {
        tags: ['console'],
        summary: "The account's name and its members as colleagues see them (names and roles, no e-mail)",
        security,
        response: {
          200: z.object({
            id: z.number().int(),
            name: z.string(),
            members: z.array(
              z.object({ id: z.number().int(), display_name: z.string(), role: z.enum(ROLES) }),
            ),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const { account, members } = await teamDirectory(deps, memberActor(request.member!));
      return {
        ...account,
        members: members.map((m) => ({ id: m.id, display_name: m.displayName, role: m.role })),
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
        await reviewVerification(deps, memberActor(request.member!), request.params.id, request.body),
      ),
  );
};
