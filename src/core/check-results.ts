import { z } from 'zod';
import type {
  DedupeCheckResult,
  DocumentCheckDetail,
  FaceMatchDetail,
  ForcedMarker,
  LivenessDetail,
  MrzDocumentDetail,
  SanctionsDetail,
} from './checks.js';
import { DOCUMENT_TYPES } from './documents/document-types.js';
import { CHALLENGE_ACTIONS } from './faces/challenge.js';
import { SCREENING_LIST_IDS } from './screening/list-catalogue.js';
import type { SnakeCasedKeys } from './snake-case.js';
import { DOCUMENT_REASON_CODES } from './verifications/reason-codes.js';

/**
 * The verification's `checks` as a schema: what checksSummary() returns is this type, the
 * store port records it, the presenter answers with it and the OpenAPI document shows it. A field
 * added to a summary without its schema fails to compile (checksSummary's return type), and
 * test/unit/check-results.test.ts fails when a real run returns a field the schema would drop.
 */

const FACE_DEDUPE_REASONS = [
  'returning_customer',
  'below_threshold',
  'no_matches',
  'face_duplicate_different_identity',
  'face_seen_before',
] as const;

/** How long the check ran, in whole milliseconds. */
const durationMs = z.number().int();

/** A check that ran, with its headline figures; or `unavailable` (docs/decision-policy.md). */
const ranOrUnavailable = <Shape extends z.ZodRawShape>(figures: Shape) =>
  z.union([
    z.object({ status: z.literal('ok'), ...figures, duration_ms: durationMs }),
    z.object({ status: z.literal('unavailable'), duration_ms: durationMs }),
  ]);

export const signalsSummarySchema = z.union([
  z.object({
    device_hash: z.string().nullable(),
    collected_at: z.string(),
    components_count: z.number().int(),
    batches: z.number().int(),
    other_verifications_with_device: z.number().int(),
  }),
  z.object({ status: z.literal('none'), detail: z.string() }),
]);

/** What the five checks report, as checksSummary() builds it. */
export const checkSummarySchema = z.object({
  document: z.object({
    status: z.literal('ok'),
    reasons: z.array(z.enum(DOCUMENT_REASON_CODES)),
    /** Absent from verifications decided before passports and ID cards were taken (all licences). */
    document_type: z.enum(DOCUMENT_TYPES).optional(),
  }),
  face_match: ranOrUnavailable({ similarity: z.number().nullable(), threshold: z.number() }),
  liveness: ranOrUnavailable({ score: z.number(), threshold: z.number() }),
  sanctions: ranOrUnavailable({
    outcome: z.enum(['match', 'possible_match', 'no_match']),
    score: z.number(),
  }),
  face_dedupe: z.union([
    z.object({ status: z.literal('ok'), reason: z.enum(FACE_DEDUPE_REASONS), duration_ms: durationMs }),
    z.object({ status: z.literal('unavailable'), reason: z.literal('unavailable'), duration_ms: durationMs }),
  ]),
});

/**
 * A decided verification's `checks`: the five checks, the device signals (removed by redaction) and,
 * in test mode, `test_mode: true`. Empty (`{}`) until the verification is decided.
 */
export const checksSchema = checkSummarySchema.extend({
  signals: signalsSummarySchema.optional(),
  test_mode: z.literal(true).optional(),
});

export type CheckSummary = z.infer<typeof checkSummarySchema>;
export type Checks = z.infer<typeof checksSchema>;

/** A check that could not run, in `doc_checks`: why. */
const unavailableDetail = z.object({ error: z.string() });

const licenseNumberScheme = z.enum(['FL', 'IL', 'WI']);

/** What test mode writes in place of (or beside) a check's detail: the outcome was forced. */
const testModeMarker = { test_mode: z.literal('forced') };
const forcedDetail = z.object(testModeMarker);

const models = z.array(z.object({ name: z.string(), version: z.string() }));

/** One printed field against the barcode: what was read, what the barcode says, whether they agree. */
const frontFieldSchema = z.object({
  read: z.string().nullable(),
  barcode: z.string().nullable(),
  agrees: z.boolean().nullable(),
  confidence: z.number().nullable(),
});

