import type { StoredBarcode } from '../../core/checks.js';
import { barcodeRetakeRequired } from '../../core/documents/check-document.js';
import type { DocumentType } from '../../core/documents/document-types.js';
import { ApiError, validationError } from '../../core/errors.js';
import { ACTION_WINDOW_MS, type FrameLabel } from '../../core/faces/challenge.js';
import { MAX_SELFIE_FRAMES } from '../../core/verifications/status.js';
import { decodeVideo, MAX_INPUT_PIXELS, requireDecodedImage } from '../../core/verifications/uploads.js';
import { escapeUnstorableCharacters } from '../../core/text/storable-text.js';
import type { MediaItem, Verification } from '../../core/verifications/verification.js';
import { withTimeBudget } from '../../checks/time-budget.js';
import type { TransactionStores } from '../../ports/verification-store.js';
import type { VerificationDeps } from './deps.js';

/** The rules the end user's uploads share. */

/**
 * The liveness challenge a selfie answers: its id, for each frame of frames_b64 the action it shows
 * and when, and the window the capture gave each action when it widened it for a slow device.
 */
export type ChallengeAnswerInput = {
  id: string;
  frames: { action: FrameLabel; captured_at_ms: number }[];
  action_window_ms?: number | undefined;
};

export type SelfieInput = {
  frames_b64?: string[] | undefined;
  video_b64?: string | undefined;
  liveness_challenge?: ChallengeAnswerInput | undefined;
};

/** An answer labels frames one by one, so it comes with frames_b64 and one label per frame. */
function requireAnswerShape(input: SelfieInput): void {
  const answer = input.liveness_challenge;
  if (!answer) return;
  const frames = input.frames_b64?.length ?? 0;
  if (frames === 0)
    throw validationError([
      {
        loc: ['body', 'liveness_challenge'],
        msg: 'a liveness challenge is answered with frames_b64, one label per frame (not video_b64)',
        type: 'value_error',
      },
    ]);
  if (answer.frames.length !== frames)
    throw validationError([
      {
        loc: ['body', 'liveness_challenge', 'frames'],
        msg: `${answer.frames.length} labels for ${frames} frames: give one label per frame of frames_b64`,
        type: 'value_error',
      },
    ]);
}

/**
 * Inside the transaction that saves selfie frames: takes the challenge they answer (or finds why it
 * cannot count) and keeps the answer with them; frames without a challenge clear an earlier answer.
 */
export async function keepSelfieAnswer(
  tx: TransactionStores,
  verificationId: string,
  input: SelfieInput,
  at: Date,
): Promise<void> {
  const given = input.liveness_challenge;
  const answer = given
    ? await tx.challenges.answer({
        verificationId,
        challengeId: given.id,
        frames: given.frames
          .slice(0, MAX_SELFIE_FRAMES)
          .map((frame) => ({ action: frame.action, capturedAtMs: frame.captured_at_ms })),
        actionWindowMs: given.action_window_ms ?? ACTION_WINDOW_MS,
        at,
      })
    : null;
  await tx.challenges.keepWithSelfie(verificationId, answer);
}

/**
 * An uploaded image, checked by the decoder itself before anything is stored: bytes it cannot read
 * and images over the pixel limit by its own reading are a 422 (the header check alone can be fooled).
 */
export async function requireImage(
  deps: Pick<VerificationDeps, 'checks'>,
  input: string,
  kind: MediaItem['kind'],
  index = 0,
): Promise<MediaItem> {
  const decoded = requireDecodedImage(input);
  const inspected = await deps.checks.engines.inspectImage(decoded.bytes);
  if (inspected.status === 'too_large') {
    throw new ApiError('image_too_large', {
      width: inspected.width,
      height: inspected.height,
      max: MAX_INPUT_PIXELS / 1_000_000,
    });
  }
  if (inspected.status === 'undecodable')
    throw new ApiError('invalid_base64_image', { reason: 'the image cannot be decoded' });
  return { kind, index, contentType: decoded.contentType, bytes: decoded.bytes };
}

