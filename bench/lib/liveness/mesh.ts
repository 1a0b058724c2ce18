import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type * as Tfjs from '@tensorflow/tfjs';
import type * as HumanModule from '@vladmandic/human';
import { humanFaceMeasures } from '../../../flow/src/face-measures.js';
import { humanFaceConfig } from '../../../flow/src/human-face-config.js';
import type { FaceMeasures } from '../../../src/core/faces/challenge.js';
import { installOfflineFetch } from './offline-fetch.js';

const require = createRequire(import.meta.url);

/** A point of the face mesh in the photo's pixels; z is depth in the same unit, larger = farther. */
export type Point3 = [number, number, number];

/** The photo (EXIF-oriented, RGB) and its face mesh, as the generator warps it. */
export type MeshedPhoto = {
  rgb: Buffer;
  width: number;
  height: number;
  /** The 468 MediaPipe landmarks. */
  points: Point3[];
  /** MediaPipe's triangulation of those landmarks, three indices per triangle. */
  triangles: readonly number[];
};

/** Human's face-mesh model works on a 192-px crop; its z comes back in that crop's pixels. */
const MESH_INPUT_PX = 192;

type Human = InstanceType<typeof HumanModule.Human>;
let human: Promise<Human> | null = null;

/**
 * Human with the detector and mesh only, on tfjs-wasm, loaded from node_modules (a devDependency:
 * the hosted flow's browser bundle carries it; the service runs no Human). The generator needs the
 * mesh's depth to warp a photo into the actions, so it runs Human itself, once per process. The
 * service measures the frames with another release of MediaPipe's face mesh (an ONNX conversion),
 * so the generator's warp does not share the measuring model's own landmarks.
 */
function loadHuman(): Promise<Human> {
  human ??= (async () => {
    // The models load through a file-only fetch; the process's own fetch comes back afterwards,
    // so a test that also talks HTTP keeps working.
    const ownFetch = globalThis.fetch;
    installOfflineFetch();
    const humanDir = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
    const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as typeof HumanModule;
    const instance = new Human({
      backend: 'wasm',
      wasmPath: `${wasmDir}${path.sep}`,
      wasmPlatformFetch: false,
      modelBasePath: pathToFileURL(path.join(humanDir, 'models')).href + '/',
      ...humanFaceConfig({ maxDetected: 1, returnCrops: false, passive: false }),
    });
    try {
      await instance.init();
      await instance.load();
    } finally {
      globalThis.fetch = ownFetch;
    }
    return instance;
  })();
  return human;
}

const meshes = new Map<string, Promise<MeshedPhoto>>();

/**
 * The photo's face mesh in 3-D, computed once per photo and process. Rejects when Human finds no
 * face (the caller chose a photo without one).
 */
export function meshedPhoto(photo: Buffer): Promise<MeshedPhoto> {
  const key = createHash('sha256').update(photo).digest('hex');
  let entry = meshes.get(key);
  if (!entry) {
    entry = measure(photo);
    meshes.set(key, entry);
  }
  return entry;
}

async function measure(photo: Buffer): Promise<MeshedPhoto> {
  const { data, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const instance = await loadHuman();
  // Human's bundle declares `tf` as any; it is the @tensorflow/tfjs it requires.
  const tf = instance.tf as typeof Tfjs;
  const input = tf.tensor(data, [1, info.height, info.width, 3], 'int32');
  try {
    const result = await instance.detect(input);
    const face = result.face[0];
    if (!face || face.mesh.length !== 468) throw new Error('no face mesh found in the photo');
    // The mesh box is square and its side is what the 192-px crop was scaled from (Human's
    // transformRawCoords scales x and y by it but leaves z in crop pixels).
    const zScale = face.box[2] / MESH_INPUT_PX;
    const points = face.mesh.map((p) => [p[0], p[1], (p[2] ?? 0) * zScale] as Point3);
    return {
      rgb: data,
      width: info.width,
      height: info.height,
      points,
      triangles: instance.faceTriangulation,
    };
  } finally {
    tf.dispose(input);
  }
}

/**
 * A frame measured as the hosted flow's live tracker measures it in the browser (flow/src/face-tracker.ts):
 * Human's detector and mesh on the frame, `humanFaceMeasures`. Null without exactly one face.
 */
export async function browserMeasures(frame: Buffer): Promise<FaceMeasures | null> {
  const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const instance = await loadHuman();
  const tf = instance.tf as typeof Tfjs;
  const input = tf.tensor(data, [1, info.height, info.width, 3], 'int32');
  try {
    const result = await instance.detect(input);
    return result.face.length === 1 ? humanFaceMeasures(result.face[0]!) : null;
  } finally {
    tf.dispose(input);
  }
}
