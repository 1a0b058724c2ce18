import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../core/errors.js';
import type { MediaObjectStore } from '../../ports/media-objects.js';

/** Keys the media store makes: `<verification uuid>/<media uuid>`; anything else is refused (no path tricks). */
const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
const LIST_PAGE = 1_000;

/**
 * Image bytes as files under one folder (MEDIA_STORE=files, the default with the embedded database):
 * `<dir>/<verification id>/<media id>`, each written to a temporary name and renamed into place, 0600
 * in 0700 folders. With PGlite every request shares one connection, and passing megabytes through it
 * held every other request for as long (about 0.7 s per MB measured); as files, an upload no longer
 * passes through the database at all, and redaction unlinks them rather than leaving old row versions
 * behind. One process owns the folder, as it owns the PGlite directory.
 */
export function createFileMediaStore(dir: string): MediaObjectStore {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a media object key: ${JSON.stringify(key)}`);
    return path.join(dir, ...key.split('/'));
  };
  const unavailable = (cause: unknown): never => {
    throw new ApiError('media_store_unavailable', {}, { cause });
  };

  return {
    location: `file://${dir}`,

    async put(key, bytes) {
      const file = fileOf(key);
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await fs.writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        unavailable(error);
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        return await fs.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        return unavailable(error);
      }
    },

    async remove(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const file = fileOf(key);
        await fs.rm(file, { force: true });
        folders.add(path.dirname(file));
      }
      // A verification's folder goes with its last image; one still holding others stays.
      for (const folder of folders) await fs.rmdir(folder).catch(() => undefined);
    },

    async *list() {
      const folders = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      let page: Array<{ key: string; writtenAt: Date }> = [];
      for (const folder of folders) {
        if (!folder.isDirectory()) continue;
        for (const name of await fs.readdir(path.join(dir, folder.name))) {
          const key = `${folder.name}/${name}`;
          if (!KEY_PATTERN.test(key)) continue;
          const stat = await fs.stat(path.join(dir, folder.name, name)).catch(() => null);
          if (!stat) continue;
          page.push({ key, writtenAt: stat.mtime });
          if (page.length === LIST_PAGE) {
            yield page;
            page = [];
          }
        }
      }
      if (page.length > 0) yield page;
    },

    async check() {
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await fs.access(dir, fs.constants.W_OK);
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
