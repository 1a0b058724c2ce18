import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docChecksSchema } from '../../src/core/check-results.js';
import type { MrzResult } from '../../src/core/documents/mrz/types.js';
import type { MrzReadOutcome } from '../../src/ports/check-engines.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** A TD3 passport zone as a reader returns it; `overrides` bend it for one test. */
function passportZone(overrides: Partial<MrzResult> = {}): MrzResult {
  return {
    format: 'TD3',
    documentCode: 'P',
    issuingState: 'D',
    surname: 'MUSTERMANN',
    givenNames: 'ERIKA ANNA',
    documentNumber: 'C01X00T47',
    nationality: 'D',
    birthDate: '1984-08-12',
    sex: 'F',
    expiryDate: '2031-10-31',
    optionalData: null,
    checkDigits: {
      documentNumber: true,
      birthDate: true,
      expiryDate: true,
      optionalData: true,
      composite: true,
    },
    valid: true,
    confidence: 0.97,
    ...overrides,
  };
}

const read = (mrz: MrzResult): MrzReadOutcome => ({
  status: 'ok',
  mrz,
  visualZone: {
    surname: { value: mrz.surname, confidence: 0.9 },
    givenNames: { value: mrz.givenNames, confidence: 0.9 },
    birthDate: { value: mrz.birthDate, confidence: 0.9 },
    documentNumber: { value: mrz.documentNumber, confidence: 0.9 },
    expiryDate: { value: mrz.expiryDate, confidence: 0.9 },
  },
  models: [{ name: 'fake-mrz', version: '1' }],
  durationMs: 12,
});

