import crypto from 'node:crypto';
import type { CheckResults, StoredBarcode } from '../core/checks.js';
import { barcodeRetakeRequired } from '../core/documents/check-document.js';
import { ApiError } from '../core/errors.js';
import { escapeUnstorableCharacters } from '../core/text/storable-text.js';
import { snakeCaseKeys } from '../core/snake-case.js';
import { decide, FACE_MATCH_THRESHOLD, LIVENESS_THRESHOLD } from '../core/verifications/decide.js';
import {
  advance,
  MAX_SELFIE_FRAMES,
  SUBMITTABLE,
  type VerificationStatus,
} from '../core/verifications/status.js';
import { decodeVideo, requireDecodedImage } from '../core/verifications/uploads.js';
import type { MediaItem, VerificationRow, VerificationStore } from '../adapters/db/verification-store.js';
import type { Metrics } from '../adapters/metrics.js';
import type { FaceStore } from '../adapters/db/face-store.js';
import { faceIdentityOf } from '../core/faces/face-dedupe.js';
import type { Clock } from '../core/time.js';
import type { CheckPorts, Identity } from './ports.js';
import { withTimeBudget } from './time-budget.js';

export type SessionDeps = {
  store: VerificationStore;
  ports: CheckPorts;
  clock: Clock;
  metrics: Metrics;
  checkTimeoutMs: number;
  /** Keeps the selfie's face template for later duplicate searches, inside the decision's transaction. */
  rememberFace: FaceStore['remember'];
  /** Device signals collected for this verification (SPEC 1), for its checks; null when none were sent. */
  signalsSummary: (verificationId: string) => Promise<Record<string, unknown> | null>;
  /** Called after a decision commits, so the webhook worker picks it up without waiting for its poll. */
  onDecided?: () => void;
};

export type RequestContext = { ip: string; userAgent: string | null };

export type SelfieInput = { frames_b64?: string[] | undefined; video_b64?: string | undefined };

function requireImage(input: string, kind: MediaItem['kind'], index = 0): MediaItem {
  const decoded = requireDecodedImage(input);
  return { kind, index, contentType: decoded.contentType, bytes: decoded.bytes };
}

function requireConsent(verification: VerificationRow, consentInBody = false): void {
  if (!verification.consent_at && !consentInBody) throw new ApiError('consent_required');
}

function requireOpen(verification: VerificationRow): void {
  if (verification.status === 'decided' || verification.status === 'expired') {
    throw new ApiError('verification_closed', { status: verification.status });
  }
}

/** Reads the back's PDF417 on the server, falling back to the browser's string; nothing readable is a retake (422). */
async function readBarcode(
  deps: SessionDeps,
  image: Buffer,
  browserText: string | undefined,
): Promise<StoredBarcode> {
  const started = performance.now();
  const outcome = await withTimeBudget(deps.ports.decodeBarcode(image), deps.checkTimeoutMs, (error) => ({
    status: 'unavailable' as const,
    error,
  }));
  deps.metrics.checkFinished('barcode_decode', performance.now() - started, outcome.status === 'unavailable');
  const browser = browserText && browserText.trim().length > 0 ? browserText : null;
  if (barcodeRetakeRequired({ server: outcome, browserBarcode: browser }))
    throw new ApiError('barcode_unreadable');
  return {
    server_status: outcome.status,
    server_text: outcome.status === 'ok' ? escapeUnstorableCharacters(outcome.text) : null,
    browser_text: browser,
    ...(outcome.status === 'unavailable' ? { server_error: outcome.error } : {}),
  };
}

async function decodeSelfie(deps: SessionDeps, input: SelfieInput): Promise<MediaItem[]> {
  if (input.frames_b64 && input.frames_b64.length > 0) {
    return input.frames_b64
      .slice(0, MAX_SELFIE_FRAMES)
      .map((frame, index) => requireImage(frame, 'selfie_frame', index));
  }
  if (input.video_b64) {
    const video = decodeVideo(input.video_b64);
    if (!video.ok) throw new ApiError('invalid_video', { reason: video.reason });
    const extracted = await deps.ports.extractVideoFrames(video.bytes, MAX_SELFIE_FRAMES);
    if (!extracted.ok && extracted.fault === 'server') throw new ApiError('video_processing_unavailable');
    if (!extracted.ok) throw new ApiError('invalid_video', { reason: extracted.reason });
    return extracted.frames.slice(0, MAX_SELFIE_FRAMES).map((bytes, index) => ({
      kind: 'selfie_frame' as const,
      index,
      contentType: 'image/jpeg',
      bytes,
    }));
  }
  throw new ApiError('selfie_required');
}

export async function recordConsent(
  deps: SessionDeps,
  verification: VerificationRow,
  context: RequestContext,
): Promise<void> {
  requireOpen(verification);
  await deps.store.recordConsent(verification.id, deps.clock.now(), context);
}

