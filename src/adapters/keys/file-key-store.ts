import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { WrappedKeyStore } from '../../ports/verification-keys.js';
import { ensurePrivateDirectory } from '../private-files.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_FILE = /^([0-9a-f-]{36})\.key$/i;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A verification id names a file: anything but a UUID is refused before it reaches a path. */
function fileOf(dir: string, verificationId: string): string {
  if (!UUID.test(verificationId)) throw new Error('a verification id is a UUID');
  return path.join(dir, `${verificationId.toLowerCase()}.key`);
}

/** Makes a directory entry change (a new link, an unlink) durable before the caller goes on. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * One small file per verification (`<id>.key`, mode 0600, in a 0700 folder), outside the database: a
 * deleted key leaves no copy in the database's write-ahead log or dead rows. A key is written to a
 * temporary file, synced, then hard-linked to its name, which fails if the name exists, so a reader
 * never sees half a key and two writers agree on the first. Destroying overwrites the file with random
 * bytes, syncs, then unlinks it (on copy-on-write or wear-levelled storage the overwrite may land
 * elsewhere; the wrapped key alone is useless without DATA_ENCRYPTION_KEY, docs/security.md).
 */
export function createFileKeyStore(dir: string): WrappedKeyStore {
  ensurePrivateDirectory(dir);
  return {
    location: dir,

    async putIfAbsent(verificationId, wrapped) {
      const target = fileOf(dir, verificationId);
      const temporary = path.join(dir, `.${verificationId}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      const handle = await fs.open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(wrapped + '\n', 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.link(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return (await fs.readFile(target, 'utf8')).trim();
      } finally {
        await fs.unlink(temporary);
      }
      await syncDirectory(dir);
      return wrapped;
    },

    async get(verificationId) {
      try {
        return (await fs.readFile(fileOf(dir, verificationId), 'utf8')).trim();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(verificationIds) {
      for (const verificationId of verificationIds) {
        const file = fileOf(dir, verificationId);
        let handle: fs.FileHandle;
        try {
          handle = await fs.open(file, 'r+');
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        try {
          const { size } = await handle.stat();
          await handle.write(crypto.randomBytes(size), 0, size, 0);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.unlink(file).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
      if (verificationIds.length > 0) await syncDirectory(dir);
    },

    async ids() {
      const names = await fs.readdir(dir);
      return names.flatMap((name) => {
        const match = KEY_FILE.exec(name);
        return match ? [match[1]!] : [];
      });
    },
  };
}

/** Keys in memory only: for DATA_DIR=memory://, whose data is gone at exit anyway. */
export function createMemoryKeyStore(): WrappedKeyStore {
  const keys = new Map<string, string>();
  return {
    location: 'memory',
    async putIfAbsent(verificationId, wrapped) {
      const kept = keys.get(verificationId) ?? wrapped;
      keys.set(verificationId, kept);
      return kept;
    },
    get: async (verificationId) => keys.get(verificationId) ?? null,
    async remove(verificationIds) {
      for (const id of verificationIds) keys.delete(id);
    },
    ids: async () => [...keys.keys()],
  };
}
