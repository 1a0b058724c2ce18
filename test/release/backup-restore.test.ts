import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, createSessionClient } from '../../packages/node/src/index.js';
import { startService, type ServiceProcess } from '../helpers/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The entries of DATA_DIR the backup section of docs/self-hosting.md names, each as `DATA_DIR/<name>`. */
function entriesNamedInBackupDocs(): Set<string> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/self-hosting.md'), 'utf8');
  const section = doc.slice(
    doc.indexOf('\n## Backups'),
    doc.indexOf('\n## ', doc.indexOf('\n## Backups') + 1),
  );
  return new Set([...section.matchAll(/DATA_DIR\/([a-z0-9._-]+)/g)].map((m) => m[1]!));
}

/**
 * The restore drill docs/self-hosting.md describes, on the embedded database: a verification decided,
 * the service stopped, DATA_DIR copied, the copy started elsewhere, and the verification read back with
 * its personal fields and its images; and every entry DATA_DIR holds named by the backup section.
 */
describe('backup and restore of an embedded deployment', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-restore-'));
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  let running: ServiceProcess | null = null;
  afterAll(async () => {
    await running?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const start = async (dataDir: string) => {
    running = await startService({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: rootKey });
    return createClient({ baseUrl: running.url!, apiKey: rootKey });
  };

  it('restores a stopped copy of DATA_DIR with every verification readable, images included', async () => {
    const original = path.join(scratch, 'data');
    const root = await start(original);
    const { api_key: testKey } = await root.keys.create({ label: 'drill', scopes: ['*'], mode: 'test' });
    const merchant = createClient({ baseUrl: running!.url!, apiKey: testKey });
    const created = await merchant.verifications.create({
      external_ref: 'restore-drill',
      metadata: { customer: 'Drill Person' },
      test_outcome: [],
    });
    await createSessionClient({
      baseUrl: running!.url!,
      clientToken: created.client_token,
    }).completeWithTestSamples();
    const before = await merchant.verifications.waitForDecision(created.id, { timeoutMs: 60_000 });
    expect(before.status).toBe('decided');
    expect(await running!.stop()).toBe(0);
    running = null;

    const named = entriesNamedInBackupDocs();
    for (const entry of fs.readdirSync(original))
      expect(named, `DATA_DIR/${entry} in the backup docs`).toContain(entry);

    const restored = path.join(scratch, 'restored');
    fs.cpSync(original, restored, { recursive: true });
    fs.rmSync(original, { recursive: true, force: true });
    await start(restored);
    const again = createClient({ baseUrl: running!.url!, apiKey: testKey });
    const after = await again.verifications.retrieve(created.id);
    expect(after).toMatchObject({
      id: created.id,
      decision: before.decision,
      score: before.score,
      metadata: { customer: 'Drill Person' },
    });
    const media = await again.request('get', '/v1/verifications/{id}/media', { path: { id: created.id } });
    expect(media.items.length).toBeGreaterThan(0);
    for (const item of media.items) {
      // PORT=0 picks the port after the links' base address was set: follow the link's path on this one.
      const link = new URL(item.url);
      const image = await fetch(`${running!.url}${link.pathname}${link.search}`);
      expect(image.status, item.kind).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBe(item.bytes);
    }
  }, 180_000);
});
