import { z } from 'zod';
import type { DocumentIdentity } from '../core/checks.js';
import {
  type BarcodeFields,
  type FieldComparison,
  type FrontField,
  type FrontFields,
  MISMATCH_MIN_CONFIDENCE,
  compareFront,
  decisiveMismatches,
} from '../core/documents/front-fields.js';
import type { MrzResult, VisualZoneField, VisualZoneFields } from '../core/documents/mrz/types.js';
import { foldText } from '../core/screening/normalize-name.js';
import { snakeCaseKeys } from '../core/snake-case.js';
import type { MrzReadOutcome } from '../ports/check-engines.js';

/**
 * A passport's or identity card's machine-readable zone, judged: whether it was read, whether its
 * check digits hold, whether the printed visual zone confidently says otherwise, and whether the
 * document has expired. The zone's holder is the identity the face and screening checks use.
 */
export type MrzReasonCode =
  'mrz_unreadable' | 'mrz_check_digit_failed' | 'document_data_mismatch' | 'document_expired';

/** The visual-zone fields, as `doc_checks.document.mrz.visual_zone` names them. */
const VISUAL_FIELDS = {
  surname: 'lastName',
  givenNames: 'givenNames',
  birthDate: 'dob',
  documentNumber: 'licenseNumber',
  expiryDate: 'expiry',
} as const satisfies Record<keyof VisualZoneFields, keyof FrontFields>;

type VisualFieldName = keyof typeof VISUAL_FIELDS;

/** The zone's check digit that vouches for each compared field. */
const GUARDING_DIGIT = { dob: 'birthDate', licenseNumber: 'documentNumber', expiry: 'expiryDate' } as const;

type VisualComparison = {
  read: string | null;
  mrz: string | null;
  agrees: boolean | null;
  confidence: number | null;
};

export type MrzCheckDetail =
  | ({ status: 'read' } & Omit<MrzResult, 'namesTruncated' | 'corrections' | 'nameConfidence'> & {
        namesTruncated: boolean;
        corrections: number;
        visualZone: {
          fields: Record<VisualFieldName, VisualComparison>;
          mismatched: VisualFieldName[];
          minConfidence: number;
        };
        expired: boolean | null;
        models: { name: string; version: string }[];
        durationMs: number;
      })
  | { status: 'unreadable'; reason: 'no_zone_found' | 'invalid_image'; error?: string }
  | { status: 'unavailable'; error: string };

export type MrzCheck = {
  reasons: MrzReasonCode[];
  /** Stored as `doc_checks.document.mrz`. */
  detail: ReturnType<typeof snakeCaseKeys<MrzCheckDetail>>;
  identity: DocumentIdentity | null;
};

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
): { fields: Record<VisualFieldName, VisualComparison>; mismatched: VisualFieldName[] } {
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
  const fields = {} as Record<VisualFieldName, VisualComparison>;
  const mismatched: VisualFieldName[] = [];
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
    if (decisive.has(frontName)) mismatched.push(name);
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
 * Judges a zone's reading on `today` (ISO): no zone found or read is `mrz_unreadable` (a review, never
 * a pass, whether the page or the engine is at fault); a check digit that fails after the reader's
 * choices is `mrz_check_digit_failed`; a visual-zone field confidently disagreeing is
 * `document_data_mismatch`; an expiry before today is `document_expired`.
 */
export function checkMrzDocument(outcome: MrzReadOutcome, today: string): MrzCheck {
  if (outcome.status === 'unavailable')
    return {
      reasons: ['mrz_unreadable'],
      detail: { status: 'unavailable', error: outcome.error },
      identity: null,
    };
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
  const reasons: MrzReasonCode[] = [];
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
  return { reasons, detail: snakeCaseKeys(detail), identity: mrzIdentity(mrz) };
}

const visualComparison = z.object({
  read: z.string().nullable(),
  mrz: z.string().nullable(),
  agrees: z.boolean().nullable(),
  confidence: z.number().nullable(),
});

const visualFieldName = z.enum(['surname', 'given_names', 'birth_date', 'document_number', 'expiry_date']);

/** `doc_checks.document.mrz` as stored. */
export const mrzDetailSchema = z.union([
  z.object({
    status: z.literal('read'),
    format: z.enum(['TD1', 'TD2', 'TD3']),
    document_code: z.string(),
    issuing_state: z.string(),
    surname: z.string(),
    given_names: z.string(),
    document_number: z.string(),
    nationality: z.string(),
    birth_date: z.string().nullable(),
    sex: z.enum(['M', 'F', 'X']).nullable(),
    expiry_date: z.string().nullable(),
    optional_data: z.string().nullable(),
    check_digits: z.object({
      document_number: z.boolean(),
      birth_date: z.boolean(),
      expiry_date: z.boolean(),
      optional_data: z.boolean().nullable(),
      composite: z.boolean().nullable(),
    }),
    valid: z.boolean(),
    confidence: z.number(),
    names_truncated: z.boolean(),
    corrections: z.number().int(),
    visual_zone: z.object({
      fields: z.record(visualFieldName, visualComparison),
      mismatched: z.array(visualFieldName),
      min_confidence: z.number(),
    }),
    expired: z.boolean().nullable(),
    models: z.array(z.object({ name: z.string(), version: z.string() })),
    duration_ms: z.number(),
  }),
  z.object({
    status: z.literal('unreadable'),
    reason: z.enum(['no_zone_found', 'invalid_image']),
    error: z.string().optional(),
  }),
  z.object({ status: z.literal('unavailable'), error: z.string() }),
]);
