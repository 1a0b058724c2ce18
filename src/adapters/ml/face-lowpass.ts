import type * as Tfjs from '@tensorflow/tfjs';

/**
 * Gaussian blur (σ in pixels of Human's 192-px aligned crop) applied to every face before the
 * descriptor. A licence portrait reaches us printed, re-photographed and often out of focus; a
 * selfie frame is sharp. Taking the fine detail off both sides makes them comparable, and the
 * sharp side gets a little more: on the realistic set (bench/face-eval.bench.ts, with the tiled
 * portrait search) portrait σ 1.5 against selfie σ 2 gives a pooled TAR of 0.975 at 1 impostor in
 * 8,880 (distance 0.46), where σ 1.5 on both sides gave 0.967 at 3 impostors (0.47). Symmetric σ 2
 * or 2.5, or more blur on the portrait, bring the hard impostors closer (see docs/faces.md).
 * Everything described with `analyze` (selfie frames, blocklist images) uses the selfie σ, so
 * templates stay comparable with each other.
 */
export const PORTRAIT_LOWPASS_SIGMA_PX = 1.5;
export const SELFIE_LOWPASS_SIGMA_PX = 2;

/**
 * A Gaussian low-pass for face crops (height × width × 3), as two 1-D passes (separable: 2 × 13
 * taps at σ 2, not 169) with the same kernel for each colour channel and mirrored edges. The
 * kernels are built once and kept; the returned function makes a new tensor the caller disposes.
 */
export function faceLowpass(tf: typeof Tfjs, sigma: number): (face: Tfjs.Tensor) => Tfjs.Tensor {
  const radius = Math.ceil(3 * sigma);
  const taps = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma ** 2)),
  );
  const tapSum = taps.reduce((a, b) => a + b, 0);
  const x = tf.tidy(() =>
    tf.tile(
      tf.tensor4d(
        taps.map((v) => v / tapSum),
        [1, taps.length, 1, 1],
      ),
      [1, 1, 3, 1],
    ),
  ) as Tfjs.Tensor4D;
  const y = tf.reshape(x, [taps.length, 1, 3, 1]) as Tfjs.Tensor4D;
  return (face) =>
    tf.tidy(() => {
      const padded = tf.mirrorPad(
        face.reshape([1, ...face.shape.slice(-3)]) as Tfjs.Tensor4D,
        [
          [0, 0],
          [radius, radius],
          [radius, radius],
          [0, 0],
        ],
        'symmetric',
      );
      return tf.depthwiseConv2d(tf.depthwiseConv2d(padded, x, 1, 'valid'), y, 1, 'valid').reshape(face.shape);
    });
}
