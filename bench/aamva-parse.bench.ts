import fs from 'node:fs';
import { parseAamva } from '../src/core/documents/aamva/parse.js';
import { checkDocument } from '../src/core/documents/check-document.js';
import { sharedDataPath } from '../test/helpers/shared-data.js';
import { percentile, recordBenchmark } from './lib/report.js';

/** AAMVA parse and the whole document check over every synthetic record and copied fixture. */

const synthetic = fs
  .readFileSync(sharedDataPath('aamva', 'synthetic-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { payload: string }).payload);
const fixtures = fs
  .readFileSync(sharedDataPath('aamva', 'fixtures.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { file: string }).file)
  .map((file) => {
    const bytes = fs.readFileSync(sharedDataPath('aamva', file));
    return file.endsWith('.json')
      ? (JSON.parse(bytes.toString('utf8')) as { expectedBytes: string }).expectedBytes
      : bytes.toString('latin1');
  });
const payloads = [...synthetic, ...fixtures];
const today = new Date();

function measure(
  run: (payload: string) => unknown,
  durationMs: number,
): { perSecond: number; batchUs: number[] } {
  for (const p of payloads) run(p);
  const batchUs: number[] = [];
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    const batchStarted = performance.now();
    for (const p of payloads) run(p);
    batchUs.push(((performance.now() - batchStarted) * 1000) / payloads.length);
    done += payloads.length;
  }
  return { perSecond: done / ((performance.now() - started) / 1000), batchUs: batchUs.sort((a, b) => a - b) };
}

const parse = measure((p) => parseAamva(p), 3000);
const check = measure((p) => checkDocument({ server: { status: 'ok', text: p }, today }), 3000);
const bytes = payloads.map((p) => Buffer.from(p, 'latin1'));
let i = 0;
const parseBytes = measure(() => parseAamva(bytes[i++ % bytes.length]!), 2000);

const table = `
${payloads.length} payloads (${synthetic.length} synthetic incl. malformed/junk, ${fixtures.length} copied fixtures), one thread, timed in batches over the whole set.

| operation | throughput | mean per payload (p50 / p99 of batches) |
|---|---|---|
| parseAamva(string) | ${Math.round(parse.perSecond).toLocaleString('en-US')} /s | ${percentile(parse.batchUs, 50).toFixed(1)} / ${percentile(parse.batchUs, 99).toFixed(1)} µs |
| parseAamva(bytes) | ${Math.round(parseBytes.perSecond).toLocaleString('en-US')} /s | ${percentile(parseBytes.batchUs, 50).toFixed(1)} / ${percentile(parseBytes.batchUs, 99).toFixed(1)} µs |
| checkDocument (parse + expiry + licence number) | ${Math.round(check.perSecond).toLocaleString('en-US')} /s | ${percentile(check.batchUs, 50).toFixed(1)} / ${percentile(check.batchUs, 99).toFixed(1)} µs |
`;

recordBenchmark('AAMVA parse', table);