describe.each(engines)('passports and ID cards through the session API on %s', (engine) => {
  let t: TestContext;
  let jpeg: string;
  /** What the fake MRZ reader answers per image (keyed by the image's first bytes), null: no reader. */
  let answers: Map<string, MrzReadOutcome> | null = null;

  const api = (method: 'GET' | 'POST', url: string, payload?: object, apiKey?: string) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-api-key': apiKey ?? t.rootKey },
      ...(payload ? { payload } : {}),
    });

  async function create(body: object = {}, apiKey?: string) {
    const res = await api('POST', '/v1/verifications', { external_ref: 'doc-types', ...body }, apiKey);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; client_token: string; document_types: string[] };
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-client-token': created.client_token }, payload });
    const state = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/session/state',
          headers: { 'x-client-token': created.client_token },
        })
      ).json();
    const step = async (url: string, payload: object) => {
      const r = await post(url, payload);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      return r.json();
    };
    await step('/v1/session/consent', { consent: true });
    return { ...created, post, step, state };
  }

  const detail = async (id: string, apiKey?: string) => {
    const res = await api('GET', `/v1/verifications/${id}`, undefined, apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Whatever the document, a decision's stored details keep to their schema.
    if (body.status === 'decided')
      expect(docChecksSchema.safeParse(body.doc_checks).success, JSON.stringify(body.doc_checks)).toBe(true);
    return body;
  };

  /** A distinct image per side, so the fake reader can answer each side on its own. */
  const image = async (shade: number) => toB64(await plainJpeg(64, 48, { r: shade, g: shade, b: shade }));

  async function passportDecided(options: { create?: object; zone?: MrzReadOutcome } = {}) {
    const page = await image(10);
    if (options.zone) answers = new Map([[page, options.zone]]);
    const v = await create(options.create);
    await v.step('/v1/session/document', { side: 'front', document_type: 'passport', image_b64: page });
    await v.step('/v1/session/selfie', { frames_b64: [jpeg] });
    await v.step('/v1/session/submit', {});
    return detail(v.id);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    jpeg = toB64(await plainJpeg());
    const engines = t.platform.checkEngines;
    // A stand-in reader so the MRZ outcomes can be produced without models; null answers: no reader.
    Object.defineProperty(engines, 'mrzReader', {
      configurable: true,
      get: () =>
        answers && {
          readMrz: async (bytes: Buffer) =>
            answers?.get(bytes.toString('base64')) ?? { status: 'not_found' as const, durationMs: 1 },
        },
    });
  });
  afterEach(() => {
    answers = null;
  });
  afterAll(async () => t?.close());

  describe('creating', () => {
    it('accepts every type unless told, and returns the list on the verification', async () => {
      const all = await api('POST', '/v1/verifications', { external_ref: 'all' });
      expect(all.json()).toMatchObject({
        document_types: ['drivers_license', 'id_card', 'passport'],
        document_type: null,
        mrz_review: false,
      });
      const some = await api('POST', '/v1/verifications', {
        external_ref: 'some',
        document_types: ['passport', 'id_card'],
        mrz_review: true,
      });
      expect(some.statusCode).toBe(201);
      expect(some.json()).toMatchObject({ document_types: ['passport', 'id_card'], mrz_review: true });
      const read = await detail(some.json().id);
      expect(read).toMatchObject({ document_types: ['passport', 'id_card'], mrz_review: true });
    });

    it.each([
      ['empty', []],
      ['duplicated', ['passport', 'passport']],
      ['unknown', ['passport', 'visa']],
      ['not a list', 'passport'],
    ])('refuses a %s list in the validation envelope', async (_, documentTypes) => {
      const res = await api('POST', '/v1/verifications', {
        external_ref: 'bad',
        document_types: documentTypes,
      });
      expect(res.statusCode).toBe(422);
      const issues = res.json().detail as Array<{ loc: string[]; msg: string; type: string }>;
      expect(issues.length).toBeGreaterThan(0);
      expect(issues[0]!.loc.slice(0, 2)).toEqual(['body', 'document_types']);
    });
  });

  describe('capture', () => {
    it('a fresh session names no type yet and has every licence step to do', async () => {
      const v = await create();
      expect(await v.state()).toMatchObject({
        document_types: ['drivers_license', 'id_card', 'passport'],
        document_type: null,
        remaining_steps: ['doc_front', 'doc_back', 'selfie'],
        steps: { doc_front: 'pending', doc_back: 'pending', selfie: 'pending' },
      });
    });

    it('a type the verification does not accept is 422 document_type_not_allowed, the licence included by default', async () => {
      const v = await create({ document_types: ['passport'] });
      const licence = await v.post('/v1/session/document', { side: 'front', image_b64: jpeg });
      expect(licence.statusCode).toBe(422);
      expect(licence.json()).toEqual({
        detail: 'document type drivers_license is not allowed for this verification; it accepts passport',
      });
      const card = await v.post('/v1/session/document', {
        side: 'front',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(card.statusCode).toBe(422);
      expect((await v.state()).document_type).toBeNull();
    });

    it('a passport is its data page alone: the status goes straight to selfie and doc_back is skipped', async () => {
      const v = await create();
      const back = await v.post('/v1/session/document', {
        side: 'back',
        document_type: 'passport',
        image_b64: jpeg,
      });
      expect(back.statusCode).toBe(422);
      expect(back.json().detail[0].loc).toEqual(['body', 'side']);
      const after = await v.step('/v1/session/document', {
        side: 'front',
        document_type: 'passport',
        image_b64: jpeg,
      });
      expect(after).toMatchObject({
        status: 'selfie',
        document_type: 'passport',
        steps: { doc_front: 'done', doc_back: 'skipped', selfie: 'pending' },
        remaining_steps: ['selfie'],
      });
    });

    it('an ID card needs both sides; its back is not read for a barcode at upload', async () => {
      const v = await create({ document_types: ['id_card'] });
      const front = await v.step('/v1/session/document', {
        side: 'front',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(front).toMatchObject({ status: 'doc_back', remaining_steps: ['doc_back', 'selfie'] });
      await v.step('/v1/session/selfie', { frames_b64: [jpeg] });
      const early = await v.post('/v1/session/submit', {});
      expect(early.statusCode).toBe(422);
      expect(early.json()).toEqual({ detail: 'image_b64 required' });
      // A plain photo has no PDF417: a licence back would be a 422 retake, an ID card's back is kept.
      const back = await v.step('/v1/session/document', {
        side: 'back',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(back).toMatchObject({ status: 'selfie', remaining_steps: [] });
      const submitted = await v.step('/v1/session/submit', {});
      expect(submitted.status).toBe('decided');
      const decided = await detail(v.id);
      expect(decided.checks.document).toMatchObject({ document_type: 'id_card' });
      expect(decided.doc_checks.document).toMatchObject({
        document_type: 'id_card',
        mrz: { status: 'not_compared', reason: 'ml_disabled' },
      });
    });

    it("an ID card's sides come in either order: the status names the side still missing", async () => {
      const v = await create();
      const back = await v.step('/v1/session/document', {
        side: 'back',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(back).toMatchObject({ status: 'doc_front', remaining_steps: ['doc_front', 'selfie'] });
      const front = await v.step('/v1/session/document', {
        side: 'front',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(front).toMatchObject({ status: 'selfie', remaining_steps: ['selfie'] });
    });

    it('another type restarts document capture: the earlier images go and the steps follow the new type', async () => {
      const v = await create();
      await v.step('/v1/session/document', { side: 'front', image_b64: jpeg });
      await v.step('/v1/session/document', { side: 'back', image_b64: jpeg, barcode: SAMPLE_BARCODE });
      expect(await v.state()).toMatchObject({ status: 'selfie', document_type: 'drivers_license' });
      const card = await v.step('/v1/session/document', {
        side: 'front',
        document_type: 'id_card',
        image_b64: jpeg,
      });
      expect(card).toMatchObject({
        status: 'doc_back',
        document_type: 'id_card',
        steps: { doc_front: 'done', doc_back: 'pending' },
      });
      const passport = await v.step('/v1/session/document', {
        side: 'front',
        document_type: 'passport',
        image_b64: jpeg,
      });
      expect(passport).toMatchObject({ status: 'selfie', steps: { doc_back: 'skipped' } });
      const media = await t.platform.database.db
        .selectFrom('media')
        .select('kind')
        .where('verification_id', '=', v.id)
        .execute();
      expect(media.map((m) => m.kind)).toEqual(['document_front']);
      const audit = (await detail(v.id)).audit_log.filter(
        (a: { event: string }) => a.event === 'document_type.changed',
      );
      expect(audit.map((a: { detail: object }) => a.detail)).toEqual([
        { document_type: 'id_card', previous_document_type: 'drivers_license' },
        { document_type: 'passport', previous_document_type: 'id_card' },
      ]);
    });

    it('a client that names no type walks the licence path exactly as before', async () => {
      const v = await create();
      await v.step('/v1/session/document', { side: 'front', image_b64: jpeg });
      const back = await v.step('/v1/session/document', {
        side: 'back',
        image_b64: jpeg,
        barcode: SAMPLE_BARCODE,
      });
      expect(back).toMatchObject({ status: 'selfie', document_type: 'drivers_license' });
      await v.step('/v1/session/selfie', { frames_b64: [jpeg] });
      await v.step('/v1/session/submit', {});
      const decided = await detail(v.id);
      expect(decided.doc_checks.document).toMatchObject({
        document_type: 'drivers_license',
        identity: { last_name: 'SAMPLE' },
      });
      expect(decided.checks.document.document_type).toBe('drivers_license');
    });
  });

  describe('decisions', () => {
    it('with no MRZ reader a passport is capped at review (mrz_unavailable), never passed', async () => {
      const decided = await passportDecided();
      expect(decided.decision).toBe('review');
      expect(decided.decision_reasons).toContain('mrz_unavailable');
      expect(decided.doc_checks.document).toMatchObject({
        document_type: 'passport',
        mrz: { status: 'not_compared', reason: 'ml_disabled' },
        identity: null,
      });
    });

    it('a zone read whole gives the MRZ identity and keeps it in the detail', async () => {
      const decided = await passportDecided({ zone: read(passportZone()) });
      expect(decided.decision_reasons).not.toContain('mrz_unavailable');
      expect(decided.doc_checks.document).toMatchObject({
        document_type: 'passport',
        mrz_side: 'front',
        expired: false,
        identity: { last_name: 'MUSTERMANN', first_name: 'ERIKA', middle_name: 'ANNA', dob: '1984-08-12' },
        mrz: {
          status: 'read',
          format: 'TD3',
          issuing_state: 'D',
          nationality: 'D',
          document_number: 'C01X00T47',
          check_digits: { document_number: true, composite: true },
          valid: true,
        },
      });
    });

    it('a check digit that does not hold is mrz_check_digit_failed (review)', async () => {
      const zone = passportZone({
        valid: false,
        checkDigits: { ...passportZone().checkDigits, birthDate: false, composite: false },
      });
      const decided = await passportDecided({ zone: read(zone) });
      expect(decided.decision_reasons).toContain('mrz_check_digit_failed');
      expect(decided.decision).not.toBe('approve');
    });

    it('an expiry date in the past is document_expired (decline)', async () => {
      const decided = await passportDecided({ zone: read(passportZone({ expiryDate: '2020-01-31' })) });
      expect(decided.decision).toBe('decline');
      expect(decided.decision_reasons).toContain('document_expired');
      expect(decided.doc_checks.document.expired).toBe(true);
    });

    it('no zone found is mrz_unreadable (review)', async () => {
      const decided = await passportDecided({ zone: { status: 'not_found', durationMs: 3 } });
      expect(decided.decision_reasons).toContain('mrz_unreadable');
      expect(decided.doc_checks.document.mrz).toEqual({
        status: 'unreadable',
        reason: 'no_zone_found',
      });
    });

    it('a reader that cannot run is mrz_unavailable (review)', async () => {
      const decided = await passportDecided({ zone: { status: 'unavailable', error: 'models not loaded' } });
      expect(decided.decision_reasons).toContain('mrz_unavailable');
      expect(decided.doc_checks.document.mrz).toEqual({ status: 'unavailable', error: 'models not loaded' });
    });

    it('mrz_review keeps a zone read whole at review with document_chip_not_read', async () => {
      const decided = await passportDecided({ create: { mrz_review: true }, zone: read(passportZone()) });
      expect(decided.decision).not.toBe('approve');
      expect(decided.decision_reasons).toContain('document_chip_not_read');
    });

    it("an ID card's zone is read on its back, and on its front when the back has none", async () => {
      const front = await image(40);
      const back = await image(80);
      const card = passportZone({
        format: 'TD1',
        documentCode: 'ID',
        issuingState: 'UTO',
        nationality: 'UTO',
      });
      answers = new Map([[front, read(card)]]);
      const v = await create();
      await v.step('/v1/session/document', { side: 'front', document_type: 'id_card', image_b64: front });
      await v.step('/v1/session/document', { side: 'back', document_type: 'id_card', image_b64: back });
      await v.step('/v1/session/selfie', { frames_b64: [jpeg] });
      await v.step('/v1/session/submit', {});
      const onFront = await detail(v.id);
      expect(onFront.doc_checks.document).toMatchObject({ mrz_side: 'front', mrz: { format: 'TD1' } });

      answers = new Map([[back, read(card)]]);
      const w = await create();
      await w.step('/v1/session/document', { side: 'front', document_type: 'id_card', image_b64: front });
      await w.step('/v1/session/document', { side: 'back', document_type: 'id_card', image_b64: back });
      await w.step('/v1/session/selfie', { frames_b64: [jpeg] });
      await w.step('/v1/session/submit', {});
      expect((await detail(w.id)).doc_checks.document).toMatchObject({ mrz_side: 'back' });
    });
  });

  describe('test mode', () => {
    let testKey: string;
    beforeAll(async () => {
      const res = await api('POST', '/v1/keys', { label: 'sandbox', scopes: ['*'], mode: 'test' });
      testKey = res.json().api_key;
    });

    it.each([
      ['mrz_unreadable', 'review', ['mrz_unreadable']],
      ['mrz_check_digit_failed', 'review', ['mrz_check_digit_failed']],
      ['document_data_mismatch', 'review', ['document_data_mismatch']],
      ['mrz_unavailable', 'review', ['mrz_unavailable', 'ml_degraded_capped_at_review']],
      ['document_chip_not_read', 'review', ['document_chip_not_read']],
      ['document_expired', 'decline', ['document_expired']],
    ])('a passport forced to %s is decided %s', async (code, decision, reasons) => {
      const v = await create({ test_outcome: [code], document_types: ['passport'] }, testKey);
      await v.step('/v1/session/document', { side: 'front', document_type: 'passport', image_b64: jpeg });
      await v.step('/v1/session/selfie', { frames_b64: [jpeg] });
      await v.step('/v1/session/submit', {});
      const decided = await detail(v.id, testKey);
      expect(decided.decision).toBe(decision);
      expect(decided.decision_reasons).toEqual(reasons);
      expect(decided.doc_checks.document).toMatchObject({ document_type: 'passport', test_mode: 'forced' });
    });

    it('refuses a licence reason beside a passport one, and a zone not read beside what it would have read', async () => {
      for (const outcome of [
        ['barcode_parse_failed', 'mrz_unreadable'],
        ['mrz_unreadable', 'mrz_check_digit_failed'],
      ]) {
        const res = await api(
          'POST',
          '/v1/verifications',
          { external_ref: 'x', test_outcome: outcome },
          testKey,
        );
        expect(res.statusCode, res.body).toBe(422);
      }
    });
  });
});
