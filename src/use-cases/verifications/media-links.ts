/**
 * Stored images are served only through links signed with the deployment's media key that expire after
 * an hour: whoever holds a link may fetch that one image until then, with no key.
 */
import { ApiError } from '../../core/errors.js';
import { signLink, verifyLink } from '../../core/signing.js';
import { addSeconds } from '../../core/time.js';
import { MEDIA_URL_TTL_SECONDS } from '../../core/verifications/status.js';
import type { VerificationDeps } from './deps.js';
import { ownedVerification } from './read-verifications.js';

export type MediaLinkDeps = Pick<VerificationDeps, 'verifications' | 'media' | 'clock'> & {
  /** MEDIA_SIGNING_KEY, or the one generated into DATA_DIR. */
  signingKey: string;
};

export type SignedMedia = {
  mediaId: string;
  kind: string;
  index: number;
  contentType: string;
  bytes: number;
  /** Unix seconds, as carried in the link. */
  expires: number;
  signature: string;
};

export async function signedMediaLinks(
  deps: MediaLinkDeps,
  verificationId: string,
  callerKeyId: number,
): Promise<{ expiresAt: Date; items: SignedMedia[] }> {
  const verification = await ownedVerification(deps, verificationId, callerKeyId);
  const expiresAt = addSeconds(deps.clock.now(), MEDIA_URL_TTL_SECONDS);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const media = await deps.media.index(verification.id);
  return {
    expiresAt,
    items: media.map((m) => ({
      mediaId: m.id,
      kind: m.kind,
      index: m.idx,
      contentType: m.content_type,
      bytes: m.byte_size,
      expires,
      signature: signLink(deps.signingKey, m.id, expires),
    })),
  };
}

/** The image behind a link; a bad signature, an expired link and a deleted image are the same 404. */
export async function openMediaLink(
  deps: MediaLinkDeps,
  link: { mediaId: string; expires: number; signature: string | undefined },
): Promise<{ contentType: string; bytes: Buffer }> {
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  if (
    !link.signature ||
    !verifyLink(deps.signingKey, link.mediaId, link.expires, link.signature, nowSeconds)
  ) {
    throw new ApiError('media_link_invalid');
  }
  const media = await deps.media.byId(link.mediaId);
  if (!media) throw new ApiError('media_link_invalid');
  return media;
}
