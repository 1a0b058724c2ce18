import type {
  DedupeCheckResult,
  DocumentCheckResult,
  FaceMatchCheckResult,
  LivenessCheckResult,
  SanctionsCheckResult,
  StoredBarcode,
} from '../core/checks.js';

/** The person a licence names, as the checks downstream of the document need it. */
export type Identity = {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
};

export type BarcodeDecodeOutcome =
  { status: 'ok'; text: string } | { status: 'not_found' } | { status: 'unavailable'; error: string };

/**
 * The check ports of the submit flow. Each adapter lives in adapters/ and is chosen by the container;
 * one that has no implementation, or whose component failed to load, answers `unavailable`.
 */
export type CheckPorts = {
  decodeBarcode(image: Buffer): Promise<BarcodeDecodeOutcome>;
  checkDocument(
    barcode: StoredBarcode,
    today: Date,
  ): { result: DocumentCheckResult; identity: Identity | null };
  checkFaces(input: { portrait: Buffer | null; frames: Buffer[] }): Promise<{
    faceMatch: FaceMatchCheckResult;
    liveness: LivenessCheckResult;
    /** The selfie's face template for the duplicate search, when one face was found. */
    template: number[] | null;
  }>;
  searchDuplicates(input: {
    verificationId: string;
    apiKeyId: number;
    template: number[] | null;
    identity: Identity | null;
  }): Promise<DedupeCheckResult>;
  screenSanctions(identity: Identity | null): Promise<SanctionsCheckResult>;
  /**
   * Frames of a selfie video. `fault` says whose the failure is: the upload's (it cannot be decoded,
   * a 422 for the user) or the server's (the decoder cannot run, a 503: retrying may help).
   */
  extractVideoFrames(
    video: Buffer,
    maxFrames: number,
  ): Promise<{ ok: true; frames: Buffer[] } | { ok: false; fault: 'upload' | 'server'; reason: string }>;
};
