import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import type { Monitor, MonitorSubject } from '../../ports/screening-watch.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listMonitors,
  type MonitorDeps,
} from '../../use-cases/screening-watch.js';
import type { RequireScope } from '../route-context.js';
import { errorSchema, guardErrors, validationErrorSchema } from '../schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const createBody = z
  .object({
    name: z.string().trim().min(2).max(255).optional(),
    date_of_birth: z.iso.date('date_of_birth must be a date as YYYY-MM-DD').optional(),
    country: z.string().trim().min(2).max(100).optional(),
    address: z.string().trim().min(8).max(255).optional(),
    chain: z.string().trim().min(1).max(40).optional(),
    external_ref: z.string().trim().min(1).max(255).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.name === undefined) === (body.address === undefined))
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'give a name or a wallet address, not both' });
    if (body.address !== undefined)
      for (const field of ['date_of_birth', 'country'] as const)
        if (body[field] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} goes with a name, not an address`,
          });
    if (body.name !== undefined && body.chain !== undefined)
      ctx.addIssue({ code: 'custom', path: ['chain'], message: 'chain goes with an address, not a name' });
  });

const monitorSchema = z.object({
  id: z.string(),
  kind: z.enum(['name', 'wallet']),
  name: z.string().optional(),
  date_of_birth: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  address: z.string().optional(),
  chain: z.string().nullable().optional(),
  external_ref: z.string().nullable(),
  created_at: z.string(),
});

function toMonitor(monitor: Monitor): z.infer<typeof monitorSchema> {
  const { subject } = monitor;
  return {
    id: monitor.id,
    kind: subject.kind,
    ...(subject.kind === 'name'
      ? { name: subject.name, date_of_birth: subject.dateOfBirth, country: subject.country }
      : { address: subject.address, chain: subject.chain }),
    external_ref: monitor.externalRef,
    created_at: isoWithoutZone(monitor.createdAt)!,
  };
}

const idParams = z.object({ id: z.string().max(100) });

/** Names and wallets re-screened on every sanctions list update (docs/screening.md "Monitoring"). */
export const screeningMonitorRoutes: FastifyPluginAsync<{
  deps: MonitorDeps;
  requireScope: RequireScope;
}> = async (instance, { deps, requireScope }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/screening/monitors',
    {
      onRequest: requireScope('screening:write'),
      schema: {
        tags: ['screening'],
        summary:
          'Watch a name ({name, date_of_birth?, country?}) or a wallet ({address, chain?}): re-screened on every list update, a match sent as screening.match',
        security: [{ apiKey: [] }],
        body: createBody,
        response: { 201: monitorSchema, ...guardErrors, 409: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const subject: MonitorSubject =
        body.name !== undefined
          ? {
              kind: 'name',
              name: body.name,
              dateOfBirth: body.date_of_birth ?? null,
              country: body.country ?? null,
            }
          : { kind: 'wallet', address: body.address!, chain: body.chain ?? null };
      const monitor = await createMonitor(
        deps,
        { apiKeyId: request.apiKey!.id, accountId: request.apiKey!.accountId },
        { subject, externalRef: body.external_ref ?? null },
      );
      return reply.status(201).send(toMonitor(monitor));
    },
  );

  app.get(
    '/v1/screening/monitors',
    {
      onRequest: requireScope('screening:read'),
      schema: {
        tags: ['screening'],
        summary: "This key's monitors, newest first; page with starting_after=<next_cursor>",
        security: [{ apiKey: [] }],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          starting_after: z.string().regex(UUID, 'must be the next_cursor of a previous page').optional(),
        }),
        response: {
          200: z.object({
            data: z.array(monitorSchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const { limit, starting_after } = request.query;
      const page = await listMonitors(deps, request.apiKey!.id, {
        limit,
        ...(starting_after ? { startingAfter: starting_after } : {}),
      });
      const last = page.items.at(-1);
      return {
        data: page.items.map(toMonitor),
        has_more: page.hasMore,
        next_cursor: page.hasMore && last ? last.id : null,
      };
    },
  );

  app.get(
    '/v1/screening/monitors/:id',
    {
      onRequest: requireScope('screening:read'),
      schema: {
        tags: ['screening'],
        summary: 'One monitor; another key’s or an unknown one is 404 monitor not found',
        security: [{ apiKey: [] }],
        params: idParams,
        response: { 200: monitorSchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) => toMonitor(await getMonitor(deps, request.apiKey!.id, request.params.id)),
  );

  app.delete(
    '/v1/screening/monitors/:id',
    {
      onRequest: requireScope('screening:write'),
      schema: {
        tags: ['screening'],
        summary: 'Stop watching: the monitor and its subject are erased for good',
        security: [{ apiKey: [] }],
        params: idParams,
        response: { 204: z.null(), ...guardErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteMonitor(deps, request.apiKey!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
