import sharp from 'sharp';
import { faceImage } from '../../helpers/images.js';
import { cardBackFrame, cardFrontFrame, FRAME_HEIGHT, FRAME_WIDTH, SAMPLE_AAMVA } from './fake-camera.js';

async function jpegOf(rgb: Buffer): Promise<string> {
  const jpeg = await sharp(rgb, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return jpeg.toString('base64');
}

/**
 * Verifications driven through the real session API to a decision, as the hosted flow would: drawn
 * licence pictures (front, and a back with a real PDF417) and CC0 selfie photos. With ML_DISABLED the
 * face checks are unavailable, so each is decided `review` and lands in the review queue.
 */
export async function seedReviewQueue(
  origin: string,
  apiKey: string,
  references: string[],
): Promise<Array<{ id: string; external_ref: string }>> {
  const front = await jpegOf(await cardFrontFrame());
  const back = await jpegOf(await cardBackFrame());
  const selfie = ['lisa_lisa1.jpg', 'lisa_lisa2.jpg', 'lisa_lisa3.jpg'].map((f) =>
    faceImage(`cc0_same_person/${f}`).toString('base64'),
  );
  const post = async (path: string, headers: Record<string, string>, body: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const seeded: Array<{ id: string; external_ref: string }> = [];
  for (const ref of references) {
    const created = await post('/v1/verifications', { 'x-api-key': apiKey }, { external_ref: ref });
    const token = { 'x-client-token': String(created.client_token) };
    await post('/v1/session/consent', token, { consent: true });
    await post('/v1/session/document', token, { side: 'front', image_b64: front });
    await post('/v1/session/document', token, { side: 'back', image_b64: back, barcode: SAMPLE_AAMVA });
    await post('/v1/session/selfie', token, { frames_b64: selfie });
    const decided = await post('/v1/session/submit', token, {});
    if (decided.decision !== 'review')
      throw new Error(`expected a review decision, got ${JSON.stringify(decided)}`);
    seeded.push({ id: String(created.id), external_ref: ref });
  }
  return seeded;
}
