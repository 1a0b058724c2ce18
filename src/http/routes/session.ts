import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/errors.js';
import { escapeUnstorableCharacters } from '../../core/text/storable-text.js';
import { recordConsent } from '../../use-cases/verifications/record-consent.js';
import { sessionState, type Session } from '../../use-cases/verifications/session.js';
import { submitVerification } from '../../use-cases/verifications/submit-verification.js';
import { uploadDocument } from '../../use-cases/verifications/upload-document.js';
import { uploadSelfie } from '../../use-cases/verifications/upload-selfie.js';
import { sessionStateSchema, toSessionState } from '../presenters/verification.js';
import type { RouteContext } from '../route-context.js';
import { errorSchema, validationErrorSchema } from '../schemas.js';
import { authenticateClientToken, type ClientSession } from '../client-token-auth.js';

/** PROTOCOL.md: session upload routes accept bodies up to 15 MB; Fastify refuses larger ones while reading. */
export const SESSION_UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    session: ClientSession | null;
  }
}

/** The uploads and submit: 503 when media storage or video decoding cannot run (nothing is saved). */
const uploadResponses = {
  200: sessionStateSchema,
  401: errorSchema,
  409: errorSchema,
  413: errorSchema,
  422: validationErrorSchema,
  503: errorSchema,
};

const imageString = z.string().max(SESSION_UPLOAD_LIMIT_BYTES);
/** The browser's reading of the PDF417: kept even when it holds NUL (escaped; see storable-text.ts). */
const barcodeText = z.string().max(4096).transform(escapeUnstorableCharacters);
const framesSchema = z.array(imageString).min(1).max(64);

export const sessionRoutes: FastifyPluginAsync<{ context: RouteContext }> = async (instance, { context }) => {
  const { container } = context;
  const deps = container.verificationDeps;

  instance.decorateRequest('session', null);
  instance.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    request.session = await authenticateClientToken(container, request);
  });

  const app = instance.withTypeProvider<ZodTypeProvider>();
  const security = [{ clientToken: [] }];
  const stateOf = async (session: Session) => toSessionState(await sessionState(deps, session));

  const requestContext = (request: FastifyRequest) => ({
    ip: request.ip,
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
        response: { 200: sessionStateSchema, 401: errorSchema },
      },
    },
    async (request) => stateOf(request.session!),
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
        response: { 200: sessionStateSchema, 401: errorSchema, 409: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      if (request.body.consent !== true) throw new ApiError('consent_required');
      await recordConsent(deps, request.session!.verification, requestContext(request));
      return stateOf(request.session!);
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
          barcode: barcodeText.optional(),
        }),
        response: uploadResponses,
      },
    },
    async (request) => {
      await container.heavyWork.image.run(() =>
        uploadDocument(deps, request.session!.verification, request.body),
      );
      return stateOf(request.session!);
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
      return stateOf(request.session!);
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
            barcode: barcodeText.optional(),
            frames_b64: framesSchema.optional(),
            video_b64: imageString.optional(),
          })
          .default({}),
        response: uploadResponses,
      },
    },
    async (request) => {
      await container.heavyWork.image.run(() =>
        submitVerification(deps, request.session!.verification, request.body, requestContext(request)),
      );
      return stateOf(request.session!);
    },
  );
};
