import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isInMemory } from '../config.js';
import { ensurePrivateDirectory } from './private-files.js';

/**
 * A signing or encryption key the operator did not configure: generated once and kept in DATA_DIR
 * (mode 0600) so restarts keep working links and decryptable secrets. Several instances must share
 * one key, so self-hosting.md tells multi-instance deployments to set the setting instead.
 */
export function loadOrCreateLocalSecret(dataDir: string, name: string): { key: string; generated: boolean } {
  if (isInMemory(dataDir)) return { key: crypto.randomBytes(32).toString('base64url'), generated: true };
  const file = path.join(dataDir, `${name}.key`);
  try {
    return { key: fs.readFileSync(file, 'utf8').trim(), generated: false };
  } catch {
    ensurePrivateDirectory(dataDir);
    const key = crypto.randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process created it first: use theirs.
      return { key: fs.readFileSync(file, 'utf8').trim(), generated: false };
    }
    return { key, generated: true };
  }
}
