import type { VerificationStatus } from '../verifications/status.js';

/**
 * The identity documents a verification can take (docs/api.md, "Document types"). A driver's licence
 * is read through the PDF417 barcode on its back; a passport and an identity card through their
 * machine-readable zone (MRZ): on a passport's data page, on the back of a TD1 identity card.
 */
export const DOCUMENT_TYPES = ['drivers_license', 'id_card', 'passport'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What an upload that names no type is: clients written before passports and ID cards keep working. */
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'drivers_license';

export type DocumentSide = 'front' | 'back';

/** The sides a type is captured as: a passport is its data page alone, sent as the front. */
export function documentSides(type: DocumentType): readonly DocumentSide[] {
  return type === 'passport' ? ['front'] : ['front', 'back'];
}

/** Whether the type is read through its machine-readable zone rather than a barcode. */
export function readsMrz(type: DocumentType): type is 'id_card' | 'passport' {
  return type !== 'drivers_license';
}

/** The status an upload of `side` reaches: after a passport's data page comes the selfie. */
export function statusReachedBy(type: DocumentType, side: DocumentSide): VerificationStatus {
  if (side === 'back' || type === 'passport') return 'selfie';
  return 'doc_back';
}

export type CaptureStep = 'doc_front' | 'doc_back' | 'selfie';

/** The capture steps still to do, in order, for the chosen type (the licence's when none is chosen yet). */
export function remainingSteps(
  type: DocumentType | null,
  uploaded: { front: boolean; back: boolean; selfie: boolean },
): CaptureStep[] {
  const sides = documentSides(type ?? DEFAULT_DOCUMENT_TYPE);
  const steps: CaptureStep[] = [];
  if (!uploaded.front) steps.push('doc_front');
  if (sides.includes('back') && !uploaded.back) steps.push('doc_back');
  if (!uploaded.selfie) steps.push('selfie');
  return steps;
}
