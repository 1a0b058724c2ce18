import fs from 'node:fs';
import path from 'node:path';
import { isInMemory } from '../config.js';
import { ensurePrivateDirectory } from './private-files.js';

/** Where a first start leaves the root key it created, inside DATA_DIR. */
export const ROOT_KEY_FILE = 'root-key';

/**
 * Writes the root key a first start created to `DATA_DIR/root-key`, mode 0600 in a 0700 folder, and
 * returns its path: the secret goes to a file only its owner can read, never to stdout, where process
 * managers and container runtimes keep every line. The file is written whole (a temporary file renamed
 * over it), so a reader never sees half a key. An in-memory DATA_DIR has no place for it: null.
 */
export function writeRootKeyFile(dataDir: string, rootKey: string): string | null {
  if (isInMemory(dataDir)) return null;
  ensurePrivateDirectory(dataDir);
  const file = path.join(dataDir, ROOT_KEY_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${rootKey}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temporary, file);
  return file;
}
