const matchedA = new Uint8Array(256);
const matchedB = new Uint8Array(256);

/**
 * Jaro–Winkler similarity (Winkler's prefix bonus 0.1 per shared leading character, at most 4, applied
 * when Jaro ≥ 0.7). Names are short, so two reusable flag buffers keep it allocation-free.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  if (la > 256 || lb > 256) return a === b ? 1 : 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  matchedA.fill(0, 0, la);
  matchedB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = from; j <= to; j += 1) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === c) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i += 1) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions += 1;
    k += 1;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  if (jaro < 0.7) return jaro;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}
