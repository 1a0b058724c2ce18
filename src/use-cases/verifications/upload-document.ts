import { ApiError } from '../../core/errors.js';
import { advance } from '../../core/verifications/status.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import { readBarcode, requireConsent, requireImage, requireOpen, saveUploads } from './session-inputs.js';

/** The licence's front, or its back with the barcode read on the server. */
export async function uploadDocument(
  deps: Pick<VerificationDeps, 'media' | 'transact' | 'clock' | 'checks' | 'imageWork'>,
  verification: Verification,
  body: { side: 'front' | 'back'; image_b64?: string | undefined; barcode?: string | undefined },
): Promise<void> {
  requireOpen(verification);
  requireConsent(verification);
  if (!body.image_b64) throw new ApiError('image_required');
  const at = deps.clock.now();
  if (body.side === 'front') {
    const frontB64 = body.image_b64;
    const image = await deps.imageWork.run(() => requireImage(deps, frontB64, 'document_front'));
    await saveUploads(deps, verification, {
      media: [image],
      status: advance(verification.status, 'doc_back'),
      at,
      event: 'document_front.uploaded',
      detail: { bytes: image.bytes.length },
    });
    return;
  }
  const backB64 = body.image_b64;
  const { image, barcode } = await deps.imageWork.run(async () => {
    const decoded = await requireImage(deps, backB64, 'document_back');
    return { image: decoded, barcode: await readBarcode(deps, decoded.bytes, body.barcode) };
  });
  await saveUploads(deps, verification, {
    media: [image],
    status: advance(verification.status, 'selfie'),
    barcode,
    at,
    event: 'document_back.uploaded',
    detail: {
      bytes: image.bytes.length,
      server_decode: barcode.server_status,
      browser_barcode: barcode.browser_text !== null,
    },
  });
}
