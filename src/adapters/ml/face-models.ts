import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp, { type OutputInfo } from 'sharp';
import type * as Tfjs from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api';
import type * as HumanModule from '@vladmandic/human';
import type { AnalyzedFace, DetectedFace, ModelInfo, PortraitProblem } from '../../core/faces/face-engine.js';
import {
  choosePortraitFace,
  mergeOverlappingFaces,
  offsetFace,
  portraitCropRegion,
  portraitCropScale,
  portraitSearchTiles,
} from '../../core/faces/portrait.js';
import { MAX_INPUT_PIXELS } from '../../core/verifications/uploads.js';
import { PORTRAIT_LOWPASS_SIGMA_PX, SELFIE_LOWPASS_SIGMA_PX, faceLowpass } from './face-lowpass.js';
import { humanFaceConfig } from './human-face-config.js';
import { installOfflineFetch } from './offline-fetch.js';

const require = createRequire(import.meta.url);

/** face-api ships its own copy of the tfjs type declarations; at run time both use one tfjs. */
type FaceApiInput = Parameters<typeof FaceApiModule.computeFaceDescriptor>[0];

/** Human's model files this pipeline uses, and face-api's descriptor weights. */
const HUMAN_MODELS = ['blazeface', 'facemesh', 'antispoof', 'liveness'] as const;
const FACE_API_MODEL = 'face_recognition_model';

/**
 * Longest side fed to the detector. Human's detector works on 256 px and the descriptor on a 192 px
 * crop, so a bigger input only costs tensor memory (a 12 MP photo is 144 MB as int32).
 */
const MAX_INPUT_SIDE_PX = 1280;

/**
 * The card is searched for its portrait at this size (the detector sees 256 px whatever it is
 * given, so a larger copy only costs tensor work); the portrait is then cut from the full image.
 */
const LOCATE_SIDE_PX = 640;

/** Enough to tell "one face" from "several"; more only costs time on crowded images. */
const MAX_FACES = 4;

export type LoadedFaceModels = {
  models: ModelInfo[];
  analyze(image: Uint8Array): Promise<AnalyzeOutcome>;
  analyzePortrait(image: Uint8Array): Promise<PortraitOutcome>;
};

type InvalidImage = { ok: false; kind: 'invalid_image'; error: string };

export type AnalyzeOutcome = { ok: true; faces: AnalyzedFace[] } | InvalidImage;

export type PortraitOutcome =
  | {
      ok: true;
      cardFaces: DetectedFace[];
      portrait: { face: AnalyzedFace; faceHeightPx: number } | null;
      problem: PortraitProblem | null;
    }
  | InvalidImage;

/** Both packages keep their entry in `dist/`; their model folders sit beside it. */
function packageDir(name: string): string {
  return path.dirname(path.dirname(require.resolve(name)));
}

function packageVersion(dir: string): string {
  return (require(path.join(dir, 'package.json')) as { version: string }).version;
}

