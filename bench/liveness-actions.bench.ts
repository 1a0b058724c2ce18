/**
 * Which challenge actions the service's face models detect, on synthetic captures:
 * each live photo of the test data's faces folder (16 London neutral photos, lisa, zoom, SFAS T1/T2) warped
 * along its own 3-D face mesh into every action (bench/lib/liveness), framed as phone-camera
 * frames, and measured by the service's engine (`createFaceEngine` → `analyze`). Every metric is
 * taken relative to a neutral frame of the same capture (same camera, another seed). Attacks (a
 * still photo, a print moved in hand, a screen replay) are measured frame by frame against their
 * first frame. Prints markdown for docs/research/liveness-actions.md and the thresholds for
 * bench/lib/liveness/measured-thresholds.ts.
 * Run: npx tsx bench/liveness-actions.bench.ts   (LIVENESS_REPS=n captures per photo, default 3)
 */
import { createFaceEngine } from '../src/adapters/ml/face-engine.js';
import pLimit from 'p-limit';
import type { AnalyzedFace, FaceEngine } from '../src/core/faces/face-engine.js';
import { LONDON_IDS, faceImage } from '../test/unit/faces/face-fixtures.js';
import { seededRandom } from '../test/helpers/seeded-random.js';
import { seedOf } from './lib/face-eval/render.js';
import { ACTIONS, type Action, type Pose } from './lib/liveness/actions.js';
import { printedPhotoMoved, screenReplay, stillRepeated } from './lib/liveness/attacks.js';
import { type Orientation, intBetween, renderActionFrame } from './lib/liveness/frames.js';
import { meshedPhoto } from './lib/liveness/mesh.js';
import { type FaceMetrics, type MetricName, faceMetrics, metricDelta } from './lib/liveness/metrics.js';
import { ACTION_METRIC, HEAD_STILL_DEG } from './lib/liveness/measured-thresholds.js';
import { percentile } from './lib/report.js';

const REPS = Number(process.env.LIVENESS_REPS ?? 3);
/** A half-hearted performance: how much a threshold leaves to users who barely move. */
const WEAK = 0.5;

const PHOTOS = [
  ...LONDON_IDS.map((id) => `london/london_${id}_neutral.jpg`),
  ...['lisa1', 'lisa2', 'lisa3', 'lisa4'].map((n) => `cc0_same_person/lisa_${n}.jpg`),
  ...['15cm', '30cm', '45cm', '60cm'].map((n) => `cc0_same_person/zoom_${n}.jpg`),
  'antispoof_samples/sfas_image_T1.jpg',
  'antispoof_samples/sfas_image_T2.jpg',
];
const ATTACK_PHOTOS = LONDON_IDS.map((id) => `london/london_${id}_neutral.jpg`);

/** `fn` over `items`, at most `limit` at a time, results in order. */
function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const run = pLimit(limit);
  return Promise.all(items.map((item) => run(() => fn(item))));
}

/** The metrics of the largest face in a frame (the mesh asked for), or null when the engine found none or no mesh. */
async function measure(engine: FaceEngine, frame: Buffer): Promise<FaceMetrics | null> {
  const analysis = await engine.analyze(frame, { mesh: true });
  if (!analysis.ok) throw new Error(`analysis failed: ${analysis.error}`);
  const largest = [...analysis.faces].sort(
    (a: AnalyzedFace, b: AnalyzedFace) => b.box.width * b.box.height - a.box.width * a.box.height,
  )[0];
  return largest?.mesh ? faceMetrics(largest) : null;
}

type Job = { image: string; rep: number; pose: Pose; strength: number; label: string };
type Result = Job & { metrics: FaceMetrics | null };

/** One capture's camera: frame width and shape, kept for all its frames. */
function cameraOf(image: string, rep: number): { widthPx: number; orientation: Orientation } {
  const random = seededRandom(seedOf(`${image}|${rep}|camera`));
  return { widthPx: intBetween(random, 480, 1280), orientation: random() < 0.5 ? 'portrait' : 'landscape' };
}

/** The signed change that counts for an action: positive when the action moved its metric the expected way. */
const signed = (action: Action, delta: FaceMetrics) =>
  ACTION_METRIC[action].direction * delta[ACTION_METRIC[action].metric];

type Stats = { min: number; median: number; max: number };
function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? NaN,
    median: percentile(sorted, 50),
    max: sorted.at(-1) ?? NaN,
  };
}

/**
 * The threshold between what the action gives and what everything else gives: the middle of the
 * gap when they do not overlap, else the 99th percentile of everything else (at most 1 % of other
 * frames pass for this action).
 */
function chooseThreshold(performed: number[], others: number[]): number {
  const lowest = Math.min(...performed);
  const highest = Math.max(...others);
  if (highest < lowest) return (highest + lowest) / 2;
  return percentile(
    [...others].sort((a, b) => a - b),
    99,
  );
}

const POSE_ACTIONS: readonly Action[] = ['turn_left', 'turn_right', 'look_up', 'look_down'];
const isExpression = (action: Action) => !POSE_ACTIONS.includes(action);
/**
 * Turning or tilting the head changes the expression ratios too (looking up lowers the eye
 * aspect as much as a blink does), so an expression is read only on frames whose head pose is
 * near the neutral frame's.
 */
