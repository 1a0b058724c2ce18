/** The API's threshold: a face-match similarity below this gives `face_match_below_threshold`. */
export const FACE_MATCH_THRESHOLD = 0.6;

/**
 * Embedding distance (Euclidean between unit vectors, √(2 × cosine distance)) placed at similarity
 * 0.6, chosen on the realistic evaluation set (bench/face-eval.bench.ts: licence fronts photographed
 * under 5 conditions against phone selfie frames, 360 genuine and 8,880 impostor comparisons) with
 * YuNet + the ArcFace-loss MobileFaceNet: no impostor comes within 1.10 (the FAR-0.001 point is
 * 1.172), and TAR there is in docs/faces.md. A replacement recognizer needs its own value, from
 * the same benchmark (docs/faces.md, "Replacing the recognizer").
 */
export const FACE_MATCH_OPERATING_DISTANCE = 1.1;

/** The linear map reaches similarity 0 here (1.1 / 0.4 = 2.75, beyond the largest possible distance, 2). */
export const ZERO_SIMILARITY_DISTANCE = FACE_MATCH_OPERATING_DISTANCE / (1 - FACE_MATCH_THRESHOLD);

export function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`descriptor lengths differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const delta = a[i]! - b[i]!;
    sum += delta * delta;
  }
  return Math.sqrt(sum);
}

/** Calibrated similarity, 0..1, higher = more alike: linear in distance, 0.6 at the operating distance. */
export function similarityFromDistance(distance: number): number {
  return Math.min(1, Math.max(0, 1 - distance / ZERO_SIMILARITY_DISTANCE));
}

/** The inverse, for stores that search by Euclidean (L2) distance: match when distance ≤ this. */
export function distanceFromSimilarity(similarity: number): number {
  return (1 - similarity) * ZERO_SIMILARITY_DISTANCE;
}

export function descriptorSimilarity(a: readonly number[], b: readonly number[]): number {
  return similarityFromDistance(euclideanDistance(a, b));
}

/**
 * Element-wise mean of descriptors, scaled back to unit length (the template of a selfie sequence):
 * the recognizer's embeddings are compared by direction, and a mean of unit vectors is shorter.
 */
export function meanDescriptor(descriptors: readonly (readonly number[])[]): number[] {
  const first = descriptors[0];
  if (!first) throw new Error('meanDescriptor needs at least one descriptor');
  const mean = new Array<number>(first.length).fill(0);
  for (const descriptor of descriptors)
    for (let i = 0; i < mean.length; i++) mean[i]! += descriptor[i]! / descriptors.length;
  const norm = Math.hypot(...mean);
  return norm > 0 ? mean.map((v) => v / norm) : mean;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