async function sha256Prefix(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(await fs.readFile(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Loads Human (detector, mesh, antispoof, liveness) and face-api's 128-d descriptor on the tfjs
 * WASM backend, from disk only. `modelDir` replaces both packages' model folders with one folder
 * holding all the files (`blazeface.json`…, `face_recognition_model-weights_manifest.json`…).
 * Rejects when any model fails to load.
 */
export async function loadFaceModels(options: { modelDir?: string }): Promise<LoadedFaceModels> {
  installOfflineFetch();
  const humanDir = packageDir('@vladmandic/human');
  const faceApiDir = packageDir('@vladmandic/face-api');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const humanModelDir = options.modelDir ?? path.join(humanDir, 'models');
  const faceApiModelDir = options.modelDir ?? path.join(faceApiDir, 'model');

  // The package's "node" entry needs tfjs-node (its native download fails offline), and its exports
  // map hides the wasm build, so it is loaded by path.
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as typeof HumanModule;
  const faceapi = require(path.join(faceApiDir, 'dist', 'face-api.node-wasm.js')) as typeof FaceApiModule;

  const human = new Human({
    backend: 'wasm',
    wasmPath: `${wasmDir}${path.sep}`,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(humanModelDir).href + '/',
    ...humanFaceConfig({ maxDetected: MAX_FACES, returnCrops: true, passive: true }),
  });
  await human.init();
  await human.load();
  // Human keeps a failed model as an empty object (its `loaded()` still lists it); only a model
  // with an executor can run.
  const graphs = human.models.models as Record<string, { executor?: unknown } | null>;
  const missing = HUMAN_MODELS.filter((name) => !graphs[name]?.executor);
  if (missing.length > 0)
    throw new Error(`face models failed to load from ${humanModelDir}: ${missing.join(', ')}`);
  try {
    await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelDir);
  } catch (error) {
    throw new Error(
      `face descriptor model failed to load from ${faceApiModelDir}: ${(error as Error).message}`,
    );
  }

  const humanVersion = packageVersion(humanDir);
  const models: ModelInfo[] = [];
  for (const name of HUMAN_MODELS) {
    const files = [path.join(humanModelDir, `${name}.json`), path.join(humanModelDir, `${name}.bin`)];
    models.push({ name: `human/${name}`, version: `${humanVersion}+sha256.${await sha256Prefix(files)}` });
  }
  const faceApiFiles = [
    path.join(faceApiModelDir, `${FACE_API_MODEL}-weights_manifest.json`),
    path.join(faceApiModelDir, `${FACE_API_MODEL}.bin`),
  ];
  models.push({
    name: `face-api/${FACE_API_MODEL}`,
    version: `${packageVersion(faceApiDir)}+sha256.${await sha256Prefix(faceApiFiles)}`,
  });

  // Human's bundle declares `tf` as any; it is the @tensorflow/tfjs it requires.
  const tf = human.tf as typeof Tfjs;

  type Decoded = { data: Buffer; info: OutputInfo };

  async function decode(image: Uint8Array, maxSide: number | null): Promise<Decoded | string> {
    try {
      // rotate() applies EXIF orientation: phone photos are often stored sideways (3 of the 4 SFAS samples).
      let pipeline = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      if (maxSide)
        pipeline = pipeline.resize({
          width: maxSide,
          height: maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        });
      return await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    } catch (error) {
      return `image could not be decoded: ${(error as Error).message}`;
    }
  }

  /** Laplacian kernel for the sharpness measure (variance of the response). */
  const laplacian = tf.tensor4d([0, 1, 0, 1, -4, 1, 0, 1, 0], [3, 3, 1, 1]);

  function sharpnessOf(faceTensor: Tfjs.Tensor): number {
    return tf.tidy(() => {
      const grey = tf
        .mul(tf.mean(faceTensor, -1, true), 255)
        .reshape([1, ...faceTensor.shape.slice(-3, -1), 1]);
      const response = tf.conv2d(grey as Tfjs.Tensor4D, laplacian as Tfjs.Tensor4D, 1, 'valid');
      return tf.moments(response).variance.dataSync()[0]!;
    });
  }

  /**
   * Which models a pass runs besides the detector and mesh. Human merges a per-call config into its
   * own for good, so every call states both flags.
   */
  const passConfig = (passive: boolean) => ({
    face: { antispoof: { enabled: passive }, liveness: { enabled: passive } },
  });

  /** Detector and mesh only: the boxes, pose and sharpness of every face in a decoded RGB image. */
  async function locateFaces({ data, info }: Decoded, scale = 1): Promise<DetectedFace[]> {
    return withFaces({ data, info }, false, async (face, tensor) => detectedFace(face, tensor, scale));
  }

  const portraitLowpass = faceLowpass(tf, PORTRAIT_LOWPASS_SIGMA_PX);
  const selfieLowpass = faceLowpass(tf, SELFIE_LOWPASS_SIGMA_PX);

  /** Human's aligned face crop (0..1) as face-api's descriptor net wants it: 0..255, low-passed. */
  function descriptorInput(
    faceTensor: Tfjs.Tensor,
    lowpass: (face: Tfjs.Tensor) => Tfjs.Tensor,
  ): Tfjs.Tensor {
    return tf.tidy(() => tf.mul(lowpass(faceTensor), 255));
  }

  /**
   * Detected faces with their descriptors. `passive` marks a selfie-side image (a frame, a blocklist
   * photo): it adds the antispoof and liveness scores, which only the selfie frames use, and takes
   * the selfie low-pass; otherwise the portrait's. Boxes and landmarks multiplied by `scale`
   * (working → uploaded pixels).
   */
  async function describeFaces(
    { data, info }: Decoded,
    passive: boolean,
    scale = 1,
  ): Promise<AnalyzedFace[]> {
    return withFaces({ data, info }, passive, async (face, tensor) => {
      const input = descriptorInput(tensor, passive ? selfieLowpass : portraitLowpass);
      try {
        const descriptor = (await faceapi.computeFaceDescriptor(
          input as unknown as FaceApiInput,
        )) as Float32Array;
        return {
          ...detectedFace(face, tensor, scale),
          descriptor: Array.from(descriptor),
          antispoof: passive ? (face.real ?? null) : null,
          live: passive ? (face.live ?? null) : null,
        };
      } finally {
        tf.dispose(input);
      }
    });
  }

  type HumanFace = HumanModule.FaceResult;

  async function withFaces<T>(
    { data, info }: Decoded,
    passive: boolean,
    each: (face: HumanFace, tensor: Tfjs.Tensor) => Promise<T>,
  ): Promise<T[]> {
    const input = tf.tensor(data, [1, info.height, info.width, 3], 'int32');
    const crops: Tfjs.Tensor[] = [];
    try {
      const result = await human.detect(input, passConfig(passive));
      for (const face of result.face) if (face.tensor) crops.push(face.tensor as unknown as Tfjs.Tensor);
      const out: T[] = [];
      for (const face of result.face) {
        if (!face.tensor) throw new Error('the detector returned a face without its aligned crop');
        out.push(await each(face, face.tensor as unknown as Tfjs.Tensor));
      }
      return out;
    } finally {
      tf.dispose([input, ...crops]);
    }
  }

  function detectedFace(face: HumanFace, tensor: Tfjs.Tensor, scale: number): DetectedFace {
    const angle = face.rotation?.angle;
    return {
      box: {
        x: face.box[0] * scale,
        y: face.box[1] * scale,
        width: face.box[2] * scale,
        height: face.box[3] * scale,
      },
      score: face.score,
      yawDeg: angle ? toDegrees(angle.yaw) : null,
      pitchDeg: angle ? toDegrees(angle.pitch) : null,
      rollDeg: angle ? toDegrees(angle.roll) : null,
      landmarks: face.mesh.map(
        (point) => [round2(point[0] * scale), round2(point[1] * scale)] as [number, number],
      ),
      sharpness: round2(sharpnessOf(tensor)),
    };
  }

  /** The card searched again in overlapping tiles (see `portraitSearchTiles`), faces in card pixels. */
  async function locateInTiles(full: Decoded): Promise<DetectedFace[]> {
    const found: DetectedFace[] = [];
    for (const tile of portraitSearchTiles(full.info.width, full.info.height)) {
      const image = await sharp(full.data, { raw: full.info })
        .extract(tile)
        .resize({ width: LOCATE_SIDE_PX, height: LOCATE_SIDE_PX, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const faces = await locateFaces(image, tile.width / image.info.width);
      found.push(...faces.map((face) => offsetFace(face, tile.left, tile.top)));
    }
    return mergeOverlappingFaces(found);
  }

  async function analyze(image: Uint8Array): Promise<AnalyzeOutcome> {
    const decoded = await decode(image, MAX_INPUT_SIDE_PX);
    if (typeof decoded === 'string') return { ok: false, kind: 'invalid_image', error: decoded };
    return { ok: true, faces: await describeFaces(decoded, true) };
  }

  /**
   * Two passes, because a face found on a whole card is boxed and cropped differently from the
   * same face on a bare portrait (the recognition model was trained on the latter): first find the
   * portrait on a small copy of the card (the detector sees 256 px whatever it is given), then cut
   * a generous square around it from the full uploaded image, scale it so the face is about the
   * size the aligner and descriptor work at, and detect and describe it again.
   */
  async function analyzePortrait(image: Uint8Array): Promise<PortraitOutcome> {
    const full = await decode(image, null);
    if (typeof full === 'string') return { ok: false, kind: 'invalid_image', error: full };
    const { width, height } = full.info;
    const working = await sharp(full.data, { raw: full.info })
      .resize({ width: LOCATE_SIDE_PX, height: LOCATE_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const wholeCard = await locateFaces(working, width / working.info.width);
    const cardFaces = wholeCard.length > 0 ? wholeCard : await locateInTiles(full);
    const choice = choosePortraitFace(cardFaces);
    if (!choice.face) return { ok: true, cardFaces, portrait: null, problem: choice.problem };
    const region = portraitCropRegion(choice.face.box, width, height);
    const scale = portraitCropScale(choice.face.box.height);
    const crop = await sharp(full.data, { raw: full.info })
      .extract(region)
      .resize({ width: Math.max(1, Math.round(region.width * scale)), kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [face] = (await describeFaces(crop, false)).sort(
      (a, b) => b.box.width * b.box.height - a.box.width * a.box.height,
    );
    if (!face) return { ok: true, cardFaces, portrait: null, problem: 'no_face_in_portrait' };
    return {
      ok: true,
      cardFaces,
      portrait: { face, faceHeightPx: choice.face.box.height },
      problem: null,
    };
  }

  return { models, analyze, analyzePortrait };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function toDegrees(radians: number): number {
  return (radians * 180) / Math.PI;
}
