/**
 * Builds the browser SDK into sdk/dist: idv.mjs (ESM), idv.js (IIFE, global `IdvSdk`) and index.d.ts.
 * Fails when the IIFE build is over the 6 KB gzip budget. Run: `npx tsx sdk/build.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import ts from 'typescript';

const sdkDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(sdkDir, 'dist');
const entry = path.join(sdkDir, 'src/index.ts');
const budgetBytes = 6 * 1024;
// Chrome/Edge 91, Firefox 90, Safari 15: every browser with the getUserMedia and postMessage APIs the
// flow needs; optional chaining and `??` stay native there.
const target = ['chrome91', 'firefox90', 'safari15', 'edge91'];

export interface SdkBuildResult {
  files: Record<string, { bytes: number; gzipBytes: number }>;
}

function emitDeclarations(): void {
  const program = ts.createProgram([entry], {
    declaration: true,
    emitDeclarationOnly: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    outDir,
  });
  const result = program.emit();
  const errors = ts.getPreEmitDiagnostics(program).concat(result.diagnostics);
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost({})));
  }
}

export async function buildSdk(): Promise<SdkBuildResult> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const common = {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    sourcemap: 'linked' as const,
    target,
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
  };
  await build({ ...common, format: 'esm', outfile: path.join(outDir, 'idv.mjs') });
  await build({
    ...common,
    format: 'iife',
    globalName: 'IdvSdk',
    outfile: path.join(outDir, 'idv.js'),
    // The IIFE finds its own URL through document.currentScript; import.meta is only the ESM fallback.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  emitDeclarations();

  const files: SdkBuildResult['files'] = {};
  for (const name of ['idv.js', 'idv.mjs']) {
    const file = path.join(outDir, name);
    const bytes = fs.readFileSync(file);
    const gzip = zlib.gzipSync(bytes, { level: 9 });
    // Served pre-compressed by sdkAssetRoutes (src/http/routes/hosted-flow.ts).
    fs.writeFileSync(`${file}.gz`, gzip);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
    files[name] = { bytes: bytes.length, gzipBytes: gzip.length };
  }
  return { files };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files } = await buildSdk();
  for (const [name, size] of Object.entries(files)) {
    console.log(`sdk/dist/${name}: ${size.bytes} B, ${size.gzipBytes} B gzip`);
  }
  const over = Object.entries(files).filter(([, size]) => size.gzipBytes > budgetBytes);
  if (over.length > 0) {
    console.error(`SDK over the ${budgetBytes} B gzip budget: ${over.map(([n]) => n).join(', ')}`);
    process.exit(1);
  }
}
