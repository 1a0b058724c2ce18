import type {
  DocumentIdentity,
  DocumentCheckResult,
  MrzCheckDetail,
  MrzReason,
  ScreenedDocumentOrigin,
} from '../core/checks.js';
import type { DocumentSide, DocumentType } from '../core/documents/document-types.js';
import type { DocumentReasonCode } from '../core/verifications/reason-codes.js';
import type { MrzReader } from '../ports/check-engines.js';
import { checkMrzDocument } from './mrz-check.js';
import type { Identity } from './identity.js';

export type MrzRead = { reasons: MrzReason[]; detail: MrzCheckDetail; identity: DocumentIdentity | null };

export type MrzDocumentInput = {
  type: Extract<DocumentType, 'passport' | 'id_card'>;
  front: Buffer | null;
  back: Buffer | null;
  today: Date;
  /** The merchant keeps documents read only through their MRZ at review (`mrz_review`). */
  mrzReview: boolean;
};

export type MrzDocumentCheck = {
  result: DocumentCheckResult;
  identity: Identity | null;
  origin: ScreenedDocumentOrigin | null;
};

/**
 * The sides to read, in order: a passport's data page; a TD1 card's back (its zone is there), then its
 * front, for cards that print the zone on the front (TD2 cards) or a back photographed as the front.
 */
function sidesToRead(
  input: MrzDocumentInput,
): { side: DocumentSide; image: Buffer | null; visualZone?: Buffer }[] {
  if (input.type === 'passport') return [{ side: 'front', image: input.front }];
  return [
    // A TD1 card prints its holder's fields on the front: they are compared with the zone on the back.
    { side: 'back', image: input.back, ...(input.front ? { visualZone: input.front } : {}) },
    { side: 'front', image: input.front },
  ];
}

/**
 * Reads the passport's or ID card's machine-readable zone and turns what was read into the document
 * check's result. A reader that could not run (or ML disabled) is `mrz_unavailable`: a passport or
 * ID card has no other document evidence, so that is never a pass. `mrz_review` adds
 * `document_chip_not_read` whatever was read: check digits prove a correct read, not a genuine document.
 */
export async function checkMrzDocumentImages(
  reader: MrzReader | null,
  input: MrzDocumentInput,
  read: (
    reader: MrzReader | null,
    image: Buffer | null,
    today: Date,
    visualZone?: Buffer,
  ) => Promise<MrzRead> = checkMrzDocument,
): Promise<MrzDocumentCheck> {
  let chosen: { side: DocumentSide | null; read: MrzRead } | null = null;
  for (const { side, image, visualZone } of sidesToRead(input)) {
    if (!image) continue;
    const outcome = await read(reader, image, input.today, visualZone);
    chosen = { side, read: outcome };
    if (outcome.detail.status !== 'unreadable') break;
  }
  chosen ??= { side: null, read: await read(reader, null, input.today) };
  const { detail, identity } = chosen.read;

  const reasons: DocumentReasonCode[] = [...chosen.read.reasons];
  if (detail.status === 'unavailable' || detail.status === 'not_compared') reasons.push('mrz_unavailable');
  if (input.mrzReview) reasons.push('document_chip_not_read');
  const expired = reasons.includes('document_expired')
    ? true
    : detail.status === 'read' && detail.expiryDate !== null
      ? false
      : null;
  return {
    result: {
      status: 'ok',
      documentType: input.type,
      reasons,
      detail: {
        documentType: input.type,
        mrzSide: detail.status === 'read' ? chosen.side : null,
        mrz: detail,
        identity,
        expired,
      },
    },
    identity: identity
      ? {
          firstName: identity.firstName,
          middleName: identity.middleName,
          lastName: identity.lastName,
          dob: identity.dob,
        }
      : null,
    origin:
      detail.status === 'read'
        ? { nationality: detail.nationality, issuingState: detail.issuingState }
        : null,
  };
}
