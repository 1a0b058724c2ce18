import { ApiError } from '../../core/errors.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';

/**
 * Uploads one verification may make in a rolling window. A capture needs 4–6 (front, back, selfie,
 * submit) and a few retakes; the bound keeps one client token from pushing a stream of 15 MB bodies
 * (at most 30 × 15 MB in 10 minutes) through the decoders and the media store.
 */
export const UPLOADS_PER_VERIFICATION = { max: 30, windowSeconds: 600 } as const;

export type UploadAdmission = {
  /**
   * Lets one upload of the verification in, or refuses it (429 + Retry-After); returns its release.
   * `alone`: refused while another upload of the verification runs here (submit is not: of two
   * concurrent submits one wins and the other is told 409, as the submit itself decides).
   */
  admit(verificationId: string, options: { alone: boolean }): Promise<() => void>;
};

/**
 * Checked as soon as the client token is known, before the body is read: the rate per verification
 * (shared by every instance, through the rate limiter) and one upload at a time per verification on
 * this instance, since a capture never sends two at once and a script that does only multiplies the
 * decoding it asks for.
 */
export function createUploadAdmission(deps: { rateLimiter: RateLimiter }): UploadAdmission {
  const inFlight = new Set<string>();
  return {
    async admit(verificationId, options) {
      if (options.alone && inFlight.has(verificationId)) {
        throw new ApiError('upload_in_progress', {}, { retryAfterSeconds: 1 });
      }
      // Taken before the shared count is asked, so a second upload arriving meanwhile is refused too.
      if (options.alone) inFlight.add(verificationId);
      const release = () => {
        if (options.alone) inFlight.delete(verificationId);
      };
      const counted = await deps.rateLimiter
        .consume(`session-uploads:${verificationId}`, UPLOADS_PER_VERIFICATION)
        .catch((error: unknown) => {
          release();
          throw error;
        });
      if (!counted.allowed) {
        release();
        throw new ApiError(
          'uploads_rate_limited',
          { max: UPLOADS_PER_VERIFICATION.max },
          { retryAfterSeconds: counted.retryAfterSeconds },
        );
      }
      return release;
    },
  };
}
