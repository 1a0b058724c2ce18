import { rateLimitHeaders } from '../rate-limit-headers.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/errors.js';
import { SCREENING_LIST_IDS } from '../../core/screening/list-catalogue.js';
import {
  enabledListStats,
  ofacListStats,
  screenNameInLists,
  screenOfacName,
  screenWallet,
  takeFreeLookup,
  type ScreeningDeps,
} from '../../use-cases/screening.js';
import type { RequireScope } from '../route-context.js';
import { errorSchema, guardErrors } from '../schemas.js';

const readingSchema = z.object({ system: z.string(), text: z.string() });
const nameMatchSchema = z.object({
  uid: z.number(),
  name: z.string(),
  matched_name: z.string(),
  type: z.string(),
  programs: z.array(z.string()),
  score: z.number(),
  /** The romanisation of the query that matched (null: the name as written). */
  query_reading: readingSchema.nullable(),
});
/** The name as submitted and the romanisations screened with it. */
const querySchema = z.object({ name: z.string(), readings: z.array(readingSchema) });
const nameAnswer = z.object({
  outcome: z.enum(['match', 'possible_match', 'no_match']),
  score: z.number(),
  list_version: z.string(),
  matches: z.array(nameMatchSchema),
  query: querySchema,
});
const listId = z.enum(SCREENING_LIST_IDS);
const multiListAnswer = z.object({
  outcome: z.enum(['match', 'possible_match', 'no_match']),
  score: z.number(),
  list_versions: z.partialRecord(listId, z.string()),
  matches: z.array(nameMatchSchema.extend({ list: listId, reference: z.string().nullable() })),
  query: querySchema,
  lists_unavailable: z.array(listId),
});
const walletAnswer = z.object({
  outcome: z.enum(['match', 'no_match']),
  list_version: z.string(),
  matches: z.array(
    z.object({ uid: z.number(), name: z.string(), currency: z.string(), address: z.string() }),
  ),
});
const dob = z.iso.date('dob must be a date as YYYY-MM-DD').optional();

export const screeningRoutes: FastifyPluginAsync<{
  deps: ScreeningDeps;
  requireScope: RequireScope;
}> = async (instance, { deps, requireScope }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/screen/ofac',
    {
      onRequest: requireScope('screen:ofac'),
      schema: {
        tags: ['screening'],
        summary: 'Screen a name (and optional date of birth) against the OFAC SDN list',
        security: [{ apiKey: [] }],
        body: z.object({ name: z.string().min(2).max(255), dob }),
        response: { 200: nameAnswer, ...guardErrors, 503: errorSchema },
      },
    },
    async (request) => screenOfacName(deps, { name: request.body.name, dob: request.body.dob ?? null }),
  );

  app.post(
    '/v1/screen/wallet',
    {
      onRequest: requireScope('screen:ofac'),
      schema: {
        tags: ['screening'],
        summary: 'Screen a crypto wallet address against the SDN list’s digital currency addresses',
        security: [{ apiKey: [] }],
        body: z.object({ address: z.string().min(8).max(255) }),
        response: { 200: walletAnswer, ...guardErrors, 503: errorSchema },
      },
    },
    async (request) => screenWallet(deps, request.body.address),
  );

  app.get(
    '/v1/screen/ofac/stats',
    {
      onRequest: requireScope('screen:ofac'),
      schema: {
        tags: ['screening'],
        summary: 'Which list is loaded, when, its size, the last refresh and queries served',
        security: [{ apiKey: [] }],
      },
    },
    async () => ofacListStats(deps),
  );

  app.post(
    '/v1/screen/name',
    {
      onRequest: requireScope('screen:ofac'),
      schema: {
        tags: ['screening'],
        summary:
          'Screen a name against several lists (OFAC, UN, EU, UK, OpenSanctions); each match names its list',
        security: [{ apiKey: [] }],
        body: z.object({
          name: z.string().min(2).max(255),
          dob,
          /** Default: every list the operator enabled (SCREENING_LISTS, plus OFAC). */
          lists: z.array(listId).min(1).optional(),
        }),
        response: { 200: multiListAnswer, ...guardErrors, 503: errorSchema },
      },
    },
    async (request) =>
      screenNameInLists(deps, { name: request.body.name, dob: request.body.dob ?? null }, request.body.lists),
  );

  app.get(
    '/v1/screen/lists',
    {
      onRequest: requireScope('screen:ofac'),
      schema: {
        tags: ['screening'],
        summary: 'Every enabled list: source, version, publication date, size, last refresh and status',
        security: [{ apiKey: [] }],
      },
    },
    async () => ({ lists: enabledListStats(deps) }),
  );

  /** Runs at onRequest, before the body is read (use-cases/screening.ts `takeFreeLookup`). */
  async function freeTierLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const allowance = await takeFreeLookup(deps, request.ip);
    rateLimitHeaders(reply, allowance);
    if (!allowance.allowed) {
      throw new ApiError('free_tier_rate_limited', {}, { retryAfterSeconds: allowance.retryAfterSeconds });
    }
  }

  app.post(
    '/v1/free/ofac',
    {
      onRequest: freeTierLimit,
      schema: {
        tags: ['screening'],
        summary: 'Free name lookup, no key: 30 per client IP per rolling hour',
        body: z.object({ name: z.string().min(2).max(200), dob }),
        response: { 200: nameAnswer, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => screenOfacName(deps, { name: request.body.name, dob: request.body.dob ?? null }),
  );
};
