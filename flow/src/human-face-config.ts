/**
 * Human's face settings, shared by the hosted flow's live tracker (flow/src/face-tracker.ts) and the
 * benchmarks' synthetic capture generator (bench/lib/liveness/mesh.ts), so both find and mesh faces
 * alike: the mesh on the rotation-corrected crop, each call judging its own frame (no result reused
 * for a similar one), nothing else running. Only the runtime settings (backend, where the model and
 * wasm files are) differ between them. The service itself runs no Human: its mesh is MediaPipe's
 * face landmark model on onnxruntime-node (src/adapters/ml/face-models.ts).
 */
export function humanFaceConfig(options: {
  maxDetected: number;
  /** Keep each face's aligned crop (for a descriptor). */
  returnCrops: boolean;
  /** Run Human's antispoof and liveness models too (selfie frames). */
  passive: boolean;
}) {
  return {
    debug: false,
    warmup: 'none' as const,
    cacheSensitivity: 0,
    face: {
      enabled: true,
      detector: {
        rotation: true,
        maxDetected: options.maxDetected,
        minConfidence: MIN_FACE_SCORE,
        return: options.returnCrops,
      },
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: options.passive },
      liveness: { enabled: options.passive },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

/** Detector confidence below which a box is not a face. */
export const MIN_FACE_SCORE = 0.5;
