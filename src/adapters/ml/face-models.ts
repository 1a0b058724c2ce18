import { createHash } from 'node:crypto';
import { openImage } from '../media/image-decode.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { AnalyzedFace, DetectedFace, ModelInfo, PortraitProblem } from '../../core/faces/face-engine.js';
import { applySimilarity, pitchFromMesh, poseFromFivePoints } from '../../core/faces/five-points.js';
import {
  choosePortraitFace,
  mergeOverlappingFaces,
  offsetFace,
  portraitCropRegion,
  portraitCropScale,
  portraitSearchTiles,
} from '../../core/faces/portrait.js';
import { DEFAULT_RECOGNIZER_FILE, DETECTOR_FILE, MESH_FILE, MODELS_DIR } from './model-files.js';
import {
  YUNET_SIDE_PX,
  alignFace,
  detectFaces,
  embedFace,
  onnxRuntimeVersion,
  openSession,
  sharpnessOf,
  type RawImage,
  type YunetFace,
  warpSimilarity,
} from './onnx-face.js';

/**
 * Longest side a selfie frame is decoded at: the detector's own 640 px, so the frame is decoded and
 * shrunk once (a JPEG twice as large is decoded at half scale), not decoded at 1280 and shrunk again
 * for the detector. The alignment and the mesh read the face from this copy: a selfie's face is a
 * third of the frame or more, above the 112-px crop and near the mesh's 192 px.
 */
const MAX_INPUT_SIDE_PX = YUNET_SIDE_PX;

/** Enough to tell "one face" from "several"; more only costs time on crowded images. */
const MAX_FACES = 4;

/**
 * The portrait's second detection runs on a crop scaled so the face is about this tall: large
 * enough for precise landmarks, small enough that the crop (2.2 × this) fits the detector's 640 px.
 */
const REFINE_FACE_PX = 200;

/** The mesh model's input, and the crop around the detector's box it is given (box side × this). */
const MESH_INPUT_PX = 192;
const MESH_CROP_SCALE = 1.25;
/** The mesh model's own face confidence (sigmoid of its logit) below which its landmarks are not used. */
const MIN_MESH_CONFIDENCE = 0.5;

