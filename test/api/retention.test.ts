import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { decidedVerification, rememberTemplate } from '../helpers/session-flow.js';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';

const DAY = 86_400;

describe.each(engines)('retention sweeper (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        RETENTION_MEDIA_DAYS: '30',
        RETENTION_PII_DAYS: '60',
        RETENTION_TEMPLATE_DAYS: '90',
        // Small batches, so every stage runs several.
        RETENTION_SWEEP_BATCH: '2',
        // Where the console of the per-account test signs its admin in.
        PUBLIC_BASE_URL: CONSOLE_ORIGIN,
      },
    });
  });
  afterAll(async () => t?.close());

  const db = () => t.platform.database.db;

  async function decided(): Promise<string> {
    const { id } = await decidedVerification(t);
    await rememberTemplate(t, id);
    return id;
  }

  /** A verification left open after its front image. */
  async function unfinished(): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'unfinished', metadata: { email: 'someone@example.com' } },
    });
    const { id, client_token } = created.json();
    const headers = { 'x-client-token': client_token };
    await t.app.inject({ method: 'POST', url: '/v1/session/consent', headers, payload: { consent: true } });
    const front = await t.app.inject({
      method: 'POST',
      url: '/v1/session/document',
      headers,
      payload: { side: 'front', image_b64: toB64(await plainJpeg()) },
    });
    expect(front.statusCode).toBe(200);
    return id;
  }

  type State = { media: number; template: boolean; redacted: boolean; barcode: boolean; status: string };
  async function state(id: string): Promise<State> {
    const row = await db()
      .selectFrom('verifications')
      .select(['redacted_at', 'barcode', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const media = await db().selectFrom('media').select('id').where('verification_id', '=', id).execute();
    const template = await db()
      .selectFrom('face_templates')
      .select('verification_id')
      .where('verification_id', '=', id)
      .executeTakeFirst();
    return {
      media: media.length,
      template: template !== undefined,
      redacted: row.redacted_at !== null,
      barcode: row.barcode !== null,
      status: row.status,
    };
  }

  it('deletes exactly what is past each period, in batches, and reports it in /metrics', async () => {
    const start = t.clock.now();
    const a = [await decided(), await decided(), await decided()];
    const open = await unfinished();
    t.clock.advanceSeconds(20 * DAY);
    const b = await decided();

    // Day 31: the unfinished one expired long ago; a's media are past 30 days, b's are not.
    t.clock.set(new Date(start.getTime() + 31 * DAY * 1000));
    const fresh = await unfinished();
    const first = await t.modules.privacy.sweepRetention();
    expect(first).toMatchObject({ completed: true, unfinished: 1, media: 12, pii: 0, templates: 0 });
    for (const id of a)
      expect(await state(id)).toEqual({
        media: 0,
        template: true,
        redacted: false,
        barcode: true,
        status: 'decided',
      });
    expect(await state(b)).toEqual({
      media: 4,
      template: true,
      redacted: false,
      barcode: true,
      status: 'decided',
    });
    expect(await state(open)).toEqual({
      media: 0,
      template: false,
      redacted: true,
      barcode: false,
      status: 'expired',
    });
    expect(await state(fresh)).toMatchObject({ media: 1, redacted: false, status: 'doc_back' });
    const openRow = await db()
      .selectFrom('verifications')
      .select('metadata')
      .where('id', '=', open)
      .executeTakeFirstOrThrow();
    expect(openRow.metadata).toEqual({});
    // Redacted, its key is gone with it (copies of its rows no longer open); the others keep theirs.
    const heldKey = async (id: string) => (await t.platform.verificationKeyStore.get(id)) !== null;
    expect(await heldKey(open)).toBe(false);
    for (const id of [...a, b, fresh]) expect(await heldKey(id)).toBe(true);

    // A second run finds nothing more to do.
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({
      unfinished: 0,
      media: 0,
      pii: 0,
      templates: 0,
    });

    // Day 61: a's personal data goes; b's media (41 days) too, its personal data stays.
    t.clock.set(new Date(start.getTime() + 61 * DAY * 1000));
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({
      unfinished: 1,
      media: 4,
      pii: 3,
      templates: 0,
    });
    for (const id of a) {
      expect(await state(id)).toMatchObject({ redacted: true, barcode: false, template: true });
      expect(await heldKey(id)).toBe(false);
    }
    expect(await state(b)).toMatchObject({ media: 0, redacted: false, barcode: true, template: true });
    expect(await heldKey(b)).toBe(true);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/verifications/${a[0]}`,
        headers: { 'x-api-key': t.rootKey },
      })
    ).json();
    expect(detail.redacted_at).not.toBeNull();
    expect(detail.decision).toBe('review');
    expect(detail.audit_log.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['media.deleted', 'verification.redacted']),
    );

    // Day 91: a's templates are past 90 days; b's (71 days) stay.
    t.clock.set(new Date(start.getTime() + 91 * DAY * 1000));
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ pii: 1, templates: 3 });
    for (const id of a) expect(await state(id)).toMatchObject({ template: false });
    expect(await state(b)).toMatchObject({ template: true, redacted: true });

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: operationsHeaders });
    expect(metrics.body).toMatch(/^retention_swept_total\{stage="media"\} 16$/m);
    expect(metrics.body).toMatch(/^retention_swept_total\{stage="templates"\} 3$/m);
    expect(metrics.body).toMatch(/^retention_sweep_last_duration_seconds \d/m);
  });

  it('destroys the key a redaction left behind (a crash between its commit and the destruction)', async () => {
    const { id } = await decidedVerification(t);
    const redacted = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/redact`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(redacted.statusCode).toBe(200);
    // A key for it again, as a crash after the commit would have left the old one.
    await t.platform.verificationKeys.sealerFor(id);
    expect(await t.platform.verificationKeyStore.get(id)).not.toBeNull();
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ completed: true, keys: 1 });
    expect(await t.platform.verificationKeyStore.get(id)).toBeNull();
  });

  it('tells the capture flow the periods, for its consent text', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'consent-text' },
    });
    const state = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { 'x-client-token': created.json().client_token },
    });
    expect(state.json().retention).toEqual({
      media_days: 30,
      personal_data_days: 60,
      face_template_days: 90,
    });
  });

  it('runs on one instance at a time: another holder’s lease makes it wait until the lease runs out', async () => {
    const now = t.clock.now();
    await db()
      .updateTable('job_leases')
      .set({ holder: 'another-instance', expires_at: new Date(now.getTime() + 60_000) })
      .where('name', '=', 'retention-sweeper')
      .execute();
    expect(await t.modules.privacy.sweepRetention()).toBeNull();
    t.clock.advanceSeconds(61);
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ completed: true });
    const lease = await db().selectFrom('job_leases').selectAll().executeTakeFirstOrThrow();
    expect(lease.holder).toMatch(/^retention-/);
  });

  it("honours an account's shorter periods for its own verifications only, and refuses longer ones than the deployment's", async () => {
    const c = consoleDriver(t);
    const account = await c.openAccount('Keeps less Ltd');
    const admin = await c.join(account.id, 'admin@keeps-less.example', 'admin');
    const viewer = await c.join(account.id, 'viewer@keeps-less.example', 'viewer');

    const tooLong = await c.as(admin, 'PUT', '/v1/console/retention', {
      media_days: 31,
      pii_days: 20,
      template_days: null,
    });
    expect([tooLong.statusCode, tooLong.json()]).toEqual([
      422,
      {
        detail: [
          {
            loc: ['body', 'media_days'],
            msg: 'may be at most 30 days: this deployment keeps it no longer (RETENTION_MEDIA_DAYS)',
            type: 'retention_too_long',
          },
        ],
      },
    ]);
    const shorter = { media_days: 10, pii_days: 20, template_days: null };
    expect((await c.as(viewer, 'PUT', '/v1/console/retention', shorter)).statusCode).toBe(403);
    expect((await c.as(viewer, 'GET', '/v1/console/retention')).statusCode).toBe(403);
    expect((await c.as(admin, 'PUT', '/v1/console/retention', shorter, { csrf: false })).statusCode).toBe(
      403,
    );
    const set = await c.as(admin, 'PUT', '/v1/console/retention', shorter);
    expect([set.statusCode, set.json()]).toEqual([
      200,
      {
        account: shorter,
        applied: { media_days: 10, pii_days: 20, template_days: 90 },
        deployment: { media_days: 30, pii_days: 60, template_days: 90 },
      },
    ]);
    expect((await c.as(admin, 'GET', '/v1/console/retention')).json()).toEqual(set.json());

    // The consent text of the account's verifications states the account's periods.
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': account.apiKey },
      payload: { external_ref: 'consent-text' },
    });
    const consentState = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { 'x-client-token': created.json().client_token },
    });
    expect(consentState.json().retention).toEqual({
      media_days: 10,
      personal_data_days: 20,
      face_template_days: 90,
    });

    const start = t.clock.now();
    const mine = (await decidedVerification(t, account.apiKey)).id;
    await rememberTemplate(t, mine);
    const others = (await decidedVerification(t)).id;
    await rememberTemplate(t, others);

    // Day 11: the account's media are past its 10 days; the deployment's 30 keep the other's.
    t.clock.set(new Date(start.getTime() + 11 * DAY * 1000));
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ completed: true, media: 4, pii: 0 });
    expect(await state(mine)).toMatchObject({ media: 0, redacted: false, template: true });
    expect(await state(others)).toMatchObject({ media: 4, redacted: false, template: true });

    // Day 21: the account's personal data are past its 20 days; nothing of the other's goes.
    t.clock.set(new Date(start.getTime() + 21 * DAY * 1000));
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ completed: true, media: 0, pii: 1 });
    expect(await state(mine)).toMatchObject({ redacted: true, barcode: false, template: true });
    expect(await state(others)).toMatchObject({ media: 4, redacted: false, barcode: true });

    // Day 31: the deployment's media period reaches the other's; the account's templates keep the
    // deployment's 90 days.
    t.clock.set(new Date(start.getTime() + 31 * DAY * 1000));
    expect(await t.modules.privacy.sweepRetention()).toMatchObject({ media: 4, templates: 0 });
    expect(await state(mine)).toMatchObject({ template: true });
  });
});