/** The licence front as the OCR read it, against the barcode (`doc_checks.document.front`). */
export const frontDetailSchema = z.union([
  z.object({
    status: z.enum(['compared', 'unreadable']),
    fields: z.object({
      last_name: frontFieldSchema,
      given_names: frontFieldSchema,
      dob: frontFieldSchema,
      license_number: frontFieldSchema,
      expiry: frontFieldSchema,
    }),
    mismatched: z.array(z.enum(['dob', 'license_number'])),
    min_confidence: z.number(),
    lines_read: z.number().int(),
    models,
    duration_ms: z.number(),
  }),
  z.object({ status: z.literal('unreadable'), reason: z.string() }),
  z.object({ status: z.literal('unavailable'), error: z.string() }),
  z.object({
    status: z.literal('not_compared'),
    reason: z.enum(['no_document_front', 'no_parsed_barcode', 'ml_disabled']),
  }),
]);

/** The licence as the barcode told it (`doc_checks.document`), and its front as read beside it. */
const parsedDocumentDetail = z.object({
  document_type: z.literal('drivers_license').optional(),
  decode_source: z.enum(['server', 'browser']).nullable(),
  server_decode: z.object({
    status: z.enum(['ok', 'not_found', 'unavailable']),
    strategy: z.string().optional(),
    duration_ms: z.number().optional(),
    error: z.string().optional(),
  }),
  browser_barcode: z.enum(['absent', 'agrees_with_server', 'disagrees_with_server', 'used']),
  parse: z.union([
    z.object({ ok: z.literal(true), tolerated: z.array(z.string()) }),
    z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
  ]),
  identity: z
    .object({
      first_name: z.string().nullable(),
      middle_name: z.string().nullable(),
      last_name: z.string().nullable(),
      dob: z.string().nullable(),
    })
    .nullable(),
  document: z
    .object({
      type: z.enum(['DL', 'ID']),
      jurisdiction: z.string().nullable(),
      jurisdiction_name: z.string().nullable(),
      country: z.string().nullable(),
      iin: z.string(),
      aamva_version: z.number(),
      jurisdiction_version: z.number().nullable(),
      license_number: z.string().nullable(),
      issue_date: z.string().nullable(),
      expiry: z.string().nullable(),
      address: z.object({
        street1: z.string().nullable(),
        street2: z.string().nullable(),
        city: z.string().nullable(),
        jurisdiction_code: z.string().nullable(),
        postal_code: z.string().nullable(),
      }),
      truncation: z.object({
        last_name: z.enum(['T', 'N', 'U']).nullable(),
        first_name: z.enum(['T', 'N', 'U']).nullable(),
        middle_name: z.enum(['T', 'N', 'U']).nullable(),
      }),
    })
    .nullable(),
  missing_elements: z.array(z.string()),
  expired: z.boolean().nullable(),
  front: frontDetailSchema.optional(),
  license_number: z
    .union([
      z.object({ status: z.literal('not_applicable'), reason: z.string() }),
      z.object({ status: z.literal('skipped'), scheme: licenseNumberScheme, reason: z.string() }),
      z.object({ status: z.literal('match'), scheme: licenseNumberScheme, expected_prefix: z.string() }),
      z.object({
        status: z.literal('mismatch'),
        scheme: licenseNumberScheme,
        expected_prefix: z.string(),
        actual: z.string(),
        disagreeing: z.array(
          z.enum(['surname_code', 'first_middle_code', 'birth_year', 'day_code', 'format']),
        ),
      }),
    ])
    .nullable(),
});

/** A passport's or ID card's machine-readable zone as read (`doc_checks.document.mrz`). */
const visualComparison = z.object({
  read: z.string().nullable(),
  mrz: z.string().nullable(),
  agrees: z.boolean().nullable(),
  confidence: z.number().nullable(),
});

const visualFieldName = z.enum(['surname', 'given_names', 'birth_date', 'document_number', 'expiry_date']);

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
    models,
    duration_ms: z.number(),
  }),
  z.object({
    status: z.literal('unreadable'),
    reason: z.enum(['no_zone_found', 'invalid_image']),
    error: z.string().optional(),
  }),
  z.object({ status: z.literal('unavailable'), error: z.string() }),
  z.object({ status: z.literal('not_compared'), reason: z.enum(['no_document_image', 'ml_disabled']) }),
]);