export type LoadedFaceModels = {
  models: ModelInfo[];
  analyze(image: Uint8Array, mesh: boolean): Promise<AnalyzeOutcome>;
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

export type FaceModelFiles = {
  /** Folder holding the detector and the mesh model, instead of models/ (used to test load failures). */
  modelDir?: string;
  /** The recognizer: any ONNX model of the same shape (docs/faces.md, "Replacing the recognizer"). */
  recognizer?: string;
};

async function sha256Prefix(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(await fs.readFile(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * MediaPipe's face landmark model on onnxruntime-node: the 468-point face mesh of the face the
 * detector found, on a 192-px crop cut around its box (MESH_CROP_SCALE times the box's longer side),
 * turned so the eyes are level. Input RGB /255; outputs the points (x, y, z in crop pixels) and a
 * face logit.
 */
async function loadMesh(session: ort.InferenceSession) {
  const inputName = session.inputNames[0]!;
  const [pointsName, confidenceName] = session.outputNames as [string, string];

  /**
   * The 468-point mesh of the face and the head pitch, or null when the model is not confident
   * there is a face.
   */
  async function mesh(
    image: RawImage,
    face: YunetFace,
  ): Promise<{ points: [number, number][]; pitchDeg: number | null } | null> {
    const [eyeA, eyeB] = face.points as [[number, number], [number, number]];
    const roll = Math.atan2(eyeB[1] - eyeA[1], eyeB[0] - eyeA[0]);
    const side = Math.max(face.box.width, face.box.height) * MESH_CROP_SCALE;
    const scale = side / MESH_INPUT_PX;
    const centreX = face.box.x + face.box.width / 2;
    const centreY = face.box.y + face.box.height / 2;
    // Crop pixel (u, v) → image: rotate by the roll and scale about the crop's centre.
    const a = scale * Math.cos(roll);
    const b = scale * Math.sin(roll);
    const half = MESH_INPUT_PX / 2;
    const back = { a, b, tx: centreX - (a * half - b * half), ty: centreY - (b * half + a * half) };
    const crop = warpSimilarity(image, back, MESH_INPUT_PX);
    const plane = MESH_INPUT_PX * MESH_INPUT_PX;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++)
      for (let c = 0; c < 3; c++) input[c * plane + i] = crop.data[i * 3 + c]! / 255;
    const outputs = await session.run({
      [inputName]: new ort.Tensor('float32', input, [1, 3, MESH_INPUT_PX, MESH_INPUT_PX]),
    });
    try {
      const logit = (outputs[confidenceName]!.data as Float32Array)[0]!;
      if (1 / (1 + Math.exp(-logit)) < MIN_MESH_CONFIDENCE) return null;
      const raw = outputs[pointsName]!.data as Float32Array;
      const crop3d: [number, number, number][] = [];
      for (let i = 0; i < raw.length; i += 3) crop3d.push([raw[i]!, raw[i + 1]!, raw[i + 2]!]);
      return {
        points: crop3d.map(([u, v]) => applySimilarity(back, [u, v])),
        pitchDeg: pitchFromMesh(crop3d),
      };
    } finally {
      for (const tensor of Object.values(outputs)) tensor.dispose();
    }
  }
  return mesh;
}

/**
 * Loads YuNet (detector, five landmarks), the recognizer (ArcFace-loss MobileFaceNet by default) and
 * MediaPipe's face mesh (for the frames a challenge reads face movements from), all on
 * onnxruntime-node. Rejects when any model fails to load.
 */
export async function loadFaceModels(files: FaceModelFiles): Promise<LoadedFaceModels> {
  const detectorFile = path.join(files.modelDir ?? MODELS_DIR, DETECTOR_FILE);
  const recognizerFile = files.recognizer ?? path.join(MODELS_DIR, DEFAULT_RECOGNIZER_FILE);
  const open = async (file: string, what: string) => {
    try {
      return await openSession(file);
    } catch (error) {
      throw new Error(`face ${what} failed to load from ${file}: ${(error as Error).message}`);
    }
  };
  const detector = await open(detectorFile, 'detector');
  const recognizer = await open(recognizerFile, 'recognizer');
  const meshFile = path.join(files.modelDir ?? MODELS_DIR, MESH_FILE);
  const meshOf = await loadMesh(await open(meshFile, 'mesh model'));
  const runtime = `onnxruntime-node ${onnxRuntimeVersion()}`;
  const models: ModelInfo[] = [
    {
      name: `onnx/${path.basename(detectorFile, '.onnx')}`,
      version: `${runtime}+sha256.${await sha256Prefix([detectorFile])}`,
    },
    {
      name: `onnx/${path.basename(recognizerFile, '.onnx')}`,
      version: `${runtime}+sha256.${await sha256Prefix([recognizerFile])}`,
    },
    {
      name: `onnx/${path.basename(meshFile, '.onnx')}`,
      version: `${runtime}+sha256.${await sha256Prefix([meshFile])}`,
    },
  ];

  async function decode(image: Uint8Array, maxSide: number | null): Promise<RawImage | string> {
    try {
      // rotate() applies EXIF orientation: phone photos are often stored sideways (3 of the 4 SFAS samples).
      let pipeline = openImage(image).rotate();
      if (maxSide)
        pipeline = pipeline.resize({
          width: maxSide,
          height: maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        });
      const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (error) {
      return `image could not be decoded: ${(error as Error).message}`;
    }
  }

  async function crop(
    image: RawImage,
    region: { left: number; top: number; width: number; height: number },
    width: number,
  ) {
    const { data, info } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .extract(region)
      .resize({ width: Math.max(1, Math.round(width)), kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /** A detection as the checks see it, in `image` pixels; the mesh only when asked for. */
  async function detected(face: YunetFace, image: RawImage, withMesh: boolean): Promise<DetectedFace> {
    const pose = poseFromFivePoints(face.points);
    let mesh: [number, number][] | null = null;
    let pitchDeg: number | null = null;
    if (withMesh) {
      const found = await meshOf(image, face);
      if (found) {
        mesh = found.points.map(([x, y]) => [round2(x), round2(y)]);
        pitchDeg = found.pitchDeg;
      }
    }
    return {
      box: face.box,
      score: face.score,
      yawDeg: pose?.yawDeg ?? null,
      pitchDeg,
      rollDeg: pose?.rollDeg ?? null,
      landmarks: face.points.map(([x, y]) => [round2(x), round2(y)]),
      mesh,
      sharpness: null,
    };
  }

  async function described(face: YunetFace, image: RawImage, withMesh: boolean): Promise<AnalyzedFace> {
    const aligned = alignFace(image, face.points);
    const descriptor = await embedFace(recognizer, aligned);
    return {
      ...(await detected(face, image, withMesh)),
      sharpness: round2(sharpnessOf(aligned)),
      descriptor,
    };
  }

  async function analyze(image: Uint8Array, withMesh: boolean): Promise<AnalyzeOutcome> {
    const decoded = await decode(image, MAX_INPUT_SIDE_PX);
    if (typeof decoded === 'string') return { ok: false, kind: 'invalid_image', error: decoded };
    const faces = await detectFaces(detector, decoded, MAX_FACES);
    const out: AnalyzedFace[] = [];
    for (const face of faces) out.push(await described(face, decoded, withMesh));
    return { ok: true, faces: out };
  }

  /** The card searched again in overlapping tiles (see `portraitSearchTiles`), faces in card pixels. */
  async function locateInTiles(full: RawImage): Promise<DetectedFace[]> {
    const found: DetectedFace[] = [];
    for (const tile of portraitSearchTiles(full.width, full.height)) {
      const image = await crop(full, tile, Math.min(tile.width, YUNET_SIDE_PX));
      const scale = tile.width / image.width;
      for (const face of await detectFaces(detector, image, MAX_FACES)) {
        const inCard = scaleFace(face, scale);
        found.push(offsetFace(await detected(inCard, full, false), tile.left, tile.top));
      }
    }
    return mergeOverlappingFaces(found);
  }

  /**
   * Two passes: find the portrait on the whole card (tiles when it shows none), then cut a generous
   * square around it from the full uploaded image, scaled so the face is about 200 px, and detect it
   * again there for finer landmarks; the face is aligned and described from that crop.
   */
  async function analyzePortrait(image: Uint8Array): Promise<PortraitOutcome> {
    const full = await decode(image, null);
    if (typeof full === 'string') return { ok: false, kind: 'invalid_image', error: full };
    const wholeCard: DetectedFace[] = [];
    for (const face of await detectFaces(detector, full, MAX_FACES))
      wholeCard.push(await detected(face, full, false));
    const cardFaces = wholeCard.length > 0 ? wholeCard : await locateInTiles(full);
    const choice = choosePortraitFace(cardFaces);
    if (!choice.face) return { ok: true, cardFaces, portrait: null, problem: choice.problem };
    const region = portraitCropRegion(choice.face.box, full.width, full.height);
    const scale = Math.min(
      portraitCropScale(choice.face.box.height),
      REFINE_FACE_PX / choice.face.box.height,
    );
    const cut = await crop(full, region, region.width * scale);
    const [face] = (await detectFaces(detector, cut, MAX_FACES)).sort(
      (a, b) => b.box.width * b.box.height - a.box.width * a.box.height,
    );
    if (!face) return { ok: true, cardFaces, portrait: null, problem: 'no_face_in_portrait' };
    return {
      ok: true,
      cardFaces,
      portrait: { face: await described(face, cut, false), faceHeightPx: choice.face.box.height },
      problem: null,
    };
  }

  return { models, analyze, analyzePortrait };
}

function scaleFace(face: YunetFace, k: number): YunetFace {
  return {
    box: { x: face.box.x * k, y: face.box.y * k, width: face.box.width * k, height: face.box.height * k },
    score: face.score,
    points: face.points.map(([x, y]) => [x * k, y * k]),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
