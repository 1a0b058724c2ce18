/**
 * The hosted flow's blur check on the licence front (flow/src/sharpness.ts), on the fronts the licence
 * front benchmark reads: the synthetic AAMVA records printed in the four layouts and photographed under
 * the face set's five conditions (bench/lib/licence-front). Reports, per condition, how the measure is
 * spread and how many fronts the flow would call blurred, with a sweep of the threshold; and the time
 * one measure takes (in Node; the browser runs the same code on a canvas of the same size).
 * Run: npx tsx bench/front-sharpness.bench.ts   (FRONT_SHARPNESS_COUNT fronts per condition, default 300;
 * FRONT_SHARPNESS_DRAW another draw than the reported one)
 */
import sharp from 'sharp';
import { CARD_CONDITIONS, seedOf } from './lib/face-eval/render.js';
import { frontDataOf, printable } from './lib/licence-front/records.js';
import { layoutsFor, renderLicenceFront } from './lib/licence-front/render.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { BLURRED_BELOW, SHARPNESS_WIDTH_PX, sharpness } from '../flow/src/sharpness.js';
import { syntheticRecords } from '../test/unit/documents/aamva-data.js';

const COUNT = Number(process.env.FRONT_SHARPNESS_COUNT ?? 300);
const DRAW = process.env.FRONT_SHARPNESS_DRAW ?? 'front-sharpness';
const SWEEP = [1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5];

async function main(): Promise<void> {
  const records = syntheticRecords().filter(printable);
  const measures = new Map<string, number[]>();
  const measureMs: number[] = [];
  for (const condition of CARD_CONDITIONS) {
    const values: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const seed = seedOf(`${DRAW}|${condition}|${i}`);
      const front = frontDataOf(records[seed % records.length]!);
      const layouts = layoutsFor(front.country);
      const { image } = await renderLicenceFront(front, layouts[seed % layouts.length]!, condition, seed);
      // A chosen photo is measured whole, as the flow does: the card with its margin of desk.
      const { data, info } = await sharp(image)
        .resize({ width: SHARPNESS_WIDTH_PX })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const started = performance.now();
      values.push(sharpness(data, info.width, info.height));
      measureMs.push(performance.now() - started);
    }
    measures.set(
      condition,
      values.sort((a, b) => a - b),
    );
    console.log(`${condition}: ${values.length} fronts`);
  }
  const share = (values: number[], below: number) =>
    `${((100 * values.filter((v) => v < below).length) / values.length).toFixed(1)} %`;
  const rows = [...measures.entries()].map(
    ([condition, values]) =>
      `| ${condition} | ${[values[0]!, ...[5, 50, 95].map((p) => percentile(values, p)), values.at(-1)!].map((v) => v.toFixed(2)).join(' | ')} | ${share(values, BLURRED_BELOW)} |`,
  );
  const sweep = SWEEP.map(
    (below) =>
      `| ${below}${below === BLURRED_BELOW ? ' (shipped)' : ''} | ${[...measures.values()].map((v) => share(v, below)).join(' | ')} |`,
  );
  measureMs.sort((a, b) => a - b);
  const body = [
    `Fronts: the synthetic AAMVA records (the test data's aamva folder) printed by \`bench/lib/licence-front/render.ts\` in the four layouts and photographed under the face set's conditions (\`photographCard\`: \`blur\` is a defocus of σ 1.2–2.4 px or a 7–13 px motion blur on a 1000–1600 px card), ${COUNT} per condition, draw \`${DRAW}\`. Each photo is scaled to ${SHARPNESS_WIDTH_PX} px wide (sharp here, a canvas in the browser) and measured by \`sharpness\` of \`flow/src/sharpness.ts\`; the flow calls a front blurred below ${BLURRED_BELOW}.`,
    '',
    `| condition | least | p5 | p50 | p95 | most | called blurred (< ${BLURRED_BELOW}) |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Fronts called blurred by threshold:',
    '',
    `| threshold | ${[...measures.keys()].join(' | ')} |`,
    `|---|${[...measures.keys()].map(() => '---').join('|')}|`,
    ...sweep,
    '',
    `One measure of a ${SHARPNESS_WIDTH_PX}-px photo: p50 ${percentile(measureMs, 50).toFixed(1)} ms, p95 ${percentile(measureMs, 95).toFixed(1)} ms (Node, one core).`,
  ].join('\n');
  recordBenchmark('Front sharpness at capture', body);
}

await main();