const headStill = (d: FaceMetrics) =>
  Math.abs(d.yawDeg) < HEAD_STILL_DEG && Math.abs(d.pitchDeg) < HEAD_STILL_DEG;

const digits = (metric: MetricName) => (metric === 'yawDeg' || metric === 'pitchDeg' ? 1 : 3);
/** How many values pass `threshold`, out of `total` (by default all of them). */
const rate = (values: number[], threshold: number, total = values.length) =>
  `${values.filter((v) => v >= threshold).length}/${total}`;

async function main(): Promise<void> {
  const engine = createFaceEngine({ threads: 2, timeoutMs: 120_000 });
  const started = performance.now();
  const photos: string[] = [];
  for (const image of PHOTOS) {
    try {
      await meshedPhoto(faceImage(image));
      photos.push(image);
    } catch (error) {
      console.log(`skipped ${image}: ${(error as Error).message}`);
    }
  }

  const jobs: Job[] = [];
  for (const image of photos)
    for (let rep = 0; rep < REPS; rep++) {
      jobs.push({ image, rep, pose: 'neutral', strength: 1, label: 'neutral' });
      jobs.push({ image, rep, pose: 'neutral', strength: 1, label: 'neutral_again' });
      for (const action of ACTIONS) {
        jobs.push({ image, rep, pose: action, strength: 1, label: action });
        jobs.push({ image, rep, pose: action, strength: WEAK, label: `${action}@weak` });
      }
    }
  const results = await mapLimited(jobs, 3, async (job): Promise<Result> => {
    const frame = await renderActionFrame(faceImage(job.image), job.pose, {
      seed: seedOf(`${job.image}|${job.rep}|${job.label}`),
      strength: job.strength,
      ...cameraOf(job.image, job.rep),
    });
    return { ...job, metrics: await measure(engine, frame) };
  });
  const frameSeconds = (performance.now() - started) / 1000;

  // Deltas per capture: every frame against that capture's neutral frame.
  const deltas = new Map<string, Array<{ image: string; delta: FaceMetrics }>>();
  const missing = new Map<string, number>();
  const captures = new Map<string, Map<string, FaceMetrics | null>>();
  for (const r of results) {
    const key = `${r.image}|${r.rep}`;
    if (!captures.has(key)) captures.set(key, new Map());
    captures.get(key)!.set(r.label, r.metrics);
  }
  for (const [key, frames] of captures) {
    const neutral = frames.get('neutral');
    for (const [label, metrics] of frames) {
      if (label === 'neutral') continue;
      if (!neutral || !metrics) {
        missing.set(label, (missing.get(label) ?? 0) + 1);
        continue;
      }
      if (!deltas.has(label)) deltas.set(label, []);
      deltas.get(label)!.push({ image: key.split('|')[0]!, delta: metricDelta(metrics, neutral) });
    }
  }

  const lines: string[] = [];
  lines.push(
    `${photos.length} photos × ${REPS} captures; per capture 2 neutral frames and each action at nominal strength and at ${WEAK}; ${results.length} frames in ${frameSeconds.toFixed(0)} s.`,
    '',
    '### Median change of every metric, per performed action (frame − neutral frame of the same capture)',
    '',
    '| performed | frames | no face | yaw ° | pitch ° | mouth open | smile | eye aspect |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const label of ['neutral_again', ...ACTIONS]) {
    const list = deltas.get(label) ?? [];
    const med = (m: MetricName) =>
      percentile(
        list.map(({ delta }) => delta[m]).sort((a, b) => a - b),
        50,
      ).toFixed(digits(m));
    lines.push(
      `| ${label === 'neutral_again' ? 'neutral (2nd frame)' : label} | ${list.length} | ${missing.get(label) ?? 0} | ${med('yawDeg')} | ${med('pitchDeg')} | ${med('mouthOpen')} | ${med('smile')} | ${med('eyeAspect')} |`,
    );
  }

  /** Signed changes of `action`'s metric on the frames labelled `label`; expressions only where the head held still. */
  const signedOf = (action: Action, label: string) =>
    (deltas.get(label) ?? [])
      .filter(({ delta }) => !isExpression(action) || headStill(delta))
      .map(({ image, delta }) => ({ image, value: signed(action, delta) }));
  const valuesOf = (action: Action, label: string) => signedOf(action, label).map(({ value }) => value);
  const otherLabels = (action: Action) => ['neutral_again', ...ACTIONS.filter((a) => a !== action)];
  const thresholds = Object.fromEntries(
    ACTIONS.map((action) => [
      action,
      chooseThreshold(
        valuesOf(action, action),
        otherLabels(action).flatMap((label) => valuesOf(action, label)),
      ),
    ]),
  ) as Record<Action, number>;

  lines.push(
    '',
    "### Largest signed change of each action's metric, by what the frame showed",
    '',
    `Rows: the action whose metric is read; columns: what the frame actually showed. The diagonal is the performed action (its smallest value is in the next table); off it, a value over the row's threshold is a false trigger. Expressions count only frames where the head held still (|Δyaw| and |Δpitch| < ${HEAD_STILL_DEG}°).`,
    '',
    `| metric of (row) / frame shows (column) | ${['neutral', ...ACTIONS].join(' | ')} |`,
    `|---|${['neutral', ...ACTIONS].map(() => '---').join('|')}|`,
  );
  for (const action of ACTIONS) {
    const { metric } = ACTION_METRIC[action];
    const cells = ['neutral_again', ...ACTIONS].map((label) => {
      const values = valuesOf(action, label);
      return values.length ? Math.max(...values).toFixed(digits(metric)) : '–';
    });
    lines.push(`| ${action} | ${cells.join(' | ')} |`);
  }

  lines.push(
    '',
    '### Per action: the signed change for the performed action against every other frame',
    '',
    `Signed so that the action moves it up (turn_left: −yaw, look_up: −pitch, blink: −eye aspect). "Others" = the 2nd neutral frame and the other six actions at nominal strength. For the expressions (smile, blink, open_mouth) a frame counts, performed or other, only where the head held still (|Δyaw| and |Δpitch| < ${HEAD_STILL_DEG}°); "head moved" is how many performed frames that leaves out. "Separating threshold": the middle of the gap between performed and others, or where they overlap the 99th percentile of others; "recommended": bench/lib/liveness/measured-thresholds.ts, and the detection rates are at that value.`,
    '',
    '| action | metric | performed min / median / max | weak (×0.5) min / median / max | others min / median / max | separating threshold | recommended | detected | weak detected | others over | head moved | lowest performed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const action of ACTIONS) {
    const { metric } = ACTION_METRIC[action];
    const all = (deltas.get(action) ?? []).length;
    const performed = valuesOf(action, action);
    const weak = valuesOf(action, `${action}@weak`);
    const others = otherLabels(action).flatMap((label) => valuesOf(action, label));
    const threshold = ACTION_METRIC[action].minDelta;
    const f = (values: number[]) => {
      const s = stats(values);
      return `${s.min.toFixed(digits(metric))} / ${s.median.toFixed(digits(metric))} / ${s.max.toFixed(digits(metric))}`;
    };
    const lowest = signedOf(action, action)
      .sort((a, b) => a.value - b.value)
      .slice(0, 3)
      .map(
        ({ image, value }) => `${image.split('/')[1]!.replace('.jpg', '')} ${value.toFixed(digits(metric))}`,
      )
      .join(', ');
    lines.push(
      `| ${action} | ${metric} | ${f(performed)} | ${f(weak)} | ${f(others)} | ${thresholds[action].toFixed(digits(metric))} | ${threshold} | ${rate(performed, threshold, all)} | ${rate(weak, threshold, (deltas.get(`${action}@weak`) ?? []).length)} | ${rate(others, threshold)} | ${all - performed.length} | ${lowest} |`,
    );
  }

  // Attacks: each frame against the sequence's first frame, as a challenge would read them.
  const attackKinds: Array<[string, (photo: Buffer, seed: number) => Promise<Buffer[]>]> = [
    ['still photo, jittered', (photo) => stillRepeated(photo)],
    ['print moved in hand', printedPhotoMoved],
    ['screen replay moved', screenReplay],
  ];
  lines.push(
    '',
    '### Attacks: the largest signed change over frames 2–8 against frame 1, per sequence',
    '',
    'One sequence per London photo and attack, each frame read as if labelled with every action in turn (expressions only on frames with the head still). "Triggers" counts the sequences where at least one frame passes the action\'s recommended threshold.',
    '',
    '| attack | sequences (faces found) | action | largest signed change min / median / max | triggers |',
    '|---|---|---|---|---|',
  );
  for (const [name, make] of attackKinds) {
    const sequences = await mapLimited(ATTACK_PHOTOS, 2, async (image) => {
      const frames = await make(faceImage(image), seedOf(`${image}|${name}`));
      return Promise.all(frames.map((frame) => measure(engine, frame)));
    });
    const found = sequences.reduce((n, s) => n + s.filter(Boolean).length, 0);
    for (const action of ACTIONS) {
      const largest: number[] = [];
      for (const frames of sequences) {
        const first = frames[0];
        if (!first) continue;
        const changes = frames
          .slice(1)
          .filter((m): m is FaceMetrics => m !== null)
          .map((m) => metricDelta(m, first))
          .filter((d) => !isExpression(action) || headStill(d))
          .map((d) => signed(action, d));
        if (changes.length > 0) largest.push(Math.max(...changes));
      }
      const { metric } = ACTION_METRIC[action];
      const s = stats(largest);
      lines.push(
        `| ${name} | ${sequences.length} (${found}/${sequences.length * 8} frames) | ${action} | ${s.min.toFixed(digits(metric))} / ${s.median.toFixed(digits(metric))} / ${s.max.toFixed(digits(metric))} | ${rate(largest, ACTION_METRIC[action].minDelta)} |`,
      );
    }
  }
  await engine.close();
  console.log(lines.join('\n'));
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
