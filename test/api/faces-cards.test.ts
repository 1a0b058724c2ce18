import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { renderPdf417 } from '../helpers/barcode-images.js';
import { verifyCapture } from '../helpers/session-flow.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';
import { faceImage } from '../unit/faces/face-fixtures.js';
import {
  type CardCondition,
  renderCardFront,
  renderSelfieFrame,
  seedOf,
} from '../../bench/lib/face-eval/render.js';

/**
 * Complete verifications as a user makes them: the licence front is a photographed card with the
 * portrait printed on it (bench/lib/face-eval, the evaluation set's renderer), the selfie is phone
 * frames of another photo. The face work is slow on the shared 2-core machine, hence the timeouts.
 */
const TIMEOUT_MS = 600_000;

const records = syntheticRecords();
const LICENCE = records.find((r) => r.id === 'aamva-syn-00000')!.payload;

type Case = { card: string; condition: CardCondition; selfie: [string, string] };

const london = (id: string, pose: 'neutral' | 'smiling') => `london/london_${id}_${pose}.jpg`;
const selfieOf = (id: string): [string, string] => [london(id, 'smiling'), london(id, 'neutral')];

const GENUINE: Case[] = [
  { card: london('025', 'neutral'), condition: 'clean', selfie: selfieOf('025') },
  { card: london('030', 'neutral'), condition: 'tilt', selfie: selfieOf('030') },
  { card: 'derived/idportrait_037.jpg', condition: 'small_jpeg', selfie: selfieOf('037') },
];
const IMPOSTOR: Case[] = [
  { card: london('062', 'neutral'), condition: 'clean', selfie: selfieOf('038') },
  { card: london('001', 'neutral'), condition: 'glare_cast', selfie: selfieOf('005') },
  { card: 'derived/idportrait_024.jpg', condition: 'blur', selfie: selfieOf('008') },
];

/**
 * Rendered once per case and shared by both engines' suites: the renders are deterministic and cost
 * more CPU than the verifications themselves (six frames are about 2 s).
 */
const captures = new Map<Case, Promise<{ card: Buffer; frames: Buffer[] }>>();
function capture(c: Case): Promise<{ card: Buffer; frames: Buffer[] }> {
  let rendered = captures.get(c);
  if (!rendered) {
    rendered = renderCapture(c);
    captures.set(c, rendered);
  }
  return rendered;
}

async function renderCapture(c: Case): Promise<{ card: Buffer; frames: Buffer[] }> {
  const card = await renderCardFront(faceImage(c.card), c.condition, seedOf(`api|${c.card}|${c.condition}`));
  const frames = await Promise.all(
    Array.from({ length: 6 }, (_, k) =>
      renderSelfieFrame(faceImage(c.selfie[k % 2]!), seedOf(`api|${c.selfie[0]}|${k}`)),
    ),
  );
  return { card: card.image, frames };
}

const verify = async (t: TestContext, { card, frames }: { card: Buffer; frames: Buffer[] }) =>
  verifyCapture(t, { front: card, back: await renderPdf417(LICENCE, { scale: 3 }), frames }, 'faces-cards');

describe.each(engines)('face match on photographed licence fronts through the API on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { sanctions: true, ml: true });
  }, TIMEOUT_MS);
  afterAll(async () => t.close());

  it(
    'passes face match for the same person (3 cards) and records the portrait quality and models',
    async () => {
      for (const c of GENUINE) {
        const v = await verify(t, await capture(c));
        expect(v.checks.face_match.status, c.card).toBe('ok');
        expect(v.checks.face_match.similarity, c.card).toBeGreaterThanOrEqual(0.6);
        expect(v.decision_reasons, c.card).not.toContain('face_match_below_threshold');
        expect(v.decision_reasons, c.card).not.toContain('face_match_unavailable');
        const detail = v.doc_checks.face_match;
        expect(detail.portrait_quality.face_height_px, c.card).toBeGreaterThanOrEqual(48);
        expect(detail.selfie_frames_matched.length, c.card).toBeGreaterThan(0);
        expect(detail.models.map((m: { name: string }) => m.name)).toContain('onnx/mobilefacenet_arcface_v1');
      }
    },
    TIMEOUT_MS,
  );

  it(
    "fails face match for another person's selfie (3 cards)",
    async () => {
      for (const c of IMPOSTOR) {
        const v = await verify(t, await capture(c));
        expect(v.checks.face_match.status, c.card).toBe('ok');
        expect(v.checks.face_match.similarity, c.card).toBeLessThan(0.6);
        expect(v.decision_reasons, c.card).toContain('face_match_below_threshold');
        expect(v.decision_reasons, c.card).not.toContain('face_match_unavailable');
        expect(v.decision, c.card).not.toBe('approve');
      }
    },
    TIMEOUT_MS,
  );

  it(
    'does not approve a card whose portrait is too small to compare, and says why',
    async () => {
      // The clean card shrunk to 300 px wide: the face on it is about 25 px tall.
      const { card, frames } = await capture(GENUINE[0]!);
      const tiny = await sharp(card).resize({ width: 300 }).jpeg({ quality: 90 }).toBuffer();
      const v = await verify(t, { card: tiny, frames });
      expect(v.checks.face_match.status).toBe('ok');
      expect(v.checks.face_match.similarity).toBeNull();
      expect(v.doc_checks.face_match.reason).toBe('portrait_too_small');
      expect(v.doc_checks.face_match.portrait_quality.face_height_px).toBeLessThan(48);
      expect(v.decision_reasons).toContain('face_match_below_threshold');
      expect(v.decision).not.toBe('approve');
    },
    TIMEOUT_MS,
  );
});
