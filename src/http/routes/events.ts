import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks/event-catalogue.js';
import { listEvents, type EventDeps } from '../../use-cases/events.js';
import type { RequireScope } from '../route-context.js';
import { guardErrors } from '../schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event as its webhook body carries it (docs/webhooks.md), so one handler can process both. */
const eventSchema = z.object({
  id: z.string(),
  event: z.string(),
  created_at: z.string(),
  verification_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export const eventRoutes: FastifyPluginAsync<{ deps: EventDeps; requireScope: RequireScope }> = async (
  instance,
  { deps, requireScope },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/events',
    {
      onRequest: requireScope('verifications:read'),
      schema: {
        tags: ['events'],
        summary:
          'The events of the verifications this key owns, newest first, kept 30 days; page to older ones with starting_after=<next_cursor>, or catch up on newer ones than a stored event id with ending_before=<id> (then ending_before=<next_cursor> while has_more)',
        security: [{ apiKey: [] }],
        querystring: z
          .object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            starting_after: z.string().regex(UUID, 'must be the next_cursor of a previous page').optional(),
            ending_before: z.string().regex(UUID, 'must be the id of an event').optional(),
            type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
          })
          .refine((query) => !(query.starting_after && query.ending_before), {
            path: ['ending_before'],
            message: 'give starting_after or ending_before, not both',
          }),
        response: {
          200: z.object({
            data: z.array(eventSchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const { limit, starting_after, ending_before, type } = request.query;
      const page = await listEvents(deps, request.apiKey!.id, {
        limit,
        ...(ending_before
          ? { endingBefore: ending_before }
          : starting_after
            ? { startingAfter: starting_after }
            : {}),
        ...(type ? { type } : {}),
      });
      // The next page continues in the direction read: the newest event here when catching up.
      const last = ending_before ? page.items[0] : page.items[page.items.length - 1];
      return {
        data: page.items.map((e) => ({
          id: e.id,
          event: e.type,
          created_at: isoWithoutZone(e.createdAt)!,
          verification_id: e.verificationId,
          data: e.data,
        })),
        has_more: page.hasMore,
        next_cursor: page.hasMore && last ? last.id : null,
      };
    },
  );
};
