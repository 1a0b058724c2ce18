import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../src/adapters/http-client/guarded-fetch.js';
import { loadConfig } from '../../src/config.js';
import { screeningListsOf } from '../../src/adapters/sanctions-source/screening-lists.js';
import { createLogger } from '../../src/adapters/logger.js';

describe('the guarded fetch of sanctions list downloads', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/inside')
        return void res.writeHead(302, { location: 'http://10.1.2.3/sdn.xml' }).end();
      if (req.url === '/hop') return void res.writeHead(302, { location: '/list' }).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('the list');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = { method: 'GET', headers: {} };

  it('checks every redirect hop again: a redirect cannot lead inside the network', async () => {
    const fetch = createGuardedFetch({
      allowInsecure: true,
      timeoutMs: 5_000,
      maxBytes: 1_000,
      maxRedirects: 5,
    });
    expect(await (await fetch(`${base}/hop`, get)).text()).toBe('the list');
    await expect(fetch(`${base}/inside`, get)).rejects.toThrow(/refused/);
    // Without redirects allowed, the 3xx comes back as it is.
    const once = createGuardedFetch({ allowInsecure: true, timeoutMs: 5_000, maxBytes: 1_000 });
    expect((await once(`${base}/hop`, get)).status).toBe(302);
  });

  it('refuses a name that resolves to a private or metadata address before connecting', async () => {
    const fetch = createGuardedFetch({
      allowInsecure: false,
      timeoutMs: 5_000,
      maxBytes: 1_000,
      maxRedirects: 5,
      resolve: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    await expect(fetch('https://lists.example/sdn.xml', get)).rejects.toThrow(/refused/);
  });

  it("is what the service's list downloads use: a loopback URL is refused unless the operator allows it", async () => {
    const lists = (allow: string) =>
      screeningListsOf(
        loadConfig({
          DATA_DIR: 'memory://',
          SANCTIONS_LIST: `${base}/list`,
          ...(allow ? { SANCTIONS_LIST_ALLOW_PRIVATE: allow } : {}),
        }),
        createLogger('silent'),
        { now: () => new Date() },
      );
    const guarded = lists('');
    expect(await guarded.refresh()).toBe('failed');
    expect(guarded.stats().last_refresh?.error).toMatch(/refused/);
    const allowed = lists('1');
    // Reached (the text is no list, so the load itself fails after the download).
    expect(await allowed.refresh()).toBe('failed');
    expect(allowed.stats().last_refresh?.error).not.toMatch(/refused/);
  });
});