/** A passport or ID card (`doc_checks.document`): the person its MRZ names, and the zone as read. */
const mrzDocumentDetail = z.object({
  document_type: z.enum(['passport', 'id_card']),
  mrz_side: z.enum(['front', 'back']).nullable(),
  mrz: mrzDetailSchema,
  identity: z
    .object({
      first_name: z.string().nullable(),
      middle_name: z.string().nullable(),
      last_name: z.string().nullable(),
      dob: z.string().nullable(),
    })
    .nullable(),
  expired: z.boolean().nullable(),
});

// A union answers with its first member that fits, so the wider member comes first.
export const documentDetailSchema = z.union([
  parsedDocumentDetail.extend(testModeMarker),
  parsedDocumentDetail,
  mrzDocumentDetail.extend(testModeMarker),
  mrzDocumentDetail,
  forcedDetail,
]);

/** Sanctions screening of the licence holder (`doc_checks.sanctions`). */
export const sanctionsDetailSchema = z.union([
  z.object({
    list_version: z.string(),
    list_versions: z.partialRecord(z.enum(SCREENING_LIST_IDS), z.string()),
    matches: z.array(
      z.object({
        uid: z.number(),
        name: z.string(),
        matched_name: z.string(),
        type: z.enum(['individual', 'entity', 'vessel', 'aircraft']),
        programs: z.array(z.string()),
        score: z.number(),
        query_reading: z.object({ system: z.string(), text: z.string() }).nullable(),
        list: z.enum(SCREENING_LIST_IDS),
        reference: z.string().nullable(),
      }),
    ),
    /** A passport's or ID card's nationality and issuing state, as its MRZ prints them. */
    document: z
      .object({ nationality: z.string().nullable(), issuing_state: z.string().nullable() })
      .optional(),
  }),
  unavailableDetail,
  forcedDetail,
]);

/** The duplicate-face search (`doc_checks.face_dedupe`); after redaction only `reason` remains. */
export const faceDedupeDetailSchema = z.union([
  z.object({
    reason: z.enum(FACE_DEDUPE_REASONS),
    searched: z.literal(false).optional(),
    skipped_because: z.literal('no_selfie_template').optional(),
    threshold: z.number().optional(),
    nearest: z
      .object({
        verification_id: z.string().optional(),
        similarity: z.number(),
        identity_known: z.boolean(),
      })
      .optional(),
    listed: z.object({ entry_id: z.string(), similarity: z.number() }).optional(),
    current_identity_known: z.boolean().optional(),
    search: z.enum(['hnsw', 'exact']).optional(),
    test_mode: z.literal('forced').optional(),
  }),
  z.object({ reason: z.literal('unavailable'), error: z.string() }),
]);

/** Size, sharpness and pose of one face (null when the engine could not tell). */
const faceQuality = {
  face_height_px: z.number(),
  sharpness: z.number().nullable(),
  yaw_deg: z.number().nullable(),
  pitch_deg: z.number().nullable(),
};

/** The licence portrait against the selfie (`doc_checks.face_match`). */
export const faceMatchDetailSchema = z.union([
  z.object({
    threshold: z.number(),
    operating_distance: z.number(),
    portrait_faces: z.number().int(),
    selfie_frames_used: z.number().int(),
    models,
    /** Why there is no similarity: no face, several, too small, unreadable. */
    reason: z.string().optional(),
    portrait_quality: z.object(faceQuality).optional(),
    min_portrait_face_px: z.number().optional(),
    distance: z.number().optional(),
    selfie_frames_matched: z
      .array(z.object({ frame: z.number().int(), ...faceQuality, distance: z.number() }))
      .optional(),
  }),
  z.object({ reason: z.literal('no_document_front') }),
  unavailableDetail,
  forcedDetail,
]);

