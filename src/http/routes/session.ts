import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../core/documents/document-types.js';
import { ApiError } from '../../core/errors.js';
import { escapeUnstorableCharacters } from '../../core/text/storable-text.js';
import { checkFlowLaunch, type EmbeddingDeps } from '../../use-cases/verifications/check-embedding.js';
import { ACTION_WINDOW_MS, FRAME_LABELS, MAX_ACTION_WINDOW_MS } from '../../core/faces/challenge.js';
import { REASON_CODES } from '../../core/verifications/reason-codes.js';
import { TEST_SAMPLE_KINDS } from '../../ports/test-samples.js';
import { testSample } from '../../use-cases/verifications/test-samples.js';
import { issueLivenessChallenge } from '../../use-cases/verifications/issue-liveness-challenge.js';
import { recordConsent } from '../../use-cases/verifications/record-consent.js';
import { sessionState, type Session } from '../../use-cases/verifications/session.js';
import { submitVerification } from '../../use-cases/verifications/submit-verification.js';
import { uploadDocument } from '../../use-cases/verifications/upload-document.js';
import { uploadSelfie } from '../../use-cases/verifications/upload-selfie.js';
import type { UploadAdmission } from '../../use-cases/verifications/upload-admission.js';
import { SESSION_LOGO_PATH, sessionStateSchema, toSessionState } from '../presenters/verification.js';
import type { AccountBranding } from '../../ports/branding.js';
import type { VerificationDeps } from '../../use-cases/verifications/deps.js';
import type { TestSamples } from '../../ports/test-samples.js';
import type { RetentionDays } from '../presenters/verification.js';
import { errorSchema, validationErrorSchema, guardErrors } from '../schemas.js';
import { authenticateClientToken, requestOrigin, type ClientSession } from '../client-token-auth.js';

/** Session upload routes accept bodies up to 15 MB; Fastify refuses larger ones while reading. */
export const SESSION_UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    session: ClientSession | null;
    /** Ends this request's admission as one of its verification's uploads. */
    endUpload: (() => void) | null;
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
/** docs/faces.md, "Challenge": the challenge the frames answer, one label per frame of frames_b64. */
const challengeAnswerSchema = z.object({
  id: z.string().min(1).max(64),
  frames: z
    .array(
      z.object({
        action: z.enum(FRAME_LABELS),
        /** Milliseconds from showing the challenge to taking this frame. */
        captured_at_ms: z.number().int().min(0).max(86_400_000),
      }),
    )
    .min(1)
    .max(64),
  /** The window the capture gave each action, when it widened the challenge's for a slow device. */
  action_window_ms: z.number().int().min(ACTION_WINDOW_MS).max(MAX_ACTION_WINDOW_MS).optional(),
});

