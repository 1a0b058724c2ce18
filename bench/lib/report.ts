import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchmarksFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../BENCHMARKS.md');

/**
 * Hosts that name their CPU alike ("AMD EPYC") differ by generation: the OCR models took 2–3 times
 * longer per front on a Zen 1 host with AVX2 than an earlier profile measured on another host. The
 * family, model and widest vector extension tell such runs apart.
 */
function cpuGeneration(): string | null {
  let info: string;
  try {
    info = fs.readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null;
  }
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(info)?.[1]?.trim();
  const flags = new Set((field('flags') ?? '').split(/\s+/));
  const vector = flags.has('avx512f') ? 'AVX-512' : flags.has('avx2') ? 'AVX2' : 'no AVX2';
  const family = field('cpu family');
  const model = field('model');
  return family && model ? `family ${family} model ${model}, ${vector}` : vector;
}

function machineLine(): string {
  const generation = cpuGeneration();
  const cpu = `${os.cpus()[0]?.model ?? 'unknown CPU'}${generation ? ` (${generation})` : ''}`;
  const memGiB = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${os.cpus().length} × ${cpu}, ${memGiB} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/**
 * Prints a benchmark's figures and writes them as one section of BENCHMARKS.md, replacing that
 * section's previous figures and keeping every other section.
 */
export function recordBenchmark(section: string, markdownBody: string): void {
  const stamp = new Date().toISOString().slice(0, 19) + 'Z';
  const block = `## ${section}\n\n_Measured ${stamp} on ${machineLine()}._\n\n${markdownBody.trim()}\n`;
  console.log(`\n${block}`);
  const header =
    '# Benchmarks\n\nWritten by `npm run bench` (each section by its own script under `bench/`). Figures, not targets: the targets are in the issues and docs.\n';
  const existing = fs.existsSync(benchmarksFile) ? fs.readFileSync(benchmarksFile, 'utf8') : header;
  const sections = existing.split(/^(?=## )/m);
  const head = sections[0]?.startsWith('## ') ? header : (sections.shift() ?? header);
  const kept = sections.filter((s) => !s.startsWith(`## ${section}\n`));
  kept.push(block);
  kept.sort((a, b) => a.localeCompare(b));
  fs.writeFileSync(
    benchmarksFile,
    [head.trimEnd() + '\n\n', ...kept.map((s) => s.trimEnd() + '\n\n')].join('').trimEnd() + '\n',
  );
}

export function percentile(sortedAscending: number[], p: number): number {
  if (sortedAscending.length === 0) return NaN;
  const index = Math.min(sortedAscending.length - 1, Math.ceil((p / 100) * sortedAscending.length) - 1);
  return sortedAscending[Math.max(0, index)]!;
}
