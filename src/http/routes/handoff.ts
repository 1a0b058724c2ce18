import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import { claimHandoff, handoffStatus, startHandoff, type HandoffDeps } from '../../use-cases/handoff.js';
import type { VerificationDeps } from '../../use-cases/verifications/deps.js';
import { authenticateClientToken, requestOrigin } from '../client-token-auth.js';
import { errorSchema, validationErrorSchema } from '../schemas.js';

/**
 * Desktop-to-phone handoff (docs/api.md "Handoff"). The first device, holding the client token,
 * creates a single-use link and watches its status; the second device claims the link, without any
 * credential, for a client token of its own.
 */
export const handoffRoutes: FastifyPluginAsync<{
  deps: HandoffDeps;
  sessions: VerificationDeps;
  /** HOSTED_FLOW_URL: the link the second device opens. */
  hostedFlowUrl: string;
}> = async (instance, { deps, sessions, hostedFlowUrl }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const security = [{ clientToken: [] }];

  app.post(
    '/v1/session/handoff',
    {
      schema: {
        tags: ['session'],
        summary:
          'Create a single-use link (valid 10 minutes) that continues this verification on another device',
        security,
        response: {
          201: z.object({ handoff_token: z.string(), url: z.string(), expires_at: z.string() }),
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await authenticateClientToken(sessions, request);
      const { token, expiresAt } = await startHandoff(deps, session, requestOrigin(request));
      return reply.status(201).send({
        handoff_token: token,
        url: `${hostedFlowUrl}#handoff=${encodeURIComponent(token)}`,
        expires_at: isoWithoutZone(expiresAt)!,
      });
    },
  );

  app.get(
    '/v1/session/handoff',
    {
      schema: {
        tags: ['session'],
        summary: 'Status of this verification’s latest handoff link, for the first device’s progress view',
        security,
        response: {
          200: z.object({
            status: z.enum(['none', 'waiting', 'claimed', 'expired']),
            expires_at: z.string().nullable(),
            claimed_at: z.string().nullable(),
          }),
          401: errorSchema,
        },
      },
    },
    async (request) => {
      const session = await authenticateClientToken(sessions, request);
      const status = await handoffStatus(deps, session.verification.id);
      return {
        status: status.status,
        expires_at: isoWithoutZone(status.expiresAt),
        claimed_at: isoWithoutZone(status.claimedAt),
      };
    },
  );

  app.post(
    '/v1/session/handoff/claim',
    {
      schema: {
        tags: ['session'],
        summary: 'Exchange a handoff link’s token, once, for a client token of this device',
        body: z.object({ handoff_token: z.string().min(1).max(128) }),
        response: {
          200: z.object({
            verification_id: z.string(),
            client_token: z.string(),
            token_expires_at: z.string(),
          }),
          404: errorSchema,
          409: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const claimed = await claimHandoff(deps, request.body.handoff_token, requestOrigin(request));
      return {
        verification_id: claimed.verificationId,
        client_token: claimed.clientToken,
        token_expires_at: isoWithoutZone(claimed.tokenExpiresAt)!,
      };
    },
  );
};