export async function uploadDocument(
  deps: SessionDeps,
  verification: VerificationRow,
  body: { side: 'front' | 'back'; image_b64?: string | undefined; barcode?: string | undefined },
): Promise<VerificationStatus> {
  requireOpen(verification);
  requireConsent(verification);
  if (!body.image_b64) throw new ApiError('image_required');
  const now = deps.clock.now();
  const current = verification.status as VerificationStatus;
  if (body.side === 'front') {
    const image = requireImage(body.image_b64, 'document_front');
    const status = advance(current, 'doc_back');
    const saved = await deps.store.saveUploads({
      verificationId: verification.id,
      media: [image],
      status,
      at: now,
      event: 'document_front.uploaded',
      detail: { bytes: image.bytes.length },
    });
    if (!saved) throw new ApiError('verification_closed', { status: current });
    return status;
  }
  const image = requireImage(body.image_b64, 'document_back');
  const barcode = await readBarcode(deps, image.bytes, body.barcode);
  const status = advance(current, 'selfie');
  const saved = await deps.store.saveUploads({
    verificationId: verification.id,
    media: [image],
    status,
    barcode,
    at: now,
    event: 'document_back.uploaded',
    detail: {
      bytes: image.bytes.length,
      server_decode: barcode.server_status,
      browser_barcode: barcode.browser_text !== null,
    },
  });
  if (!saved) throw new ApiError('verification_closed', { status: current });
  return status;
}

export async function uploadSelfie(
  deps: SessionDeps,
  verification: VerificationRow,
  body: SelfieInput,
): Promise<VerificationStatus> {
  requireOpen(verification);
  requireConsent(verification);
  const frames = await decodeSelfie(deps, body);
  const saved = await deps.store.saveUploads({
    verificationId: verification.id,
    media: frames,
    status: verification.status,
    at: deps.clock.now(),
    event: 'selfie.uploaded',
    detail: { frames: frames.length, source: body.frames_b64?.length ? 'frames' : 'video' },
  });
  if (!saved) throw new ApiError('verification_closed', { status: verification.status });
  return verification.status as VerificationStatus;
}

export type SubmitBody = SelfieInput & {
  consent?: boolean | undefined;
  image_b64?: string | undefined;
  barcode?: string | undefined;
};

type CheckRun<T> = { value: T; ms: number; unavailable: boolean };

async function timed<T>(
  deps: SessionDeps,
  name: string,
  work: Promise<T>,
  onTimeout: (error: string) => T,
  isUnavailable: (v: T) => boolean,
): Promise<CheckRun<T>> {
  const started = performance.now();
  const value = await withTimeBudget(work, deps.checkTimeoutMs, onTimeout);
  const ms = performance.now() - started;
  const unavailable = isUnavailable(value);
  deps.metrics.checkFinished(name, ms, unavailable);
  return { value, ms, unavailable };
}

function summarizeIdentity(identity: Identity | null) {
  return identity
    ? {
        first_name: identity.firstName,
        middle_name: identity.middleName,
        last_name: identity.lastName,
        dob: identity.dob,
      }
    : null;
}

/**
 * SPEC 3 and 4.5: validates in the SPEC's order (409 status, then consent, image, selfie, barcode),
 * runs every check (independent ones concurrently, each inside its time budget), decides, and
 * commits the decision with its audit, usage record and outbox event in one transaction.
 */
