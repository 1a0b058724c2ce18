import fs from 'node:fs';

/**
 * DATA_DIR holds ID images, barcode PII, face templates and generated keys: no other local user may
 * read any of it. Called first thing by every entry point, so every file PGlite, the sanctions cache
 * or the key generator creates is 0600 and every directory 0700, whatever the shell's umask was.
 */
export function restrictNewFileModes(): void {
  process.umask(0o077);
}

/**
 * Creates `dir` (and missing parents) as 0700, and tightens it to 0700 if it already exists with
 * wider modes: a DATA_DIR made by an earlier version (755) stops being traversable by others.
 */
export function ensurePrivateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

/**
 * Sets every file under `dir` to 0600 and every directory to 0700. PGlite unpacks its initial
 * database with fixed modes (666 for 969 of its 1,113 files on a fresh DATA_DIR; tightening them all takes about 8 ms) and sets modes itself, so
 * the umask does not reach them; this runs after it opens and after it closes. Files it creates in
 * between may be wider, but sit in 0700 directories no other user can enter.
 */
export function tightenTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = `${entry.parentPath}/${entry.name}`;
    if (entry.isDirectory()) fs.chmodSync(full, 0o700);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
  fs.chmodSync(dir, 0o700);
}
