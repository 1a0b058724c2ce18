import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import { sdkStatus, VERIFICATION_STATUSES } from '../../core/verifications/status.js';
import { signalsSummary } from '../../adapters/db/signal-store.js';
import {
  recordConsent,
  submit,
  uploadDocument,
  uploadSelfie,
  type SessionDeps,
} from '../../use-cases/session-flow.js';
import type { RouteContext } from '../app.js';
import { clientIp } from '../client-ip.js';
import { authenticateClientToken, type ClientSession } from '../client-token-auth.js';

/** PROTOCOL.md: session upload routes accept bodies up to 15 MB; Fastify refuses larger ones while reading. */
export const SESSION_UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    session: ClientSession | null;
  }
}

const errorSchema = z.object({ detail: z.string() });
const validationErrorSchema = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  ]),
});

const stepState = z.enum(['pending', 'done']);
const stateSchema = z.object({
  verification_id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  consent_given: z.boolean(),
  expires_at: z.string(),
  token_expires_at: z.string(),
  steps: z.object({ doc_front: stepState, doc_back: stepState, selfie: stepState }),
  decision: z.enum(['approve', 'review', 'decline']).nullable(),
  result: z.enum(['approved', 'in_review', 'declined']).nullable(),
});

/** The uploads and submit: 503 when media storage or video decoding cannot run (nothing is saved). */
const uploadResponses = {
  200: stateSchema,
  401: errorSchema,
  409: errorSchema,
  413: errorSchema,
  422: validationErrorSchema,
  503: errorSchema,
};

const imageString = z.string().max(SESSION_UPLOAD_LIMIT_BYTES);
const framesSchema = z.array(imageString).min(1).max(64);

export const sessionRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (instance, { context }) => {
  const { container } = context;
  const store = container.stores.verifications;
  const deps: SessionDeps = {
    store,
    ports: container.checks,
    clock: container.clock,
    metrics: container.metrics,
    checkTimeoutMs: container.config.checkTimeoutMs,
    rememberFace: (trx, input) => container.stores.faces.remember(trx, input),
    signalsSummary: (verificationId) => signalsSummary(container.database.db, verificationId),
    onDecided: () => container.notifyDecided(),
  };

  instance.decorateRequest('session', null);
  instance.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    request.session = await authenticateClientToken(container, request);
  });

  const app = instance.withTypeProvider<ZodTypeProvider>();
  const security = [{ clientToken: [] }];

  async function stateOf(verificationId: string, tokenExpiresAt: Date) {
    const row = (await store.findById(verificationId))!;
    const media = await store.mediaIndex(verificationId);
    const has = (kind: string) => media.some((m) => m.kind === kind);
    return {
      verification_id: row.id,
      status: row.status as z.infer<typeof stateSchema>['status'],
      consent_given: row.consent_at !== null,
      expires_at: isoWithoutZone(row.expires_at)!,
      token_expires_at: isoWithoutZone(tokenExpiresAt)!,
      steps: {
        doc_front: has('document_front') ? ('done' as const) : ('pending' as const),
        doc_back: has('document_back') ? ('done' as const) : ('pending' as const),
        selfie: has('selfie_frame') ? ('done' as const) : ('pending' as const),
      },
      decision: row.decision as z.infer<typeof stateSchema>['decision'],
      result: sdkStatus(row.decision),
    };
  }

  const requestContext = (request: FastifyRequest) => ({
    ip: clientIp(request, container.config.trustProxyHops),
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 512) : null,
  });

  app.get(
    '/v1/session/state',
    {
      schema: {
        tags: ['session'],
        summary: 'Current session state of the token’s verification',
        security,
        response: { 200: stateSchema, 401: errorSchema },
      },
    },
    async (request) => stateOf(request.session!.verification.id, request.session!.tokenExpiresAt),
  );

  app.post(
    '/v1/session/init',
    {
      schema: {
        tags: ['session'],
        summary:
          'The hosted flow checks that the SDK’s publishable key belongs to the verification’s merchant',
        security,
        body: z.object({ publishable_key: z.string().min(1).max(200) }),
        response: {
          200: z.object({ ok: z.literal(true) }),
          401: errorSchema,
          403: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const owner = await container.stores.publishableKeys.ownerOf(request.body.publishable_key);
      if (owner === null || owner !== request.session!.verification.api_key_id)
        throw new ApiError('publishable_key_mismatch');
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/session/consent',
    {
      schema: {
        tags: ['session'],
        summary: 'Record the end user’s consent (time, IP and user agent go to the audit log)',
        security,
        body: z.object({ consent: z.boolean() }),
        response: { 200: stateSchema, 401: errorSchema, 409: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      if (request.body.consent !== true) throw new ApiError('consent_required');
      await recordConsent(deps, request.session!.verification, requestContext(request));
      return stateOf(request.session!.verification.id, request.session!.tokenExpiresAt);
    },
  );

  app.post(
    '/v1/session/document',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['session'],
        summary: 'Upload the front or back of the licence; the back’s PDF417 is read on the server',
        security,
        body: z.object({
          side: z.enum(['front', 'back']),
          image_b64: imageString.optional(),
          barcode: z.string().max(4096).optional(),
        }),
        response: uploadResponses,
      },
    },
    async (request) => {
      await uploadDocument(deps, request.session!.verification, request.body);
      return stateOf(request.session!.verification.id, request.session!.tokenExpiresAt);
    },
  );

  app.post(
    '/v1/session/selfie',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['session'],
        summary: 'Upload the selfie as frames (first 8 kept) or a WebM/MP4 video',
        security,
        body: z.object({ frames_b64: framesSchema.optional(), video_b64: imageString.optional() }),
        response: uploadResponses,
      },
    },
    async (request) => {
      await uploadSelfie(deps, request.session!.verification, request.body);
      return stateOf(request.session!.verification.id, request.session!.tokenExpiresAt);
    },
  );

  app.post(
    '/v1/session/submit',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['session'],
        summary: 'Finalise: validate, run every check, decide and emit verification.decided',
        security,
        body: z
          .object({
            consent: z.boolean().optional(),
            image_b64: imageString.optional(),
            barcode: z.string().max(4096).optional(),
            frames_b64: framesSchema.optional(),
            video_b64: imageString.optional(),
          })
          .default({}),
        response: uploadResponses,
      },
    },
    async (request) => {
      await submit(deps, request.session!.verification, request.body, requestContext(request));
      return stateOf(request.session!.verification.id, request.session!.tokenExpiresAt);
    },
  );
};