export async function submit(
  deps: SessionDeps,
  verification: VerificationRow,
  body: SubmitBody,
  context: RequestContext,
): Promise<VerificationRow> {
  if (!(SUBMITTABLE as readonly string[]).includes(verification.status)) {
    throw new ApiError('cannot_submit', { status: verification.status });
  }
  requireConsent(verification, body.consent === true);

  const media: MediaItem[] = [];
  let barcode = verification.barcode ?? undefined;
  let newBarcode: StoredBarcode | undefined;
  if (verification.status === 'doc_back') {
    if (!body.image_b64) throw new ApiError('image_required');
    media.push(requireImage(body.image_b64, 'document_back'));
  }
  let frames: Buffer[] | null = null;
  const hasStoredSelfie = await deps.store.hasMedia(verification.id, 'selfie_frame');
  if (body.frames_b64?.length || body.video_b64 || !hasStoredSelfie) {
    const selfie = await decodeSelfie(deps, body);
    media.push(...selfie);
    frames = selfie.map((m) => m.bytes);
  }
  const back = media.find((m) => m.kind === 'document_back');
  if (back) {
    newBarcode = await readBarcode(deps, back.bytes, body.barcode);
    barcode = newBarcode;
  }
  if (!barcode) throw new ApiError('image_required');

  const today = deps.clock.now();
  const [portrait] = await deps.store.loadMediaBytes(verification.id, 'document_front');
  frames ??= await deps.store.loadMediaBytes(verification.id, 'selfie_frame');

  const documentStarted = performance.now();
  const document = deps.ports.checkDocument(barcode, today);
  deps.metrics.checkFinished('document', performance.now() - documentStarted, false);

  const [faces, sanctions] = await Promise.all([
    timed(
      deps,
      'faces',
      deps.ports.checkFaces({ portrait: portrait ?? null, frames }),
      (error) => ({
        faceMatch: { status: 'unavailable' as const, error },
        liveness: { status: 'unavailable' as const, error },
        template: null,
      }),
      (v) => v.faceMatch.status === 'unavailable' || v.liveness.status === 'unavailable',
    ),
    timed(
      deps,
      'sanctions',
      deps.ports.screenSanctions(document.identity),
      (error) => ({ status: 'unavailable' as const, error }),
      (v) => v.status === 'unavailable',
    ),
  ]);
  const dedupe = await timed(
    deps,
    'face_dedupe',
    deps.ports.searchDuplicates({
      verificationId: verification.id,
      apiKeyId: verification.api_key_id,
      template: faces.value.template,
      identity: document.identity,
    }),
    (error) => ({ status: 'unavailable' as const, error }),
    (v) => v.status === 'unavailable',
  );

  const results: CheckResults = {
    document: document.result,
    faceMatch: faces.value.faceMatch,
    liveness: faces.value.liveness,
    sanctions: sanctions.value,
    dedupe: dedupe.value,
  };
  const outcome = decide(results);
  const signals = await deps.signalsSummary(verification.id);
  const checks = checksSummary(results, { faces: faces.ms, sanctions: sanctions.ms, face_dedupe: dedupe.ms });
  const docChecks = {
    document: { ...document.result.detail, identity: summarizeIdentity(document.identity) },
    face_match:
      results.faceMatch.status === 'ok' ? results.faceMatch.detail : { error: results.faceMatch.error },
    liveness: results.liveness.status === 'ok' ? results.liveness.detail : { error: results.liveness.error },
    sanctions:
      results.sanctions.status === 'ok' ? results.sanctions.detail : { error: results.sanctions.error },
    face_dedupe:
      results.dedupe.status === 'ok'
        ? { reason: results.dedupe.reason, ...results.dedupe.detail }
        : { reason: 'unavailable', error: results.dedupe.error },
  };

  const decided = await deps.store.decide({
    verificationId: verification.id,
    apiKeyId: verification.api_key_id,
    at: deps.clock.now(),
    media,
    ...(newBarcode ? { barcode: newBarcode } : {}),
    ...(!verification.consent_at ? { consent: context } : {}),
    decision: outcome.decision,
    score: outcome.score,
    reasons: outcome.reasons,
    checks: { ...checks, signals: signals ?? { status: 'none', detail: 'no device signals were collected' } },
    docChecks: snakeCaseKeys(docChecks) as Record<string, unknown>,
    eventId: crypto.randomUUID(),
    ...(faces.value.template
      ? {
          withinTransaction: (trx) =>
            deps.rememberFace(trx, {
              verificationId: verification.id,
              apiKeyId: verification.api_key_id,
              identity: faceIdentityOf(document.identity),
              embedding: faces.value.template!,
              at: deps.clock.now(),
            }),
        }
      : {}),
  });
  if (!decided) {
    const current = await deps.store.findById(verification.id);
    const status =
      current && current.status !== 'decided' && current.expires_at <= deps.clock.now()
        ? 'expired'
        : (current?.status ?? 'unknown');
    throw new ApiError('cannot_submit', { status });
  }
  deps.metrics.verificationDecided(outcome.decision);
  deps.onDecided?.();
  return decided;
}

function checksSummary(results: CheckResults, durationsMs: Record<string, number>): Record<string, unknown> {
  const round = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms));
  return {
    document: { status: results.document.status, reasons: results.document.reasons },
    face_match:
      results.faceMatch.status === 'ok'
        ? {
            status: 'ok',
            similarity: results.faceMatch.similarity,
            threshold: FACE_MATCH_THRESHOLD,
            duration_ms: round(durationsMs.faces),
          }
        : { status: 'unavailable', duration_ms: round(durationsMs.faces) },
    liveness:
      results.liveness.status === 'ok'
        ? {
            status: 'ok',
            score: results.liveness.score,
            threshold: LIVENESS_THRESHOLD,
            duration_ms: round(durationsMs.faces),
          }
        : { status: 'unavailable', duration_ms: round(durationsMs.faces) },
    sanctions:
      results.sanctions.status === 'ok'
        ? {
            status: 'ok',
            outcome: results.sanctions.outcome,
            score: results.sanctions.score,
            duration_ms: round(durationsMs.sanctions),
          }
        : { status: 'unavailable', duration_ms: round(durationsMs.sanctions) },
    face_dedupe:
      results.dedupe.status === 'ok'
        ? { status: 'ok', reason: results.dedupe.reason, duration_ms: round(durationsMs.face_dedupe) }
        : { status: 'unavailable', reason: 'unavailable', duration_ms: round(durationsMs.face_dedupe) },
  };
}
