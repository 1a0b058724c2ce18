import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDataSealer,
  createKeyWrapper,
  createVerificationSealer,
  parseSecretKey,
} from '../../src/core/webhooks/secret-box.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE, verificationDetail } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * The crypto-shredding guarantee (docs/security.md): after redaction, nothing of the verification's
 * personal data or images can be recovered from what the service left behind, with every key left there.
 * PGlite: every file under DATA_DIR (its write-ahead log and dead rows included), with the
 * DATA_ENCRYPTION_KEY generated into DATA_DIR and the key files that remain. PostgreSQL: the server's
 * files are out of reach, so every row of every table and DATA_DIR.
 */

/** The redacted verification's data: each string appears nowhere else. */
const REDACTED = {
  firstName: 'ZEPHYRA',
  lastName: 'QUIXOT',
  licence: 'V9071453',
  metadata: 'META-ZX81-REDACT',
  agent: 'AGENT-ZX81-REDACT',
  image: 'IMAGE-ZX81-REDACT',
  device: 'DEVICE-ZX81-REDACT',
};
const REDACTED_BARCODE = SAMPLE_BARCODE.replace('DAQD1234562', `DAQ${REDACTED.licence}`)
  .replace('DCSSAMPLE', `DCS${REDACTED.lastName}`)
  .replace('DACMICHAEL', `DAC${REDACTED.firstName}`);
/** The verification kept: it must read in full after a restart, and the scan must find its data (the control). */
const KEPT = {
  firstName: 'MICHAEL',
  image: 'IMAGE-CTRL-KEPT',
  agent: 'AGENT-CTRL-KEPT',
  device: 'DEVICE-CTRL-KEPT',
};

/** A JPEG carrying `marker` in a comment segment right after its start, so the first bytes show it. */
async function markedJpeg(marker: string): Promise<Buffer> {
  const jpeg = await plainJpeg();
  const text = Buffer.from(marker, 'ascii');
  const length = text.length + 2;
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]),
    text,
    jpeg.subarray(2),
  ]);
}

/** A decided verification whose metadata, browser, device signals, barcode and images carry the given strings. */
async function decidedWith(
  t: TestContext,
  data: { barcode: string; image: Buffer; agent: string; device: string; metadata?: string },
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': t.rootKey },
    payload: { external_ref: 'shredding', ...(data.metadata ? { metadata: { note: data.metadata } } : {}) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, client_token } = created.json() as { id: string; client_token: string };
  const step = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-client-token': client_token, 'user-agent': data.agent },
      payload,
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  };
  await step('/v1/session/consent', { consent: true });
  const signals = await t.app.inject({
    method: 'POST',
    url: '/v1/signals/collect',
    payload: { client_token, components: { user_agent: data.agent, canvas: data.device } },
  });
  expect(signals.json()).toMatchObject({ linked: true, stored: true });
  await step('/v1/session/document', { side: 'front', image_b64: toB64(data.image) });
  await step('/v1/session/document', {
    side: 'back',
    image_b64: toB64(data.image),
    barcode: data.barcode,
  });
  await step('/v1/session/selfie', { frames_b64: [toB64(data.image), toB64(data.image)] });
  await step('/v1/session/submit', {});
  return id;
}

