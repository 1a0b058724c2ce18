import type {
  DocumentIdentity,
  MrzCheckDetail,
  MrzReason,
  StoredVisualFieldName,
  VisualFieldName,
  VisualZoneComparison,
} from '../core/checks.js';
import { isoDateUtc } from '../core/documents/check-document.js';
import {
  type BarcodeFields,
  type FieldComparison,
  type FrontField,
  type FrontFields,
  MISMATCH_MIN_CONFIDENCE,
} from '../core/documents/front-fields.js';
import { compareFront, decisiveMismatches } from '../core/documents/front-comparison.js';
import type { MrzResult, VisualZoneField, VisualZoneFields } from '../core/documents/mrz/types.js';
import { foldText } from '../core/screening/normalize-name.js';
import type { MrzReader, MrzReadOutcome } from '../ports/check-engines.js';

/** The visual-zone fields, as `doc_checks.document.mrz.visual_zone` names them. */
const VISUAL_FIELDS = {
  surname: 'lastName',
  givenNames: 'givenNames',
  birthDate: 'dob',
  documentNumber: 'licenseNumber',
  expiryDate: 'expiry',
} as const satisfies Record<keyof VisualZoneFields, keyof FrontFields>;

/** Each field as the stored detail's `mismatched` names it. */
const STORED_NAMES = {
  surname: 'surname',
  givenNames: 'given_names',
  birthDate: 'birth_date',
  documentNumber: 'document_number',
  expiryDate: 'expiry_date',
} as const satisfies Record<VisualFieldName, StoredVisualFieldName>;

/** The zone's check digit that vouches for each compared field. */
const GUARDING_DIGIT = { dob: 'birthDate', licenseNumber: 'documentNumber', expiry: 'expiryDate' } as const;

export type MrzCheck = { reasons: MrzReason[]; detail: MrzCheckDetail; identity: DocumentIdentity | null };

/**
 * A name as either zone may spell it: diacritics dropped and Doc 9303's digraphs for them (`Ä` as
 * `AE`, `Å` as `AA`, `Ö` and `Ø` as `OE`, `Ü` as `UE`) as their one letter, so `ÅSTRÖM` printed (or
 * read `ASTROM`) and `AASTROEM` in the zone are one name.
 */
function asTransliterated(name: string): string {
  return foldText(name).toUpperCase().replace(/AA|AE/g, 'A').replace(/OE/g, 'O').replace(/UE/g, 'U');
}

const asFrontField = (
  field: VisualZoneField,
  form: (text: string) => string = (t) => t,
): FrontField | null =>
  field.value === null
    ? null
    : {
        value: form(field.value),
        text: field.value,
        confidence: field.confidence,
        ...(field.readings && field.readings.length > 1 ? { readings: field.readings } : {}),
      };

