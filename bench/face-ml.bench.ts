/**
 * ML time per verification (ID portrait + 8 selfie frames answering a liveness challenge, face match
 * and liveness) through the real engine and runFaceChecks, one at a time and two at a time, with 1
 * and 2 worker threads; CPU per verification (target p50 ≤ 300 ms on an idle 2-core machine); RSS
 * with the models loaded; video frame extraction from a 2 s WebM (the clip is made with the ffmpeg
 * binary kept for test clips).
 * Run: npx tsx bench/face-ml.bench.ts   (on an otherwise idle machine)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { extractVideoFrames } from '../src/adapters/media/video-frames.js';
import { createFaceEngine } from '../src/adapters/ml/face-engine.js';
import { timedFaceChecks } from './lib/timed-face-checks.js';
import { buildSequence, faceImage } from '../test/unit/faces/face-fixtures.js';
import { percentile, recordBenchmark } from './lib/report.js';

const THREAD_COUNTS = [1, 2];
const PEOPLE = ['001', '012', '024', '025', '034', '037', '038', '043'];
const SEQUENTIAL_RUNS = 16;
const PARALLEL_RUNS = 8;

type Inputs = { portrait: Buffer; frames: Buffer[] }[];
type Figures = {
  loadMs: number;
  rssLoadedMb: number;
  rssAfterMb: number;
  sequential: number[];
  cpuPerVerificationMs: number[];
  parallel: number[];
  perVerificationPerSecond: number;
  perImageMs: number[];
};

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const ms = (value: number) => Math.round(value);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], q: number) => ms(percentile(sorted(values), q));

async function measure(threads: number, inputs: Inputs): Promise<Figures> {
  const loadStarted = performance.now();
  const engine = createFaceEngine({ threads, timeoutMs: 60_000 });
  const status = await engine.ready();
  if (!status.ok) throw new Error(`engine not ready: ${status.error}`);
  const loadMs = performance.now() - loadStarted;
  const rssLoadedMb = mb(process.memoryUsage().rss);

  const verify = (i: number) => timedFaceChecks(engine, inputs[i % inputs.length]!);

  for (let i = 0; i < threads * 2; i++) await verify(i);
  const sequential: number[] = [];
  const cpuPerVerificationMs: number[] = [];
  const perImageMs: number[] = [];
  for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
    const { wallMs, mlMs, cpuMs } = await verify(i);
    sequential.push(wallMs);
    cpuPerVerificationMs.push(cpuMs);
    perImageMs.push(mlMs / 9);
  }
  const parallel: number[] = [];
  const parallelStarted = performance.now();
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (let i = lane; i < PARALLEL_RUNS; i += 2) parallel.push((await verify(i)).wallMs);
    }),
  );
  const perVerificationPerSecond = PARALLEL_RUNS / ((performance.now() - parallelStarted) / 1000);
  const rssAfterMb = mb(process.memoryUsage().rss);
  await engine.close();
  return {
    loadMs,
    rssLoadedMb,
    rssAfterMb,
    sequential,
    cpuPerVerificationMs,
    parallel,
    perVerificationPerSecond,
    perImageMs,
  };
}

async function measureVideo(): Promise<number[]> {
  // A 2 s, 30 fps, 640×480 VP8 WebM like the hosted flow records.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-bench-'));
  try {
    const still = path.join(dir, 'still.jpg');
    fs.writeFileSync(still, faceImage('cc0_same_person/lisa_lisa2.jpg'));
    const webm = path.join(dir, 'clip.webm');
    const encode = spawnSync(ffmpegInstaller.path, [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-loop',
        '1',
        '-t',
        '2',
        '-framerate',
        '30',
        '-i',
        still,
      ],
      ...['-vf', 'scale=640:480,format=yuv420p', '-c:v', 'libvpx', '-b:v', '1M', webm],
    ]);
    if (encode.status !== 0) throw new Error(encode.stderr.toString());
    const video = fs.readFileSync(webm);
    const timings: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const frames = await extractVideoFrames(video);
      if (!frames.ok || frames.frames.length !== 8) throw new Error('frame extraction failed');
      timings.push(performance.now() - started);
    }
    return timings;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rssStartMb = mb(process.memoryUsage().rss);
  const inputs: Inputs = await Promise.all(
    PEOPLE.map(async (id) => ({
      portrait: faceImage(`derived/idportrait_${id}.jpg`),
      frames: await buildSequence([
        faceImage(`london/london_${id}_neutral.jpg`),
        faceImage(`london/london_${id}_smiling.jpg`),
      ]),
    })),
  );
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const results = new Map<number, Figures>();
  for (const threads of THREAD_COUNTS) results.set(threads, await measure(threads, inputs));
  const video = await measureVideo();
  const loadAfter = os.loadavg()[0]!.toFixed(1);

  const column = (pick: (f: Figures) => string) =>
    THREAD_COUNTS.map((t) => pick(results.get(t)!)).join(' | ');
  const table = [
    `A verification = 1 ID portrait (240×300 JPEG) + 8 selfie frames (≈730×730 JPEG) answering a three-action challenge (the mesh on all 8 frames, the costliest answer) through \`runFaceChecks\`: face match and liveness. YuNet, MobileFaceNet and MediaPipe's face mesh on onnxruntime-node (one intra-op thread per session), one of each per worker thread. Target: CPU p50 ≤ 300 ms. 1-minute load average before / after: ${loadBefore} / ${loadAfter} (figures beside other jobs are noise).`,
    '',
    `| figure | ${THREAD_COUNTS.map((t) => `${t} worker thread${t > 1 ? 's' : ''}`).join(' | ')} |`,
    `|---|${THREAD_COUNTS.map(() => '---').join('|')}|`,
    `| model load (pool start → ready) | ${column((f) => `${ms(f.loadMs)} ms`)} |`,
    `| verification one at a time: p50 / p99 (n=${SEQUENTIAL_RUNS}) | ${column((f) => `**${p(f.sequential, 50)} / ${p(f.sequential, 99)} ms**`)} |`,
    `| CPU time per verification, all threads of the process (inflated too when the cores are shared): p50 | ${column((f) => `**${p(f.cpuPerVerificationMs, 50)} ms**`)} |`,
    `| verifications two at a time: p50 / p99 (n=${PARALLEL_RUNS}) | ${column((f) => `${p(f.parallel, 50)} / ${p(f.parallel, 99)} ms`)} |`,
    `| throughput, two at a time | ${column((f) => `${f.perVerificationPerSecond.toFixed(2)} verifications/s`)} |`,
    `| engine time per image in its worker (decode included): p50 / p99 | ${column((f) => `${p(f.perImageMs, 50)} / ${p(f.perImageMs, 99)} ms`)} |`,
    `| RSS: models loaded / after the runs (process start ${rssStartMb} MB) | ${column((f) => `${f.rssLoadedMb} / ${f.rssAfterMb} MB`)} |`,
    '',
    `8 frames from a 2 s 640×480 WebM (\`extractVideoFrames\`, one decoding process): p50 ${p(video, 50)} ms, max ${ms(Math.max(...video))} ms (n=${video.length}).`,
  ].join('\n');
  recordBenchmark('Face ML per verification', table);
}

await main();
