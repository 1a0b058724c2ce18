import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { loadConfig } from '../../src/config.js';
import { createModules, type Modules } from '../../src/modules/index.js';
import { createPlatform, type Platform } from '../../src/platform.js';
import { createApp } from '../../src/http/app.js';
import type { App } from '../../src/http/route-context.js';
import { createLogger } from '../../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../../src/bootstrap.js';

export type BenchServer = {
  app: App;
  platform: Platform;
  modules: Modules;
  url: string;
  rootKey: string;
  close(): Promise<void>;
};

/** A real listening service on loopback with an in-memory PGlite (or DATABASE_URL when set). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_API_KEY: rootKey,
    PORT: '0',
    KEY_RATE_LIMIT_PER_MINUTE: '0',
    SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-bench',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const platform = await createPlatform(config, { logger: createLogger('silent') });
  const modules = await createModules(platform);
  await ensureBootstrapKeys(platform);
  const app = await createApp(modules.http);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    platform,
    modules,
    url: address,
    rootKey,
    async close() {
      await app.close();
      await modules.close();
      await platform.close();
    },
  };
}

export async function requestsPerSecond(
  options: autocannon.Options,
): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ connections: 10, duration: 5, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
