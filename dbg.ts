import { CARD_CONDITIONS, seedOf } from './bench/lib/face-eval/render.js';
import { drawDocument, renderDocument } from './bench/lib/mrz/documents.js';
import runOcrTask from './src/adapters/ml/ocr-worker.js';
import { checkMrzDocument } from './src/checks/mrz-check.js';
import { parseMrz } from './src/core/documents/mrz/parse.js';
const TODAY = new Date().toISOString().slice(0, 10);
const N = Number(process.env.N ?? 4);
const S = Number(process.env.S ?? 0);
for (const condition of (process.env.C ?? CARD_CONDITIONS.join(',')).split(',')) for (const kind of ['TD3', 'TD1'] as const) for (let i = S; i < S + N; i++) {
  const seed = seedOf(`mrz-1:${kind}:${condition}:${i}`);
  const printed = drawDocument(kind, seed, TODAY);
  const r = await renderDocument(printed, condition as any, seed);
  const res = await runOcrTask({ kind: 'mrz', image: r.zoneSide, ...(r.visualSide ? { visualZone: r.visualSide } : {}), today: TODAY });
  if (!res.ok) { console.log('fail', res); continue; }
  const expected = parseMrz(printed.lines, TODAY)!;
  const outcome = res.zone ? { status: 'ok' as const, ...res.zone, models: [], durationMs: 0 } : { status: 'not_found' as const, durationMs: 0 };
  const check = checkMrzDocument(outcome, TODAY);
  const { confidence: _a, corrections: _b, ...e } = expected;
  const got = res.zone ? (({ confidence: _c, corrections: _d, nameConfidence: _n, ...g }) => g)(res.zone.mrz) : null;
  const diffs = got ? Object.keys(e).filter((k) => JSON.stringify((e as any)[k]) !== JSON.stringify((got as any)[k])) : ['NOT FOUND'];
  if (diffs.length === 0 && check.reasons.length === 0) continue;
  console.log(`== ${condition} ${kind} #${i}`, check.reasons, 'diffs', diffs.map((k) => `${k}: ${JSON.stringify((e as any)[k])} → ${got && JSON.stringify((got as any)[k])}`).join('; '));
  if ((check.detail as any).visual_zone) console.log('  vz', JSON.stringify((check.detail as any).visual_zone.fields.given_names), JSON.stringify((check.detail as any).visual_zone.mismatched));
}
process.exit(0);
