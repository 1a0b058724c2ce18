/**
 * Live face landmarks for the liveness challenge, in the browser: Human's detector and face mesh on
 * the tfjs wasm backend, the model and wasm files served by the service itself (flow/build.ts copies
 * them). Imported only by the selfie step, so the first screens never load Human's ~2 MB bundle.
 *
 * The server judges the uploaded frames with the same measures and thresholds
 * (src/core/faces/challenge.ts; face-measures.ts): yaw from five points (the server's detector gives
 * them; here they are read off the mesh), the mouth and eyes from MediaPipe's 468-point face mesh,
 * which the server runs as another release of the same model (an ONNX conversion; docs/faces.md,
 * "The hosted flow and the server"). The browser only uses them to know when to take each frame,
 * and asks for SEEN_MARGIN more movement than the server needs.
 */
import { Human, type Config } from '@vladmandic/human';
import type { FaceMeasures } from '../../src/core/faces/challenge.js';
import { humanFaceMeasures } from './face-measures.js';
import { humanFaceConfig } from './human-face-config.js';

declare const __IDV_FACE_MODELS__: string;

/** One face found in a frame, in the frame's pixels. */
export interface TrackedFace {
  measures: FaceMeasures;
  /** Centre and height of the face box as shares of the frame's width and height. */
  centreX: number;
  centreY: number;
  height: number;
}

export interface FaceTracker {
  /** The faces in `frame`; only the count matters when there is not exactly one. */
  detect(frame: HTMLCanvasElement): Promise<{ faces: number; face: TrackedFace | null }>;
}

/** Two faces are enough to say "only you in the picture"; more only costs time. */
const MAX_FACES = 2;

/** Loads the models (rejects when they cannot load, e.g. without WebAssembly) and returns the tracker. */
export async function loadFaceTracker(): Promise<FaceTracker> {
  const base = new URL(__IDV_FACE_MODELS__, import.meta.url).href;
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: base,
    modelBasePath: base,
    // The server sees the raw frames; Human's WebGL image filter would also need a GPU.
    filter: { enabled: false },
    ...humanFaceConfig({ maxDetected: MAX_FACES, returnCrops: false, passive: false }),
  };
  const human = new Human(config);
  await human.init();
  await human.load();
  const models = human.models.models as Record<string, { executor?: unknown } | null>;
  if (!models.blazeface?.executor || !models.facemesh?.executor)
    throw new Error('the face models did not load');

  return {
    async detect(frame) {
      const result = await human.detect(frame);
      const faces = result.face;
      if (faces.length !== 1) return { faces: faces.length, face: null };
      const found = faces[0]!;
      const measures = humanFaceMeasures(found);
      if (!measures) return { faces: 1, face: null };
      return {
        faces: 1,
        face: {
          measures,
          centreX: (found.box[0] + found.box[2] / 2) / frame.width,
          centreY: (found.box[1] + found.box[3] / 2) / frame.height,
          height: found.box[3] / frame.height,
        },
      };
    },
  };
}
