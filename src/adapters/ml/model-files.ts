import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The vendored models (models/README.md: sources, licences, checksums). */
export const MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));
export const DETECTOR_FILE = 'yunet_s_dynamic.onnx';
export const DEFAULT_RECOGNIZER_FILE = 'mobilefacenet_arcface_v1.onnx';
/** MediaPipe's 468-point face landmark model, run on the frames a challenge reads face movements from. */
export const MESH_FILE = 'mediapipe_face_landmark_468.onnx';

/**
 * The engine a recognizer's templates belong to (see BUNDLED_TEMPLATE_ENGINE): its file name and a
 * hash of its weights. Read once at start, also where the models are not loaded (ROLE=api).
 */
export function templateEngineOf(recognizer: string | undefined): string {
  const file = recognizer ?? path.join(MODELS_DIR, DEFAULT_RECOGNIZER_FILE);
  try {
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
    return `onnx/${path.basename(file, '.onnx')}+sha256.${hash}`;
  } catch {
    // The engine reports the unreadable file when it loads; templates it cannot make compare with none.
    return `onnx/${path.basename(file, '.onnx')}+unreadable`;
  }
}