export const sessionRoutes: FastifyPluginAsync<{
  deps: VerificationDeps;
  embeddingDeps: EmbeddingDeps;
  testSamples: TestSamples;
  /** What the verifications of a key are kept for: its account's periods (the consent text shows them). */
  retention: (apiKeyId: number) => Promise<RetentionDays>;
  /** What the key's account shows its end users (docs/hosted-flow.md "Branding"), and its logo. */
  branding: {
    of: (apiKeyId: number) => Promise<AccountBranding | null>;
    logo: (apiKeyId: number) => Promise<Uint8Array | null>;
  };
  uploads: UploadAdmission;
}> = async (instance, { deps, embeddingDeps, testSamples, retention, branding, uploads }) => {
  instance.decorateRequest('session', null);
  instance.decorateRequest('endUpload', null);
  instance.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    request.session = await authenticateClientToken(deps, request);
  });
  // Upload routes are admitted once the token is known and before their body is read.
  const admitUpload = async (request: FastifyRequest) => {
    request.endUpload = await uploads.admit(request.session!.verification.id, { alone: true });
  };
  const admitSubmit = async (request: FastifyRequest) => {
    request.endUpload = await uploads.admit(request.session!.verification.id, { alone: false });
  };
  const endUpload = async (request: FastifyRequest) => {
    request.endUpload?.();
    request.endUpload = null;
  };
  instance.addHook('onResponse', endUpload);
  instance.addHook('onRequestAbort', endUpload);

  const app = instance.withTypeProvider<ZodTypeProvider>();
  const security = [{ clientToken: [] }];
  const stateOf = async (session: Session) => {
    const state = await sessionState(deps, session);
    const keyId = state.verification.api_key_id;
    return toSessionState(state, await retention(keyId), await branding.of(keyId));
  };

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

  app.get(
    SESSION_LOGO_PATH,
    {
      schema: {
        tags: ['session'],
        summary:
          "The logo of the token's verification's merchant account (WebP), for the hosted flow's header",
        security,
      },
    },
    async (request, reply) => {
      const logo = await branding.logo(request.session!.verification.api_key_id);
      if (logo === null) throw new ApiError('not_found');
      // Private: the response is the account's, read with one end user's token.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(logo));
    },
  );

  app.post(
    '/v1/session/init',
    {
      schema: {
        tags: ['session'],
        summary:
          'The hosted flow confirms its launch: the SDK’s publishable key is the merchant’s, and the embedding page and return address are on origins the merchant allowed',
        description:
          'Each field is checked when present. `origin` and `redirect_url` must be on an origin listed in `allowed_origins` of one of the live publishable keys of the API key that created the verification (loopback addresses are always allowed, for development); otherwise 403.',
        security,
        body: z
          .object({
            publishable_key: z.string().min(1).max(200).optional(),
            origin: z.string().max(2048).optional(),
            redirect_url: z.string().max(2048).optional(),
          })
          .refine(
            (body) => Object.values(body).some((value) => value !== undefined),
            'give publishable_key, origin or redirect_url',
          ),
        response: {
          200: z.object({ ok: z.literal(true) }),
          ...guardErrors,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      await checkFlowLaunch(embeddingDeps, request.session!.verification, {
        publishableKey: request.body.publishable_key,
        origin: request.body.origin,
        redirectUrl: request.body.redirect_url,
      });
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
      await recordConsent(deps, request.session!.verification, requestOrigin(request));
      return stateOf(request.session!);
    },
  );

  app.post(
    '/v1/session/document',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      onRequest: admitUpload,
      schema: {
        tags: ['session'],
        summary:
          'Upload a side of the document: a licence’s front or back (the back’s PDF417 is read on the server), a passport’s data page (front), an ID card’s front or back',
        description:
          '`document_type` is one of the verification’s `document_types` (422 `document_type_not_allowed` otherwise); a licence when omitted. The first document upload chooses the type; an upload of another type restarts document capture (earlier document images are discarded). A passport is one image, its data page, sent with `side: "front"`; the status then moves straight to `selfie`.',
        security,
        body: z.object({
          side: z.enum(['front', 'back']),
          document_type: z.enum(DOCUMENT_TYPES).optional(),
          image_b64: imageString.optional(),
          barcode: barcodeText.optional(),
        }),
        response: uploadResponses,
      },
    },
    async (request) => {
      await uploadDocument(deps, request.session!.verification, request.body);
      return stateOf(request.session!);
    },
  );

  app.post(
    '/v1/session/selfie',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      onRequest: admitUpload,
      schema: {
        tags: ['session'],
        summary: 'Upload the selfie as frames (first 8 kept) or a WebM/MP4 video',
        security,
        body: z.object({
          frames_b64: framesSchema.optional(),
          video_b64: imageString.optional(),
          liveness_challenge: challengeAnswerSchema.optional(),
        }),
        response: uploadResponses,
      },
    },
    async (request) => {
      await uploadSelfie(deps, request.session!.verification, request.body);
      return stateOf(request.session!);
    },
  );

  app.post(
    '/v1/session/challenge',
    {
      schema: {
        tags: ['session'],
        summary: 'Issue a liveness challenge: 2–3 random actions for the selfie to show, in order',
        description:
          'The newest challenge is in the session state as `liveness_challenge`. It is single use, must be answered within 2 minutes of its issue (and while the client token lives), and replaces any unanswered one. Answer it by sending the selfie frames with `liveness_challenge: {id, frames: [{action, captured_at_ms}]}` (docs/faces.md). At most 3 per verification (409).',
        security,
        response: { 200: sessionStateSchema, 401: errorSchema, 409: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      await issueLivenessChallenge(deps, request.session!);
      return stateOf(request.session!);
    },
  );

  app.post(
    '/v1/session/submit',
    {
      bodyLimit: SESSION_UPLOAD_LIMIT_BYTES,
      onRequest: admitSubmit,
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
            liveness_challenge: challengeAnswerSchema.optional(),
            /** Test mode (docs/testing.md): the outcome chosen in the flow, unless fixed at creation. */
            test_outcome: z.array(z.enum(REASON_CODES)).max(REASON_CODES.length).optional(),
          })
          .default({}),
        response: uploadResponses,
      },
    },
    async (request) => {
      await submitVerification(deps, request.session!.verification, request.body, requestOrigin(request));
      return stateOf(request.session!);
    },
  );

  app.get(
    '/v1/session/test-samples/:kind',
    {
      schema: {
        tags: ['session'],
        summary: 'Test mode: a sample image to upload instead of a camera capture (404 in live mode)',
        security,
        params: z.object({ kind: z.enum(TEST_SAMPLE_KINDS) }),
        response: {
          200: z.object({ kind: z.enum(TEST_SAMPLE_KINDS), content_type: z.string(), image_b64: z.string() }),
          401: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const sample = await testSample(testSamples, request.session!.verification, kind);
      return { kind, content_type: sample.contentType, image_b64: sample.bytes.toString('base64') };
    },
  );
};