/** The verification's stored images, as the merchant downloads them. */
async function images(t: TestContext, id: string, apiKey = t.rootKey): Promise<Buffer[]> {
  const links = await t.app.inject({
    method: 'GET',
    url: `/v1/verifications/${id}/media`,
    headers: { 'x-api-key': apiKey },
  });
  expect(links.statusCode, links.body).toBe(200);
  const items = links.json().items as Array<{ url: string }>;
  return Promise.all(
    items.map(async (item) => {
      const url = new URL(item.url);
      const image = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(image.statusCode).toBe(200);
      return image.rawPayload;
    }),
  );
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Everything the scan reads: each file's bytes, and on PostgreSQL each table's rows (bytea decoded). */
async function leftBehind(dataDir: string, t: TestContext | null): Promise<Map<string, Buffer>> {
  const sources = new Map(filesUnder(dataDir).map((file) => [file, fs.readFileSync(file)]));
  if (t) {
    const { rows: tables } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(t.platform.database.db);
    for (const { name } of tables) {
      const { rows } = await sql<{
        text: string;
      }>`SELECT r::text AS text FROM ${sql.table(name)} AS r`.execute(t.platform.database.db);
      const text = rows.map((row) => row.text).join('\n');
      const bytea = [...text.matchAll(/\\\\x([0-9a-f]+)/g)].map((m) => Buffer.from(m[1]!, 'hex'));
      sources.set(`table ${name}`, Buffer.concat([Buffer.from(text, 'utf8'), ...bytea]));
    }
  }
  return sources;
}

const SEALED_TEXT = /(k1(?:\.[A-Za-z0-9_-]+){3}|d1(?:\.[A-Za-z0-9_-]+){4})/g;
/** Stored values carry no terminator: the bytes after one may continue its last part, so shorter ends are tried. */
const TRAILING_BYTES_TRIED = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Everything the keys left behind open: every sealed text (`k1.` with each remaining verification key,
 * `d1.` with DATA_ENCRYPTION_KEY) and the start of every sealed image. GCM without its tag is CTR mode,
 * so the first bytes after an `IDK1` header decrypt with the right key even where the value is cut
 * (a page boundary, a TOAST chunk): the JPEG's start and the comment after it show.
 */
function openWith(
  sources: Map<string, Buffer>,
  dataKey: Buffer,
  verificationKeys: Map<string, Buffer>,
): { texts: string[]; imagePrefixes: Buffer[] } {
  const legacy = createDataSealer(dataKey);
  const texts: string[] = [];
  const imagePrefixes: Buffer[] = [];
  for (const bytes of sources.values()) {
    for (const [sealed] of bytes.toString('latin1').matchAll(SEALED_TEXT)) {
      const openers = sealed.startsWith('d1.')
        ? [legacy]
        : [...verificationKeys].map(([id, key]) => createVerificationSealer(id, key));
      for (let cut = 0; cut <= TRAILING_BYTES_TRIED; cut++)
        for (const opener of openers) {
          try {
            texts.push(opener.openText(sealed.slice(0, sealed.length - cut)));
          } catch {
            // Not this key's, or not this end (GCM's tag refuses it).
          }
        }
    }
    for (let at = bytes.indexOf('IDK1'); at >= 0; at = bytes.indexOf('IDK1', at + 1)) {
      const iv = bytes.subarray(at + 4, at + 4 + IV_BYTES);
      const start = at + 4 + IV_BYTES + TAG_BYTES;
      const body = bytes.subarray(start, start + 64);
      if (iv.length < IV_BYTES || body.length < 64) continue;
      for (const key of verificationKeys.values()) {
        const counter = Buffer.concat([iv, Buffer.from([0, 0, 0, 2])]);
        const decipher = crypto.createDecipheriv('aes-256-ctr', key, counter);
        const prefix = Buffer.concat([decipher.update(body), decipher.final()]);
        if (prefix[0] === 0xff && prefix[1] === 0xd8) imagePrefixes.push(prefix);
      }
    }
  }
  return { texts, imagePrefixes };
}

describe.each(engines)('crypto-shredding of redacted verifications (%s)', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-shred-'));
  // DATA_ENCRYPTION_KEY unset: it is generated into DATA_DIR, the worst case (a copy of the folder has it).
  const env = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '', MEDIA_STORE: 'database' };
  const opened: TestContext[] = [];
  const open = async (options: { databaseUrl?: string; rootKey?: string } = {}) => {
    // A second instance on the same PostgreSQL database stands for the restart there (createTestApp
    // makes a fresh server database per app); with DATABASE_URL given it uses that one.
    const bootstrap: Record<string, string> = options.rootKey ? { BOOTSTRAP_API_KEY: options.rootKey } : {};
    const t = options.databaseUrl
      ? await createTestApp('pglite', { env: { ...env, ...bootstrap, DATABASE_URL: options.databaseUrl } })
      : await createTestApp(engine, { env: { ...env, ...bootstrap } });
    opened.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of opened.reverse()) await t.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing of a redacted verification that the keys left behind can open; a kept one reads in full after a restart', async () => {
    const t = await open();
    const redactedImage = await markedJpeg(REDACTED.image);
    const keptImage = await markedJpeg(KEPT.image);
    const redacted = await decidedWith(t, {
      barcode: REDACTED_BARCODE,
      image: redactedImage,
      agent: REDACTED.agent,
      device: REDACTED.device,
      metadata: REDACTED.metadata,
    });
    const kept = await decidedWith(t, {
      barcode: SAMPLE_BARCODE,
      image: keptImage,
      agent: KEPT.agent,
      device: KEPT.device,
    });

    // Before redaction the API has it all: the strings are really there to be erased.
    const before = await verificationDetail(t, redacted);
    expect(before.metadata).toEqual({ note: REDACTED.metadata });
    expect(before.doc_checks.document.identity).toMatchObject({
      first_name: REDACTED.firstName,
      last_name: REDACTED.lastName,
    });
    expect(JSON.stringify(before)).toContain(REDACTED.licence);
    expect(JSON.stringify(before.audit_log)).toContain(REDACTED.agent);
    expect((await images(t, redacted)).every((image) => image.includes(REDACTED.image))).toBe(true);

    const redaction = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${redacted}/redact`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(redaction.statusCode, redaction.body).toBe(200);
    expect(await t.platform.verificationKeyStore.get(redacted)).toBeNull();
    expect(await t.platform.verificationKeyStore.get(kept)).not.toBeNull();

    const heldKeys = await t.platform.verificationKeyStore.ids();
    const wrapped = new Map(
      await Promise.all(
        heldKeys.map(async (id) => [id, (await t.platform.verificationKeyStore.get(id))!] as const),
      ),
    );
    // PostgreSQL: its rows, with the app still open. PGlite: its files once it has closed.
    let sources: Map<string, Buffer>;
    if (engine === 'pglite') {
      await t.close();
      opened.pop();
      sources = await leftBehind(dataDir, null);
      expect([...sources.keys()].some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      for (const file of filesUnder(path.join(dataDir, 'keys')))
        expect(fs.statSync(file).mode & 0o777, file).toBe(0o600);
    } else {
      sources = await leftBehind(dataDir, t);
    }

    // Every key left behind: DATA_ENCRYPTION_KEY from its file, each verification key it unwraps.
    const dataKey = parseSecretKey(fs.readFileSync(path.join(dataDir, 'data-encryption.key'), 'utf8'));
    const unwrap = createKeyWrapper(dataKey);
    expect(heldKeys).not.toContain(redacted);
    const verificationKeys = new Map([...wrapped].map(([id, w]) => [id, unwrap.unwrap(id, w)]));

    const plain = Object.values(REDACTED).map((marker) => Buffer.from(marker, 'ascii'));
    for (const [source, bytes] of sources)
      for (const marker of plain) expect(bytes.includes(marker), `${marker} in ${source}`).toBe(false);
    expect(
      [...sources].filter(([, bytes]) => bytes.includes(redactedImage.subarray(0, 200))).map(([s]) => s),
    ).toEqual([]);

    const { texts, imagePrefixes } = openWith(sources, dataKey, verificationKeys);
    for (const text of texts)
      for (const marker of Object.values(REDACTED)) expect(text).not.toContain(marker);
    for (const prefix of imagePrefixes) expect(prefix.includes(REDACTED.image)).toBe(false);
    // The control: the same scan does open the kept verification's data, so it would have found these.
    expect(texts.some((text) => text.includes(KEPT.firstName))).toBe(true);
    expect(texts.some((text) => text.includes(KEPT.agent))).toBe(true);
    expect(texts.some((text) => text.includes(KEPT.device))).toBe(true);
    expect(imagePrefixes.some((prefix) => prefix.includes(KEPT.image))).toBe(true);

    // The restart: a new process's caches are empty, so the keys come from the store.
    const again = await open({
      rootKey: t.rootKey,
      ...(engine === 'postgres' ? { databaseUrl: t.config.databaseUrl! } : {}),
    });
    const keptDetail = await verificationDetail(again, kept, t.rootKey);
    expect(keptDetail.doc_checks.document.identity).toMatchObject({ first_name: KEPT.firstName });
    expect(JSON.stringify(keptDetail.audit_log)).toContain(KEPT.agent);
    const keptImages = await images(again, kept, t.rootKey);
    expect(keptImages.length).toBeGreaterThan(0);
    for (const image of keptImages) expect(image.equals(keptImage)).toBe(true);
    const redactedDetail = await verificationDetail(again, redacted, t.rootKey);
    expect(redactedDetail.redacted_at).not.toBeNull();
    expect(JSON.stringify(redactedDetail)).not.toMatch(/ZEPHYRA|QUIXOT|V9071453|ZX81/);
    expect(await images(again, redacted, t.rootKey)).toEqual([]);
  });
});
