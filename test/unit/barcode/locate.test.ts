import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { downscale, extractRotated, type GreyImage } from '../../../src/adapters/barcode/grey-image.js';
import { locateSymbols } from '../../../src/adapters/barcode/locate.js';
import { degradedSetPayloads, renderPdf417 } from '../../helpers/barcode-images.js';

async function grey(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('grey image operations', () => {
  it('box-downscales by an integer factor', () => {
    const flat = { data: new Uint8Array(64).fill(90), width: 8, height: 8 };
    expect(downscale(flat, 2)).toEqual({ data: new Uint8Array(16).fill(90), width: 4, height: 4 });
    const ramp = { data: Uint8Array.from({ length: 16 }, (_, i) => (i % 4) * 10), width: 4, height: 4 };
    expect(Array.from(downscale(ramp, 2).data)).toEqual([5, 25, 5, 25]);
  });

  it('cuts out an axis-aligned box unchanged and fills outside the source with white', () => {
    const image = { data: Uint8Array.from({ length: 100 }, (_, i) => i), width: 10, height: 10 };
    const cut = extractRotated(image, { centreX: 5, centreY: 5, width: 4, height: 2 }, 0);
    expect(cut).toEqual({ data: Uint8Array.from([43, 44, 45, 46, 53, 54, 55, 56]), width: 4, height: 2 });
    expect(
      Array.from(extractRotated(image, { centreX: -20, centreY: -20, width: 2, height: 1 }, 0).data),
    ).toEqual([255, 255]);
  });

  it('straightens a tilted symbol so its rows run horizontally', async () => {
    const symbol = await grey(sharp(await renderPdf417(degradedSetPayloads(1)[0]!, { scale: 2 })));
    const tilted = await grey(
      sharp(Buffer.from(symbol.data), {
        raw: { width: symbol.width, height: symbol.height, channels: 1 },
      }).rotate(15, { background: '#ffffff' }),
    );
    const straight = extractRotated(
      tilted,
      { centreX: tilted.width / 2, centreY: tilted.height / 2, width: symbol.width, height: symbol.height },
      15,
    );
    let difference = 0;
    for (let i = 0; i < symbol.data.length; i++) difference += Math.abs(symbol.data[i]! - straight.data[i]!);
    // Two bilinear resamplings blur edges; a misaligned cut-out would differ by ~50% of full scale.
    expect(difference / symbol.data.length / 255).toBeLessThan(0.15);
    const enlarged = extractRotated(
      tilted,
      { centreX: tilted.width / 2, centreY: tilted.height / 2, width: 100, height: 50 },
      15,
      1.6,
    );
    expect([enlarged.width, enlarged.height]).toEqual([160, 80]);
  });
});

describe('locateSymbols', () => {
  let symbol: Buffer;
  let symbolWidth: number;
  let symbolHeight: number;

  beforeAll(async () => {
    const trimmed = await sharp(await renderPdf417(degradedSetPayloads(1)[0]!, { scale: 2 }))
      .trim({ background: '#ffffff' })
      .toBuffer({ resolveWithObject: true });
    symbol = trimmed.data;
    symbolWidth = trimmed.info.width;
    symbolHeight = trimmed.info.height;
  });

  it.each([0, 4, -7, 12.5, -19, 20])('finds a symbol tilted by %s° to within 1°', async (angle) => {
    const tilted = await grey(
      sharp(symbol)
        .extend({ top: 80, bottom: 80, left: 80, right: 80, background: '#ffffff' })
        .rotate(angle, { background: '#ffffff' }),
    );
    const [best] = locateSymbols(tilted);
    expect(best).toBeDefined();
    expect(Math.abs(best!.angleDeg - angle)).toBeLessThan(1);
    // The oriented box hugs the symbol along its own axes, within a cell or two.
    expect(Math.abs(best!.box.width - symbolWidth)).toBeLessThan(24);
    expect(Math.abs(best!.box.height - symbolHeight)).toBeLessThan(24);
    expect(Math.abs(best!.box.centreX - tilted.width / 2)).toBeLessThan(12);
    expect(Math.abs(best!.box.centreY - tilted.height / 2)).toBeLessThan(12);
  });

  it('finds nothing in a blank image', () => {
    expect(locateSymbols({ data: new Uint8Array(320 * 240).fill(200), width: 320, height: 240 })).toEqual([]);
  });
});
