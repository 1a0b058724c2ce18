import {
  DEFAULT_DOCUMENT_TYPE,
  documentSides,
  statusReachedBy,
  type DocumentSide,
  type DocumentType,
} from '../../core/documents/document-types.js';
import { ApiError, validationError } from '../../core/errors.js';
import { advance } from '../../core/verifications/status.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import { readBarcode, requireConsent, requireImage, requireOpen, saveUploads } from './session-inputs.js';

/** The type of the verification's document so far: a licence's barcode read before types were recorded counts as one. */
function chosenType(verification: Verification): DocumentType | null {
  return verification.document_type ?? (verification.barcode ? DEFAULT_DOCUMENT_TYPE : null);
}

/**
 * An ID card needs both sides (the portrait on the front, the MRZ on the back), in either order: the
 * status names the side still missing, and moves to the selfie once both are in.
 */
async function cardStatus(
  deps: Pick<VerificationDeps, 'media'>,
  verification: Verification,
  side: DocumentSide,
  restarting: boolean,
): Promise<Verification['status']> {
  const other = side === 'front' ? 'document_back' : 'document_front';
  if (!restarting && (await deps.media.has(verification.id, other))) return 'selfie';
  return side === 'front' ? 'doc_back' : 'doc_front';
}

/** A type the verification accepts (422 document_type_not_allowed otherwise). */
export function requireAllowedType(verification: Verification, type: DocumentType): void {
  if (!verification.document_types.includes(type))
    throw new ApiError('document_type_not_allowed', {
      type,
      allowed: verification.document_types.join(', '),
    });
}

/**
 * One side of the document: a licence's front, or its back with the barcode read on the server; a
 * passport's data page (its front); an ID card's front or back (its MRZ is read at submit). The first
 * upload that names a type chooses it (one that names none is a licence, recorded as no choice);
 * an upload of another type restarts document capture.
 */
export async function uploadDocument(
  deps: Pick<VerificationDeps, 'media' | 'transact' | 'clock' | 'checks' | 'imageWork'>,
  verification: Verification,
  body: {
    side: 'front' | 'back';
    image_b64?: string | undefined;
    barcode?: string | undefined;
    document_type?: DocumentType | undefined;
  },
): Promise<void> {
  requireOpen(verification);
  requireConsent(verification);
  const type = body.document_type ?? DEFAULT_DOCUMENT_TYPE;
  requireAllowedType(verification, type);
  if (!documentSides(type).includes(body.side))
    throw validationError([
      {
        loc: ['body', 'side'],
        msg: 'a passport is its data page alone: send it with side front',
        type: 'value_error',
      },
    ]);
  if (!body.image_b64) throw new ApiError('image_required');
  const previous = chosenType(verification);
  // An upload that names no type over none chosen writes what it always did (a licence, no new column).
  const named = body.document_type !== undefined || previous !== null;
  const chooseType = previous === type || !named ? undefined : { type, previous };
  // A restart takes the status back to doc_front before this upload moves it on.
  const status =
    type === 'id_card'
      ? await cardStatus(deps, verification, body.side, chooseType !== undefined)
      : advance(chooseType ? 'doc_front' : verification.status, statusReachedBy(type, body.side));
  const at = deps.clock.now();
  const imageB64 = body.image_b64;
  if (body.side === 'front') {
    const image = await deps.imageWork.run(() => requireImage(deps, imageB64, 'document_front'));
    await saveUploads(deps, verification, {
      media: [image],
      status,
      at,
      event: 'document_front.uploaded',
      detail: { bytes: image.bytes.length, document_type: type },
      ...(chooseType ? { chooseType } : {}),
    });
    return;
  }
  const { image, barcode } = await deps.imageWork.run(async () => {
    const decoded = await requireImage(deps, imageB64, 'document_back');
    // Only a licence's back carries a PDF417; an ID card's MRZ is read with the checks at submit.
    return {
      image: decoded,
      barcode: type === 'drivers_license' ? await readBarcode(deps, decoded.bytes, body.barcode) : undefined,
    };
  });
  await saveUploads(deps, verification, {
    media: [image],
    status,
    ...(barcode ? { barcode } : {}),
    at,
    event: 'document_back.uploaded',
    detail: {
      bytes: image.bytes.length,
      document_type: type,
      ...(barcode
        ? { server_decode: barcode.server_status, browser_barcode: barcode.browser_text !== null }
        : {}),
    },
    ...(chooseType ? { chooseType } : {}),
  });
}
