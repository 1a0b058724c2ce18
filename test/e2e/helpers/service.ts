import crypto from 'node:crypto';
import net from 'node:net';
import { createLogger } from '../../../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../../../src/bootstrap.js';
import { loadConfig } from '../../../src/config.js';
import { createModules } from '../../../src/modules/index.js';
import { createPlatform } from '../../../src/platform.js';
import { createApp } from '../../../src/http/app.js';
import { hostedFlowRoutes, sdkAssetRoutes } from '../../../src/http/routes/hosted-flow.js';
import { flowDist, sdkDist } from './servers.js';

export interface RunningService {
  origin: string;
  flowUrl: string;
  rootKey: string;
  /** Creates a verification and returns its id and client token. */
  /** A licence-only verification unless `body` says otherwise (then the flow offers a choice of document). */
  createVerification(body?: Record<string, unknown>): Promise<{ id: string; clientToken: string }>;
  /** A publishable key whose pages may frame the flow: live keys frame for their listed origins only. */
  createPublishableKey(allowedOrigins: string[], apiKey?: string): Promise<string>;
  /** The first API key of a new account: another merchant. */
  createOtherAccountKey(): Promise<string>;
  /** The service's platform (stores, clock), for what the operator's CLI would do on the host. */
  platform: Awaited<ReturnType<typeof createPlatform>>;
  /** PUBLIC_BASE_URL: `origin`, or `http://<publicHost>:<port>` when a host name was given. */
  publicBaseUrl: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real service (embedded PGlite in memory) listening on a loopback port, with the hosted flow and
 * the SDK served by it as in production. `background` also starts what `main.ts` runs beside the API
 * (the webhook delivery worker, sweeps); without it no webhook is ever sent.
 */
export async function startService(
  env: Record<string, string> = {},
  options: {
    background?: boolean;
    /**
     * The host name browsers use (PUBLIC_BASE_URL), mapped to 127.0.0.1 by the browser: WebAuthn
     * needs a domain, not an IP address, as its relying party (`localhost` works on plain http).
     */
    publicHost?: string;
  } = {},
): Promise<RunningService> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const publicBaseUrl = options.publicHost ? `http://${options.publicHost}:${port}` : origin;
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_API_KEY: rootKey,
    PUBLIC_BASE_URL: publicBaseUrl,
    ...env,
  });
  const platform = await createPlatform(config, { logger: createLogger('silent') });
  const modules = await createModules(platform);
  await ensureBootstrapKeys(platform);
  const app = await createApp(modules.http);
  // Until createApp mounts the flow itself, mount it here the way main.ts will.
  if (!app.hasRoute({ method: 'GET', url: '/flow' })) {
    await app.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' });
    await app.register(sdkAssetRoutes, { distDir: sdkDist, prefix: '/sdk' });
  }
  await app.listen({ host: '127.0.0.1', port });
  const stopBackground = options.background ? await modules.startBackground() : null;

  async function post<T>(path: string, apiKey: string, body: unknown): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    origin,
    platform,
    publicBaseUrl,
    flowUrl: `${origin}/flow`,
    rootKey,
    async createVerification(body = {}) {
      const created = await post<{ id: string; client_token: string }>('/v1/verifications', rootKey, {
        external_ref: `e2e-${crypto.randomUUID()}`,
        document_types: ['drivers_license'],
        ...body,
      });
      return { id: created.id, clientToken: created.client_token };
    },
    async createPublishableKey(allowedOrigins, apiKey = rootKey) {
      return (
        await post<{ publishable_key: string }>('/v1/publishable-keys', apiKey, {
          allowed_origins: allowedOrigins,
        })
      ).publishable_key;
    },
    async createOtherAccountKey() {
      return (
        await post<{ api_key: { api_key: string } }>('/v1/accounts', rootKey, { name: 'Other merchant' })
      ).api_key.api_key;
    },
    async close() {
      await stopBackground?.();
      await app.close();
      await modules.close();
      await platform.close();
    },
  };
}
