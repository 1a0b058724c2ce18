import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createModules } from '../../src/modules/index.js';
import { createPlatform } from '../../src/platform.js';
import { createApp } from '../../src/http/app.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { ensureBootstrapKeys } from '../../src/bootstrap.js';
import { createVerification } from '../../src/use-cases/verifications/create-verification.js';
import { UNAVAILABLE_CHECKS, UNAVAILABLE_DOC_CHECKS } from '../../test/helpers/check-summaries.js';

/**
 * The service in its own process, on default settings (default log level included) but for a
 * temporary DATA_DIR, no sanctions download and no face models (reads do not use them). It creates
 * one decided and one pending verification and prints what the benchmark needs.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-hot-reads-'));
const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
const config = loadConfig({
  DATA_DIR: dataDir,
  BOOTSTRAP_API_KEY: rootKey,
  PORT: '0',
  SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-bench',
  ML_DISABLED: '1',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const platform = await createPlatform(config);
const modules = await createModules(platform);
await ensureBootstrapKeys(platform);
const app = await createApp(modules.http);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const apiKeyId = (await platform.stores.apiKeys.findByHash(hashSecret(rootKey)))!.id;
const deps = modules.verifications.deps;
const pending = await createVerification(deps, {
  apiKeyId,
  mode: 'live',
  externalRef: 'bench-pending',
  metadata: {},
});
const decided = await createVerification(deps, {
  apiKeyId,
  mode: 'live',
  externalRef: 'bench-decided',
  metadata: {},
});
const at = platform.clock.now();
await platform.transact(async (tx) => {
  const id = decided.verification.id;
  await tx.verifications.advance(id, { status: 'selfie', at });
  await tx.verifications.markDecided(id, {
    decision: 'approve',
    score: 100,
    reasons: [],
    checks: UNAVAILABLE_CHECKS,
    docChecks: UNAVAILABLE_DOC_CHECKS,
    at,
  });
  await tx.audit.append(id, {
    actor: 'system',
    event: 'verification.decided',
    at,
    detail: { decision: 'approve' },
  });
});
process.stdout.write(
  `BENCH_READY ${JSON.stringify({
    url: address,
    rootKey,
    engine: platform.database.engine,
    pendingId: pending.verification.id,
    decidedId: decided.verification.id,
  })}\n`,
);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await modules.close();
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
