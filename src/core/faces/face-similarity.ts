/** The API's threshold: a face-match similarity below this gives `face_match_below_threshold`. */
export const FACE_MATCH_THRESHOLD = 0.6;

/**
 * Descriptor distance placed at similarity 0.6, chosen on the realistic evaluation set
 * (bench/face-eval.bench.ts: licence fronts photographed under 5 conditions against phone selfie
 * frames, 360 genuine and 8,880 impostor comparisons) with the descriptors as the engine now
 * computes them (portrait low-passed at σ 1.5, selfie frames at σ 2): at 0.46 1 impostor passes
 * (FAR 1.1e-4) and TAR is 0.975; at 0.47 6 pass (6.8e-4, TAR 0.983), at 0.48 11 (1.2e-3).
 * face-api's customary 0.6 would let 8 of the 44 pairs.csv impostors through.
 */
export const FACE_MATCH_OPERATING_DISTANCE = 0.46;

/** The linear map reaches similarity 0 here (0.46 / 0.4 = 1.15). */
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

/** Element-wise mean of descriptors (the template of a selfie sequence). */
export function meanDescriptor(descriptors: readonly (readonly number[])[]): number[] {
  const first = descriptors[0];
  if (!first) throw new Error('meanDescriptor needs at least one descriptor');
  const mean = new Array<number>(first.length).fill(0);
  for (const descriptor of descriptors)
    for (let i = 0; i < mean.length; i++) mean[i]! += descriptor[i]! / descriptors.length;
  return mean;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