/** Given names as first and middle: the first word, then the rest. */
function splitGiven(givenNames: string): { first: string | null; middle: string | null } {
  const [first, ...rest] = givenNames.split(/\s+/).filter(Boolean);
  return { first: first ?? null, middle: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * The visual zone against the zone: the licence front's comparison (names within OCR noise, dates in
 * either order their print allows, numbers with look-alikes forgiven) and its confidence rule. A
 * field is a mismatch when it disagrees at MISMATCH_MIN_CONFIDENCE or more (a document number only
 * where a digit differs). A zone field whose check digit fails, and names the zone may have cut short
 * or was unsure of, are shown, never decisive.
 */
export function compareVisualZone(
  mrz: MrzResult,
  visual: VisualZoneFields,
): { fields: Record<VisualFieldName, VisualZoneComparison>; mismatched: StoredVisualFieldName[] } {
  const { first, middle } = splitGiven(asTransliterated(mrz.givenNames));
  const reference: BarcodeFields = {
    lastName: asTransliterated(mrz.surname) || null,
    firstName: first,
    middleName: middle,
    dob: mrz.birthDate,
    licenseNumber: mrz.documentNumber || null,
    expiry: mrz.expiryDate,
  };
  const comparison = compareFront(
    {
      lastName: asFrontField(visual.surname, asTransliterated),
      givenNames: asFrontField(visual.givenNames, asTransliterated),
      dob: asFrontField(visual.birthDate),
      licenseNumber: asFrontField(visual.documentNumber),
      expiry: asFrontField(visual.expiryDate),
    },
    reference,
  );
  // A zone field whose own check digit fails was misread (that is its own reason), and names no
  // check digit guards decide only when the zone's were read as surely as the visual zone's must be.
  const guarded = (['dob', 'licenseNumber', 'expiry'] as const).filter(
    (f) => mrz.checkDigits[GUARDING_DIGIT[f]],
  );
  const namesSure = !mrz.namesTruncated && (mrz.nameConfidence ?? 1) >= MISMATCH_MIN_CONFIDENCE;
  const decisive = new Set<keyof FrontFields>([
    ...decisiveMismatches(comparison, MISMATCH_MIN_CONFIDENCE, guarded),
    ...(namesSure ? decisiveMismatches(comparison, MISMATCH_MIN_CONFIDENCE, ['lastName', 'givenNames']) : []),
  ]);
  const fields = {} as Record<VisualFieldName, VisualZoneComparison>;
  const mismatched: StoredVisualFieldName[] = [];
  const printed: Record<VisualFieldName, string | null> = {
    surname: visual.surname.value,
    givenNames: visual.givenNames.value,
    birthDate: visual.birthDate.value,
    documentNumber: visual.documentNumber.value,
    expiryDate: visual.expiryDate.value,
  };
  const inZone: Record<VisualFieldName, string | null> = {
    surname: mrz.surname || null,
    givenNames: mrz.givenNames || null,
    birthDate: mrz.birthDate,
    documentNumber: mrz.documentNumber || null,
    expiryDate: mrz.expiryDate,
  };
  for (const [name, frontName] of Object.entries(VISUAL_FIELDS) as [VisualFieldName, keyof FrontFields][]) {
    const c: FieldComparison = comparison[frontName];
    fields[name] = { read: printed[name], mrz: inZone[name], agrees: c.agrees, confidence: c.confidence };
    if (decisive.has(frontName)) mismatched.push(STORED_NAMES[name]);
  }
  return { fields, mismatched };
}

/** The zone's holder, for the face and screening checks. */
export function mrzIdentity(mrz: MrzResult): DocumentIdentity {
  const { first, middle } = splitGiven(mrz.givenNames);
  return {
    lastName: mrz.surname || null,
    firstName: first,
    middleName: middle,
    nameSuffix: null,
    dob: mrz.birthDate,
    sex: mrz.sex,
  };
}

/**
 * Judges a zone's reading on `today` (ISO): no zone found on the image, or an image that cannot be
 * decoded, is `mrz_unreadable`; a check digit that fails after the reader's choices is
 * `mrz_check_digit_failed`; a visual-zone field confidently disagreeing is `document_data_mismatch`;
 * an expiry before today is `document_expired`. An engine that could not run gives no reason here:
 * the caller adds `mrz_unavailable`, which caps the decision at review (document-mrz.ts).
 */
export function judgeMrzRead(outcome: MrzReadOutcome, today: string): MrzCheck {
  if (outcome.status === 'unavailable')
    return { reasons: [], detail: { status: 'unavailable', error: outcome.error }, identity: null };
  if (outcome.status === 'invalid_image')
    return {
      reasons: ['mrz_unreadable'],
      detail: { status: 'unreadable', reason: 'invalid_image', error: outcome.error },
      identity: null,
    };
  if (outcome.status === 'not_found')
    return {
      reasons: ['mrz_unreadable'],
      detail: { status: 'unreadable', reason: 'no_zone_found' },
      identity: null,
    };
  const { mrz, visualZone, models, durationMs } = outcome;
  const visual = compareVisualZone(mrz, visualZone);
  const expired = mrz.expiryDate === null ? null : mrz.expiryDate < today;
  const reasons: MrzReason[] = [];
  if (!mrz.valid) reasons.push('mrz_check_digit_failed');
  if (visual.mismatched.length > 0) reasons.push('document_data_mismatch');
  if (expired) reasons.push('document_expired');
  const { namesTruncated, corrections, nameConfidence: _nameConfidence, ...read } = mrz;
  const detail: MrzCheckDetail = {
    status: 'read',
    ...read,
    namesTruncated: namesTruncated ?? false,
    corrections: corrections ?? 0,
    visualZone: { ...visual, minConfidence: MISMATCH_MIN_CONFIDENCE },
    expired,
    models,
    durationMs: Math.round(durationMs),
  };
  return { reasons, detail, identity: mrzIdentity(mrz) };
}

/**
 * Reads the zone on `image` (comparing its printed fields on `visualZone` when given: a card's front)
 * and judges it; no reader (ML disabled) or no image is `not_compared`.
 */
export async function checkMrzDocument(
  reader: MrzReader | null,
  image: Buffer | null,
  today: Date,
  visualZone?: Buffer,
): Promise<MrzCheck> {
  if (!reader)
    return { reasons: [], detail: { status: 'not_compared', reason: 'ml_disabled' }, identity: null };
  if (!image)
    return { reasons: [], detail: { status: 'not_compared', reason: 'no_document_image' }, identity: null };
  return judgeMrzRead(await reader.readMrz(image, visualZone), isoDateUtc(today));
}