/** Liveness over the selfie frames and the challenge they answer (`doc_checks.liveness`). */
export const livenessDetailSchema = z.union([
  z.object({
    frames: z.number().int(),
    frames_used: z.number().int(),
    frame_notes: z.array(z.string()).optional(),
    reasons: z.array(z.string()).optional(),
    threshold: z.number(),
    challenge: z
      .object({
        id: z.string(),
        actions: z.array(z.enum(CHALLENGE_ACTIONS)),
        passed: z.boolean(),
        failure: z.string().nullable(),
        /** The window each action was held to: wider than the challenge's on a slow device. Absent before it could be. */
        action_window_ms: z.number().int().optional(),
        steps: z.array(
          z.object({
            action: z.enum(CHALLENGE_ACTIONS),
            frames: z.array(z.number().int()),
            seen: z.boolean(),
            best: z.number().nullable(),
            needed: z.number(),
          }),
        ),
      })
      .nullable(),
    motion_score: z.number(),
    replayed_frames: z.array(z.number().int()).optional(),
    weights: z.object({ deformation: z.number(), pose: z.number() }),
    components: z.object({ deformation: z.number(), pose: z.number(), identity_consistent: z.boolean() }),
    measured: z.object({
      deformation: z.number(),
      yaw_range_deg: z.number(),
      pitch_range_deg: z.number(),
      max_distance_to_medoid: z.number(),
    }),
    models,
  }),
  z.object({ frames: z.literal(0), reasons: z.array(z.string()), models }),
  unavailableDetail,
  forcedDetail,
]);

/**
 * A decided verification's `doc_checks`: each check's reviewer-facing detail. Before the decision it
 * is `{}`, and after redaction only `face_dedupe.reason` remains.
 */
export const docChecksSchema = z.object({
  document: documentDetailSchema,
  face_match: faceMatchDetailSchema,
  liveness: livenessDetailSchema,
  sanctions: sanctionsDetailSchema,
  face_dedupe: faceDedupeDetailSchema,
});

export type DocChecks = z.infer<typeof docChecksSchema>;

/**
 * The check details core/checks.ts declares, snake-cased as checkDetails() stores them, have exactly
 * the shape of the schemas above: a field added, renamed, dropped or made optional on either side
 * fails to compile here. String and number literals compare as their base types (the schemas name
 * the values where they are a closed list; the runtime test checks real values against them).
 */
type Comparable<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer Item)[]
        ? Comparable<Item>[]
        : T extends object
          ? { -readonly [Key in keyof T]: Comparable<T[Key]> }
          : T;
type SameShape<A, B> =
  (<T>() => T extends Comparable<A> ? 1 : 2) extends <T>() => T extends Comparable<B> ? 1 : 2 ? true : false;
type Holds<Check extends true> = Check;
type StoredDetail<Detail> = SnakeCasedKeys<Detail | { error: string }>;

/** The document's identity as doc_checks shows it: the screened name and date of birth. */
export type StoredDocumentIdentity = z.infer<typeof parsedDocumentDetail>['identity'];
type StoredDocumentDetail = SnakeCasedKeys<
  | (Omit<DocumentCheckDetail, 'identity'> & { identity: unknown })
  | (Omit<DocumentCheckDetail, 'identity'> & { identity: unknown } & ForcedMarker)
  | (Omit<MrzDocumentDetail, 'identity'> & { identity: unknown })
  | (Omit<MrzDocumentDetail, 'identity'> & { identity: unknown } & ForcedMarker)
  | ForcedMarker
>;

export type DetailShapesAgree = [
  Holds<
    SameShape<
      StoredDocumentDetail,
      z.infer<typeof documentDetailSchema> extends infer Stored
        ? Stored extends { identity: unknown }
          ? Omit<Stored, 'identity'> & { identity: unknown }
          : Stored
        : never
    >
  >,
  Holds<SameShape<StoredDetail<FaceMatchDetail>, z.infer<typeof faceMatchDetailSchema>>>,
  Holds<SameShape<StoredDetail<LivenessDetail>, z.infer<typeof livenessDetailSchema>>>,
  Holds<SameShape<StoredDetail<SanctionsDetail>, z.infer<typeof sanctionsDetailSchema>>>,
  Holds<
    SameShape<
      SnakeCasedKeys<
        | ({ reason: Extract<DedupeCheckResult, { status: 'ok' }>['reason'] } & Extract<
            DedupeCheckResult,
            { status: 'ok' }
          >['detail'])
        | { reason: 'unavailable'; error: string }
      >,
      z.infer<typeof faceDedupeDetailSchema>
    >
  >,
];
