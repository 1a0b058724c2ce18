/**
 * Builds the hosted flow into flow/dist: index.html plus content-hashed assets under dist/assets
 * (main script and stylesheet, the PDF417 worker, and zxing-wasm's reader wasm copied from the
 * package so it is served by the service itself), each with .br and .gz siblings, and manifest.json.
 * The selfie step's face landmarks (Human's detector and mesh on the tfjs wasm backend) load as a
 * separate chunk; their model and wasm files are copied into a content-hashed folder beside it.
 * Run: `npx tsx flow/build.ts`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const flowDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(flowDir, 'dist');
const assetsDir = path.join(distDir, 'assets');
// Same floor as the SDK: browsers with module scripts, module-relative Worker URLs and getUserMedia.
const target = ['chrome91', 'firefox90', 'safari15', 'edge91'];
// Below ~1 KB compression saves less than the extra header bytes.
const COMPRESS_MIN_BYTES = 1024;

export interface FlowManifest {
  html: 'index.html';
  script: string;
  style: string;
  worker: string;
  wasm: string;
  /** Folder (under assets) of the face models and tfjs wasm binaries the selfie step loads. */
  faceModels: string;
}

/** Only the detector and the mesh: the challenge reads landmarks and head pose, nothing else. */
const HUMAN_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'];
/** tfjs picks one of these at run time by the browser's SIMD and thread support. */
const TFJS_WASM_FILES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
];

function contentHash(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
}

function outputFile(metafile: Metafile | undefined, extension: string, entryOnly = false): string {
  const file = Object.entries(metafile?.outputs ?? {}).find(
    ([out, meta]) => out.endsWith(extension) && (!entryOnly || meta.entryPoint !== undefined),
  )?.[0];
  if (!file) throw new Error(`esbuild produced no ${extension} output`);
  return path.basename(file);
}

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

/**
 * Writes the .gz and .br siblings. Brotli at quality 11 takes about 20 s of CPU over the face chunk,
 * the models and the wasm files; the asynchronous calls run on libuv's pool, so the files compress
 * side by side on every core rather than one after another.
 */
async function precompress(file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  if (bytes.length < COMPRESS_MIN_BYTES) return;
  const [gz, br] = await Promise.all([
    gzip(bytes, { level: 9 }),
    brotliCompress(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  fs.writeFileSync(`${file}.gz`, gz);
  fs.writeFileSync(`${file}.br`, br);
}

export async function buildFlow(): Promise<FlowManifest> {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });

  const require = createRequire(import.meta.url);
  const wasmBytes = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const wasm = `zxing_reader-${contentHash(wasmBytes)}.wasm`;
  fs.writeFileSync(path.join(assetsDir, wasm), wasmBytes);

  // Human names the .bin inside each model's .json, so the files keep their names and the folder
  // carries the content hash instead (the assets are served as immutable).
  const humanModelDir = path.join(path.dirname(path.dirname(require.resolve('@vladmandic/human'))), 'models');
  const tfjsWasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const faceFiles = [
    ...HUMAN_MODEL_FILES.map((name) => ({ name, bytes: fs.readFileSync(path.join(humanModelDir, name)) })),
    ...TFJS_WASM_FILES.map((name) => ({ name, bytes: fs.readFileSync(path.join(tfjsWasmDir, name)) })),
  ];
  const faceModels = `face-${contentHash(Buffer.concat(faceFiles.map((f) => f.bytes)))}`;
  fs.mkdirSync(path.join(assetsDir, faceModels));
  for (const file of faceFiles) fs.writeFileSync(path.join(assetsDir, faceModels, file.name), file.bytes);

  const common = {
    bundle: true,
    minify: true,
    sourcemap: 'linked' as const,
    target,
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    legalComments: 'none' as const,
    metafile: true,
    logLevel: 'warning' as const,
  };
  const workerBuild = await build({
    ...common,
    entryPoints: [path.join(flowDir, 'src/barcode-worker.ts')],
    format: 'iife',
    define: { __IDV_ZXING_WASM__: JSON.stringify(`./${wasm}`) },
    // zxing-wasm probes import.meta for its own URL; the worker gives it the wasm URL through locateFile.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  const worker = outputFile(workerBuild.metafile, '.js');

  const mainBuild = await build({
    ...common,
    entryPoints: [path.join(flowDir, 'src/main.ts')],
    format: 'esm',
    // The QR code library (~9 KB gzip) is imported only on a desktop; phones never load its chunk.
    // Human with its bundled tfjs is imported only by the selfie step.
    splitting: true,
    chunkNames: '[name]-[hash]',
    define: {
      __IDV_BARCODE_WORKER__: JSON.stringify(`./${worker}`),
      __IDV_FACE_MODELS__: JSON.stringify(`./${faceModels}/`),
    },
  });
  const script = outputFile(mainBuild.metafile, '.js', true);
  const chunks = Object.keys(mainBuild.metafile?.outputs ?? {})
    .filter((out) => out.endsWith('.js'))
    .map((out) => path.basename(out))
    .filter((name) => name !== script);
  const style = outputFile(mainBuild.metafile, '.css');

  const template = fs.readFileSync(path.join(flowDir, 'index.html'), 'utf8');
  const tags = [
    `<link rel="stylesheet" href="./assets/${style}" />`,
    `<script type="module" src="./assets/${script}"></script>`,
  ].join('\n    ');
  if (!template.includes('<!-- idv:assets -->')) throw new Error('flow/index.html lacks <!-- idv:assets -->');
  fs.writeFileSync(path.join(distDir, 'index.html'), template.replace('<!-- idv:assets -->', tags));

  await Promise.all([
    ...[script, style, worker, wasm, ...chunks].map((name) => precompress(path.join(assetsDir, name))),
    ...faceFiles.map((file) => precompress(path.join(assetsDir, faceModels, file.name))),
  ]);
  const manifest: FlowManifest = { html: 'index.html', script, style, worker, wasm, faceModels };
  fs.writeFileSync(path.join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await buildFlow();
  for (const name of [manifest.script, manifest.style, manifest.worker, manifest.wasm]) {
    const bytes = fs.statSync(path.join(assetsDir, name)).size;
    const gz = fs.existsSync(path.join(assetsDir, `${name}.gz`))
      ? fs.statSync(path.join(assetsDir, `${name}.gz`)).size
      : bytes;
    console.log(`flow/dist/assets/${name}: ${bytes} B, ${gz} B gzip`);
  }
}
