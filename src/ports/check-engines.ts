import type { OcrLine } from '../core/documents/front-fields.js';
import type { MrzResult, VisualZoneFields } from '../core/documents/mrz/types.js';
import type { FaceEngine, ModelInfo } from '../core/faces/face-engine.js';

export type BarcodeDecodeOutcome =
  { status: 'ok'; text: string } | { status: 'not_found' } | { status: 'unavailable'; error: string };

export type VideoFramesOutcome =
  | { ok: true; frames: Buffer[] }
  /** `fault` says whose the failure is: the upload's (a 422 for the user) or the server's (a 503: retrying may help). */
  | { ok: false; fault: 'upload' | 'server'; reason: string };

/** How the image decoder reads an upload's header (adapters/media/image-decode.ts). */
export type ImageInspection =
  | { status: 'ok'; width: number; height: number }
  | { status: 'too_large'; width: number; height: number }
  | { status: 'undecodable' };

/**
 * The text lines an OCR engine read on a licence front. `invalid_image` is the upload's fault (the
 * front is then unreadable, which is neutral); `unavailable` is the engine's (models not loaded,
 * crash, time spent), which caps the decision at review.
 */
export type FrontTextOutcome =
  | { status: 'ok'; lines: OcrLine[]; models: ModelInfo[]; durationMs: number }
  | { status: 'invalid_image'; error: string }
  | { status: 'unavailable'; error: string };

export type FrontTextReader = {
  /** `country` (the barcode's) orders printed dates; a reader may stop once every field is read. */
  readFrontText(image: Buffer, country?: string | null): Promise<FrontTextOutcome>;
  ready(): Promise<{ ok: true; models: ModelInfo[] } | { ok: false; error: string }>;
};

/**
 * A passport data page's or identity card side's machine-readable zone and visual zone, read. A page
 * where no zone was found or read is `not_found` (the check says `mrz_unreadable`); `invalid_image`
 * and `unavailable` mean what they mean for the licence front.
 */
export type MrzReadOutcome =
  | {
      status: 'ok';
      mrz: MrzResult;
      visualZone: VisualZoneFields;
      models: ModelInfo[];
      durationMs: number;
    }
  | { status: 'not_found'; durationMs: number }
  | { status: 'invalid_image'; error: string }
  | { status: 'unavailable'; error: string };

export type MrzReader = {
  /**
   * `image` holds the zone (a data page, a card's back); `visualZone`, when given, is the side whose
   * printed fields are compared with it (a card's front), else the same image.
   */
  readMrz(image: Buffer, visualZone?: Buffer): Promise<MrzReadOutcome>;
};

/**
 * The engines the checks run on (adapters/check-engines.ts loads them). One that is missing or
 * failed to load answers `unavailable` (or is null), so decisions stay honest, never invented.
 */
export type CheckEngines = {
  decodeBarcode(image: Buffer): Promise<BarcodeDecodeOutcome>;
  /** Null when ML is disabled by configuration. */
  faceEngine: FaceEngine | null;
  /** Null when ML is disabled by configuration (the face checks are then unavailable too). */
  frontReader: FrontTextReader | null;
  /** Null when ML is disabled by configuration (a passport or ID card is then capped at review: mrz_unavailable). */
  mrzReader: MrzReader | null;
  extractVideoFrames(video: Buffer, maxFrames: number): Promise<VideoFramesOutcome>;
  /** Each frame's 256-bit perceptual hash as 0/1 characters (replay detection); null for an undecodable frame. */
  frameHash(image: Buffer): Promise<string | null>;
  /** The decoder's own reading of an upload's dimensions, before it is stored. */
  inspectImage(image: Buffer): Promise<ImageInspection>;
};
