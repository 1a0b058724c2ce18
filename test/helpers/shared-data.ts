import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test data lives outside the repository (`../shared/data`); tests and benchmarks read it through
 * this one setting so it can be moved: SHARED_DATA_DIR overrides the default.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sharedDataDir = process.env.SHARED_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');

export function sharedDataPath(...parts: string[]): string {
  return path.join(sharedDataDir, ...parts);
}
