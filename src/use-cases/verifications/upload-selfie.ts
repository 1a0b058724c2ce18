import type { Verification } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import {
  decodeSelfie,
  requireConsent,
  requireOpen,
  saveUploads,
  type SelfieInput,
} from './session-inputs.js';

/** The selfie as frames or a video; the status does not move until submit. */
export async function uploadSelfie(
  deps: Pick<VerificationDeps, 'media' | 'transact' | 'clock' | 'checks' | 'imageWork'>,
  verification: Verification,
  body: SelfieInput,
): Promise<void> {
  requireOpen(verification);
  requireConsent(verification);
  // Decoding frames is image work: it waits its turn with the other uploads instead of adding to them.
  const frames = await deps.imageWork.run(() => decodeSelfie(deps, body));
  await saveUploads(deps, verification, {
    media: frames,
    status: verification.status,
    at: deps.clock.now(),
    event: 'selfie.uploaded',
    detail: {
      frames: frames.length,
      source: body.frames_b64?.length ? 'frames' : 'video',
      ...(body.liveness_challenge ? { liveness_challenge: body.liveness_challenge.id } : {}),
    },
    selfie: body,
  });
}