export function requireConsent(verification: Verification, consentInBody = false): void {
  if (!verification.consent_at && !consentInBody) throw new ApiError('consent_required');
}

export function requireOpen(verification: Verification): void {
  if (['decided', 'expired', 'canceled'].includes(verification.status)) {
    throw new ApiError('verification_closed', { status: verification.status });
  }
}

/** Reads the back's PDF417 on the server, falling back to the browser's string; nothing readable is a retake (422). */
export async function readBarcode(
  deps: Pick<VerificationDeps, 'checks'>,
  image: Buffer,
  browserText: string | undefined,
): Promise<StoredBarcode> {
  const started = performance.now();
  const outcome = await withTimeBudget(
    deps.checks.engines.decodeBarcode(image),
    deps.checks.checkTimeoutMs,
    (error) => ({ status: 'unavailable' as const, error }),
  );
  deps.checks.metrics.checkFinished(
    'barcode_decode',
    performance.now() - started,
    outcome.status === 'unavailable',
  );
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

/** The selfie as frames: the first 8 frames sent, or 8 frames spread over a video. */
export async function decodeSelfie(
  deps: Pick<VerificationDeps, 'checks'>,
  input: SelfieInput,
): Promise<MediaItem[]> {
  requireAnswerShape(input);
  if (input.frames_b64 && input.frames_b64.length > 0) {
    const frames: MediaItem[] = [];
    for (const [index, frame] of input.frames_b64.slice(0, MAX_SELFIE_FRAMES).entries())
      frames.push(await requireImage(deps, frame, 'selfie_frame', index));
    return frames;
  }
  if (input.video_b64) {
    const video = decodeVideo(input.video_b64);
    if (!video.ok) throw new ApiError('invalid_video', { reason: video.reason });
    const extracted = await deps.checks.engines.extractVideoFrames(video.bytes, MAX_SELFIE_FRAMES);
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

/** Stores uploads and moves the verification on in one transaction, only while it is still open. */
export async function saveUploads(
  deps: Pick<VerificationDeps, 'media' | 'transact'>,
  verification: Verification,
  input: {
    media: MediaItem[];
    status: Verification['status'];
    barcode?: StoredBarcode;
    at: Date;
    event: string;
    detail: Record<string, unknown>;
    /** Selfie frames: the challenge answer that goes with them (keepSelfieAnswer). */
    selfie?: SelfieInput;
    /**
     * A document upload of a type other than the one chosen: the type is recorded and document
     * capture restarts (the other type's images and barcode are dropped) before this upload counts.
     */
    chooseType?: { type: DocumentType; previous: DocumentType | null };
  },
): Promise<void> {
  const saved = await deps.media.withPlaced(verification.id, input.media, (placed) =>
    deps.transact(async (tx) => {
      const dropped: string[] = [];
      if (input.chooseType) {
        const { type, previous } = input.chooseType;
        if (!(await tx.verifications.chooseDocumentType(verification.id, type, input.at)))
          return { result: false, replaced: null };
        dropped.push(...(await tx.media.removeKinds(verification.id, ['document_front', 'document_back'])));
        // The first choice is in the upload's own entry; a change of mind gets one of its own.
        if (previous !== null)
          await tx.audit.append(verification.id, {
            actor: 'end_user',
            event: 'document_type.changed',
            at: input.at,
            detail: { document_type: type, previous_document_type: previous },
          });
      }
      const advanced = await tx.verifications.advance(verification.id, {
        status: input.status,
        at: input.at,
        ...(input.barcode ? { barcode: input.barcode } : {}),
      });
      if (!advanced) return { result: false, replaced: null };
      const replaced = [...dropped, ...(await tx.media.save(verification.id, placed, input.at))];
      if (input.selfie) await keepSelfieAnswer(tx, verification.id, input.selfie, input.at);
      await tx.audit.append(verification.id, {
        actor: 'end_user',
        event: input.event,
        at: input.at,
        detail: input.detail,
      });
      return { result: true, replaced };
    }),
  );
  if (!saved) throw new ApiError('verification_closed', { status: verification.status });
}
