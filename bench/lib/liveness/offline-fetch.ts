import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Human loads its models with `fetch`, and Node 20's fetch does not implement `file://` ("not
 * implemented... yet"). This replaces the thread's fetch with one that serves local files only and
 * refuses every other URL, so a mis-set model path fails loudly instead of reaching a CDN.
 * The synthetic capture generator (mesh.ts) runs Human this way, once per process.
 */
export function installOfflineFetch(): void {
  const offlineFetch = async (input: string | URL | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://'))
      throw new Error(`network access refused (models load from disk only): ${url}`);
    const body = await fs.readFile(fileURLToPath(url));
    return new Response(body, { status: 200 });
  };
  globalThis.fetch = offlineFetch as typeof fetch;
}
