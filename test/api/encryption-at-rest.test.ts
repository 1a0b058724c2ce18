import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../../src/adapters/db/media-store.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { createVerificationStore } from '../../src/adapters/db/verification-store.js';
import { createVerificationKeys } from '../../src/adapters/keys/verification-keys.js';
import { createDataSealer, createKeyWrapper, parseSecretKey } from '../../src/core/webhooks/secret-box.js';
import { plainJpeg } from '../helpers/images.js';
import { decidedVerification, rememberTemplate } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const OLD_KEY = crypto.randomBytes(32).toString('hex');
const NEW_KEY = crypto.randomBytes(32).toString('base64url');
const OTHER_KEY = crypto.randomBytes(32).toString('hex');

describe.each(engines)('encryption at rest (%s)', (engine) => {
  let t: TestContext;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { DATA_ENCRYPTION_KEY: OLD_KEY } });
    jpeg = await plainJpeg();
  });
  afterAll(async () => t?.close());

  const db = () => t.platform.database.db;

  it('stores images and personal fields as ciphertext; the API reads them back', async () => {
    const { id } = await decidedVerification(t);
    await rememberTemplate(t, id);

    const media = await db().selectFrom('media').select('bytes').where('verification_id', '=', id).execute();
    expect(media).toHaveLength(4);
    for (const row of media) {
      const stored = Buffer.from(row.bytes!);
      expect(stored.subarray(0, 4).toString('ascii')).toBe('IDK1');
      expect(stored.includes(jpeg.subarray(0, 64))).toBe(false);
    }
    for (const table of ['verifications', 'face_templates'] as const) {
      const column = sql.ref(table === 'verifications' ? 'r.id' : 'r.verification_id');
      const { rows } = await sql<{ text: string }>`
        SELECT r::text AS text FROM ${sql.table(table)} AS r WHERE ${column} = ${id}`.execute(db());
      expect(rows).toHaveLength(1);
      // The template row also holds the embedding's random floats, which can contain any four digits:
      // there the date of birth is looked for whole, as the identity would store it.
      const birthYear = table === 'verifications' ? '1986' : '1986-06-06';
      for (const needle of ['MICHAEL', 'SAMPLE', birthYear, 'D1234562', 'BROAD STREET'])
        expect(rows[0]!.text, `${table} ${needle}`).not.toContain(needle);
    }
    const row = await db()
      .selectFrom('verifications')
      .select(['barcode', 'doc_checks'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.barcode).toEqual({ sealed: expect.stringMatching(/^k1\./) });
    expect(Object.keys(row.doc_checks).sort()).toEqual(['face_dedupe', 'sealed']);

    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/verifications/${id}`,
        headers: { 'x-api-key': t.rootKey },
      })
    ).json();
    expect(detail.doc_checks.document.identity).toMatchObject({ first_name: 'MICHAEL', last_name: 'SAMPLE' });
    const links = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/verifications/${id}/media`,
        headers: { 'x-api-key': t.rootKey },
      })
    ).json();
    const image = await t.app.inject({
      method: 'GET',
      url: new URL(links.items[0].url).pathname + new URL(links.items[0].url).search,
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(jpeg)).toBe(true);
    const found = await t.platform.stores.faces.nearest(
      (
        await db()
          .selectFrom('face_templates')
          .select('embedding')
          .where('verification_id', '=', id)
          .executeTakeFirstOrThrow()
      ).embedding,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(found?.identity).toEqual({ name: 'MICHAEL JOHN SAMPLE', dob: '1986-06-06' });
  });

  /** Verification keys over the app's own key store, wrapped under `key` (opening with `previous` too). */
  const keysUnder = (key: string, previous: string[] = []) =>
    createVerificationKeys(
      t.platform.verificationKeyStore,
      createKeyWrapper(parseSecretKey(key), previous.map(parseSecretKey)),
      createDataSealer(parseSecretKey(key), previous.map(parseSecretKey)),
    );

  it('is unreadable with another key; after a rotation old data opens with the previous key and new data uses the new one', async () => {
    const { id } = await decidedVerification(t);
    const stranger = keysUnder(OTHER_KEY);
    await expect(createVerificationStore(db(), stranger).findById(id, t.clock.now())).rejects.toThrow(
      /not configured/,
    );
    await expect(createMediaStore(db(), { keys: stranger }).load(id, 'document_front')).rejects.toThrow(
      /not configured/,
    );

    // The rotation: the new key wraps new verification keys, the old one still unwraps the earlier ones.
    const rotated = keysUnder(NEW_KEY, [OLD_KEY]);
    const store = createVerificationStore(db(), rotated);
    const before = await store.findById(id, t.clock.now());
    expect(before?.barcode?.browser_text).toContain('DACMICHAEL');
    const media = createMediaStore(db(), { keys: rotated });
    expect((await media.load(id, 'document_front'))[0]!.equals(jpeg)).toBe(true);

    const transact = createTransactor(db(), { vectorSearch: false, keys: rotated });
    const other = crypto.randomUUID();
    await transact(async (tx) => {
      await tx.verifications.insert({
        id: other,
        apiKeyId: 1,
        externalRef: 'rotated',
        metadata: {},
        createdAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
      });
      await tx.verifications.advance(other, {
        status: 'selfie',
        barcode: { server_status: 'not_found', server_text: null, browser_text: 'DACMICHAEL' },
        at: t.clock.now(),
      });
      await tx.audit.append(other, { actor: 'system', event: 'test.rotated', at: t.clock.now() });
    });
    const wrappingKeyId = async (verificationId: string) =>
      (await t.platform.verificationKeyStore.get(verificationId))!.split('.')[1];
    expect(await wrappingKeyId(other)).not.toBe(await wrappingKeyId(id));
    expect((await store.findById(other, t.clock.now()))?.barcode?.browser_text).toBe('DACMICHAEL');
    // The old key alone cannot open what the new key sealed.
    await expect(
      createVerificationStore(db(), keysUnder(OLD_KEY)).findById(other, t.clock.now()),
    ).rejects.toThrow(/not configured/);
  });

  it('still reads what earlier releases stored: d1 sealed under DATA_ENCRYPTION_KEY, IDV1 images, plain metadata', async () => {
    const { id } = await decidedVerification(t);
    const legacy = createDataSealer(parseSecretKey(OLD_KEY));
    const barcode = { server_status: 'not_found', server_text: null, browser_text: 'DACLEGACY' };
    await db()
      .updateTable('verifications')
      .set({
        barcode: JSON.stringify({ sealed: legacy.sealText(JSON.stringify(barcode)) }),
        metadata: JSON.stringify({ plain: 'from before' }),
      })
      .where('id', '=', id)
      .execute();
    await db()
      .updateTable('media')
      .set({ bytes: legacy.sealBytes(jpeg) })
      .where('verification_id', '=', id)
      .where('kind', '=', 'document_front')
      .execute();
    const read = await createVerificationStore(db(), t.platform.verificationKeys).findById(id, t.clock.now());
    expect(read?.barcode).toEqual(barcode);
    expect(read?.metadata).toEqual({ plain: 'from before' });
    const [front] = await t.platform.stores.media.load(id, 'document_front');
    expect(front!.equals(jpeg)).toBe(true);
  });
});
