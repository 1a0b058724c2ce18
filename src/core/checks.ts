import type { AamvaDocument, AamvaParseError, ToleratedDeviation } from './documents/aamva/types.js';
import type { FrontComparison } from './documents/front-fields.js';
import type { LicenseNumberCheck } from './documents/license-number.js';
import type { ChallengeAction, ChallengeFailure, ChallengeStep } from './faces/challenge.js';
import type { ModelInfo } from './faces/face-engine.js';
import type { FaceQuality } from './faces/portrait.js';
import type { ListMatch, ScreeningListId } from './screening/list-catalogue.js';
import type { DocumentType } from './documents/document-types.js';
import type { MrzResult } from './documents/mrz/types.js';
import type { DocumentReasonCode, ReasonCode } from './verifications/reason-codes.js';

/**
 * Results of the five checks that feed decide(). Each check either ran (its verdict is data) or was
 * `unavailable` (model not loaded, list not loaded, error, time budget spent): never a faked score.
 * Each detail is the reviewer-facing evidence the verification stores as `doc_checks` (snake-cased):
 * core/check-results.ts holds its schema, and the two are checked against each other when compiling.
 */
export type Unavailable = { status: 'unavailable'; error: string };

/** What test mode adds to a detail whose outcome it forced, or writes in its place. */
export type ForcedMarker = { testMode: 'forced' };

export type DocumentIdentity = {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  nameSuffix: string | null;
  dob: string | null;
  sex: 'M' | 'F' | 'X' | null;
};

/** Which barcode text was read, what it parsed to, and the verdicts on it. */
export type DocumentCheckDetail = {
  /** The licence's type; absent from verifications decided before passports and ID cards were taken. */
  documentType?: 'drivers_license';
  decodeSource: 'server' | 'browser' | null;
  serverDecode: {
    status: StoredBarcode['server_status'];
    strategy?: string;
    durationMs?: number;
    error?: string;
  };
  /** absent; agrees / disagrees with the server's text; or used because the server had none. */
  browserBarcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
  parse:
    | { ok: true; tolerated: ToleratedDeviation[] }
    | { ok: false; error: AamvaParseError | 'no_barcode'; message: string };
  identity: DocumentIdentity | null;
  document: {
    type: 'DL' | 'ID';
    jurisdiction: string | null;
    jurisdictionName: string | null;
    country: string | null;
    iin: string;
    aamvaVersion: number;
    jurisdictionVersion: number | null;
    licenseNumber: string | null;
    issueDate: string | null;
    expiry: string | null;
    address: AamvaDocument['address'];
    truncation: AamvaDocument['truncation'];
  } | null;
  missingElements: string[];
  /** null when there is no readable expiry date. */
  expired: boolean | null;
  licenseNumber: LicenseNumberCheck | null;
  /** The front as read beside the barcode; absent where the check does not read it (test mode, earlier releases). */
  front?: FrontCheckDetail;
};

/**
 * What reading the licence front found, against the barcode:
 * - `compared`: fields read and compared, one entry per field;
 * - `unreadable`: neither the date of birth nor the licence number could be read (neutral, noted);
 * - `unavailable`: the OCR engine could not run (`document_front_unavailable`, caps at review);
 * - `not_compared`: no front image, no parsed barcode to compare with, or ML disabled by configuration.
 */
