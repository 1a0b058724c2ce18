/**
 * Builds the review console into console/dist: index.html plus the content-hashed script and
 * stylesheet under dist/assets, each with .br and .gz siblings, and manifest.json. Same approach as
 * the hosted flow (flow/build.ts). Run: `npx tsx console/build.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const consoleDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(consoleDir, 'dist');
const assetsDir = path.join(distDir, 'assets');
// <dialog>, requestSubmit and :focus-visible: every evergreen browser since 2022.
const target = ['chrome98', 'firefox98', 'safari15.4', 'edge98'];
// Below ~1 KB compression saves less than the extra header bytes.
const COMPRESS_MIN_BYTES = 1024;

export interface ConsoleManifest {
  html: 'index.html';
  script: string;
  style: string;
}

function outputFile(metafile: Metafile | undefined, extension: string): string {
  const file = Object.keys(metafile?.outputs ?? {}).find((out) => out.endsWith(extension));
  if (!file) throw new Error(`esbuild produced no ${extension} output`);
  return path.basename(file);
}

function precompress(file: string): void {
  const bytes = fs.readFileSync(file);
  if (bytes.length < COMPRESS_MIN_BYTES) return;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

export async function buildConsole(): Promise<ConsoleManifest> {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(consoleDir, 'src/main.ts')],
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    format: 'esm',
    target,
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const script = outputFile(result.metafile, '.js');
  const style = outputFile(result.metafile, '.css');

  const template = fs.readFileSync(path.join(consoleDir, 'index.html'), 'utf8');
  if (!template.includes('<!-- idv:assets -->'))
    throw new Error('console/index.html lacks <!-- idv:assets -->');
  const tags = [
    `<link rel="stylesheet" href="./assets/${style}" />`,
    `<script type="module" src="./assets/${script}"></script>`,
  ].join('\n    ');
  fs.writeFileSync(path.join(distDir, 'index.html'), template.replace('<!-- idv:assets -->', tags));

  for (const name of [script, style]) precompress(path.join(assetsDir, name));
  const manifest: ConsoleManifest = { html: 'index.html', script, style };
  fs.writeFileSync(path.join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await buildConsole();
  for (const name of [manifest.script, manifest.style]) {
    const bytes = fs.statSync(path.join(assetsDir, name)).size;
    const gz = fs.existsSync(path.join(assetsDir, `${name}.gz`))
      ? fs.statSync(path.join(assetsDir, `${name}.gz`)).size
      : bytes;
    console.log(`console/dist/assets/${name}: ${bytes} B, ${gz} B gzip`);
  }
}