export type FrontCheckDetail =
  | {
      status: 'compared' | 'unreadable';
      fields: FrontComparison;
      /** The decisive fields read with confidence in disagreement, as `fields` names them. */
      mismatched: ('dob' | 'license_number')[];
      minConfidence: number;
      linesRead: number;
      models: ModelInfo[];
      durationMs: number;
    }
  | { status: 'unreadable'; reason: string }
  | { status: 'unavailable'; error: string }
  | { status: 'not_compared'; reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled' };

/**
 * What reading a passport's or ID card's machine-readable zone found (`doc_checks.document.mrz`):
 * - `read`: the zone as read, with a verdict per check digit (`valid` when every one holds);
 * - `unreadable`: no zone was found on the image(s) (`mrz_unreadable`);
 * - `unavailable`: the reader could not run (`mrz_unavailable`, caps at review);
 * - `not_compared`: no image to read, or ML disabled by configuration (`mrz_unavailable` too: a
 *   passport or ID card has no other evidence, so it is never a pass).
 */
/** A printed visual-zone field beside the zone's value, and whether they agree (null: not compared). */
export type VisualZoneComparison = {
  read: string | null;
  mrz: string | null;
  agrees: boolean | null;
  confidence: number | null;
};

export type VisualFieldName = 'surname' | 'givenNames' | 'birthDate' | 'documentNumber' | 'expiryDate';

/** A visual-zone field as `mismatched` names it in the stored detail. */
export type StoredVisualFieldName =
  'surname' | 'given_names' | 'birth_date' | 'document_number' | 'expiry_date';

export type MrzCheckDetail =
  | ({ status: 'read'; models: ModelInfo[]; durationMs: number } & Omit<
      MrzResult,
      'namesTruncated' | 'corrections' | 'nameConfidence'
    > & {
        /** The zone's name field was full, so a name may have been cut short. */
        namesTruncated: boolean;
        /** Characters the reader chose by their check digits over its first reading. */
        corrections: number;
        visualZone: {
          fields: Record<VisualFieldName, VisualZoneComparison>;
          mismatched: StoredVisualFieldName[];
          minConfidence: number;
        };
        expired: boolean | null;
      })
  | { status: 'unreadable'; reason: 'no_zone_found' | 'invalid_image'; error?: string }
  | { status: 'unavailable'; error: string }
  | { status: 'not_compared'; reason: 'no_document_image' | 'ml_disabled' };

/** The reasons reading a machine-readable zone gives; the caller adds `mrz_unavailable` when it could not run. */
export type MrzReason = Extract<
  ReasonCode,
  'mrz_unreadable' | 'mrz_check_digit_failed' | 'document_data_mismatch' | 'document_expired'
>;

/** A passport or ID card: its type, the person its MRZ names and whether it has expired. */
export type MrzDocumentDetail = {
  documentType: Extract<DocumentType, 'passport' | 'id_card'>;
  /** Which side the zone was read on: a TD1 card's is on the back, but either side is read. */
  mrzSide: 'front' | 'back' | null;
  mrz: MrzCheckDetail;
  identity: DocumentIdentity | null;
  /** null when there is no readable expiry date. */
  expired: boolean | null;
};

export type DocumentCheckResult = {
  status: 'ok';
  /** Which document was checked; a driver's licence when absent. */
  documentType?: DocumentType;
  reasons: DocumentReasonCode[];
  detail:
    | DocumentCheckDetail
    | (DocumentCheckDetail & ForcedMarker)
    | MrzDocumentDetail
    | (MrzDocumentDetail & ForcedMarker)
    | ForcedMarker;
};

/** The licence portrait against the selfie; `reason` says why there is no similarity. */
export type FaceMatchDetail =
  | {
      threshold: number;
      operatingDistance: number;
      portraitFaces: number;
      selfieFramesUsed: number;
      models: ModelInfo[];
      reason?: string;
      portraitQuality?: FaceQuality;
      minPortraitFacePx?: number;
      distance?: number;
      selfieFramesMatched?: (FaceQuality & { frame: number; distance: number })[];
    }
  | { reason: 'no_document_front' }
  | ForcedMarker;

export type FaceMatchCheckResult =
  | {
      status: 'ok';
      /** Calibrated 0..1, higher = more alike; null when a face could not be found (no face or several). */
      similarity: number | null;
      detail: FaceMatchDetail;
    }
  | Unavailable;

/** The challenge as answered: what was asked, whether each step was seen, and what failed. */
export type LivenessChallengeDetail = {
  id: string;
  actions: ChallengeAction[];
  passed: boolean;
  failure: ChallengeFailure | null;
  /** The window each action was held to; absent from verifications decided before it could be widened. */
  actionWindowMs?: number;
  steps: ChallengeStep[];
};

export type LivenessComponents = {
  deformation: number;
  pose: number;
  identityConsistent: boolean;
};

/** What assessLiveness() measured over the selfie frames: the measures, the components and the challenge. */
export type LivenessMeasures = {
  frames: number;
  framesUsed: number;
  frameNotes?: string[];
  reasons?: string[];
  threshold: number;
  challenge: LivenessChallengeDetail | null;
  motionScore: number;
  replayedFrames?: readonly number[];
  weights: { deformation: number; pose: number };
  components: LivenessComponents;
  measured: {
    deformation: number;
    yawRangeDeg: number;
    pitchRangeDeg: number;
    maxDistanceToMedoid: number;
  };
};

/** Liveness's detail: the measures and the models that took them, or why there was nothing to measure. */
export type LivenessDetail =
  | (LivenessMeasures & { models: ModelInfo[] })
  | { frames: 0; reasons: string[]; models: ModelInfo[] }
  | ForcedMarker;

export type LivenessCheckResult = { status: 'ok'; score: number; detail: LivenessDetail } | Unavailable;

/**
 * Where a passport or ID card says its holder belongs, beside the screening (the lists name countries
 * in words, so the codes are recorded for the reviewer, not matched): ISO 3166-1 alpha-3 or one of
 * Doc 9303's own codes (`D` for Germany, `GBN`, `UNO`, `XXA` stateless…), as the MRZ prints them.
 */
export type ScreenedDocumentOrigin = { nationality: string | null; issuingState: string | null };

export type SanctionsDetail =
  | {
      list_version: string;
      list_versions: Partial<Record<ScreeningListId, string>>;
      matches: ListMatch[];
      document?: ScreenedDocumentOrigin;
    }
  | ForcedMarker;

export type SanctionsCheckResult =
  | {
      status: 'ok';
      outcome: 'match' | 'possible_match' | 'no_match';
      score: number;
      detail: SanctionsDetail;
    }
  | Unavailable;

export type FaceDedupeReason =
  | 'returning_customer'
  | 'below_threshold'
  | 'no_matches'
  | 'face_duplicate_different_identity'
  | 'face_seen_before';

/** The duplicate-face search: the nearest earlier face and the nearest listed one, as far as they may be shown. */
export type DedupeDetail = {
  threshold?: number;
  nearest?: { verificationId?: string; similarity: number; identityKnown: boolean };
  listed?: { entryId: string; similarity: number };
  currentIdentityKnown?: boolean;
  search?: 'hnsw' | 'exact';
  searched?: false;
  skippedBecause?: 'no_selfie_template';
  testMode?: 'forced';
};

export type DedupeCheckResult =
  { status: 'ok'; reason: FaceDedupeReason; detail: DedupeDetail } | Unavailable;

export type CheckResults = {
  document: DocumentCheckResult;
  faceMatch: FaceMatchCheckResult;
  liveness: LivenessCheckResult;
  sanctions: SanctionsCheckResult;
  dedupe: DedupeCheckResult;
};

/** What the back of the licence yielded at upload: the server's own decode and the browser's string. */
export type StoredBarcode = {
  server_status: 'ok' | 'not_found' | 'unavailable';
  server_text: string | null;
  browser_text: string | null;
  server_error?: string;
};
