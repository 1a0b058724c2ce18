import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import {
  batchedDestination,
  createAccessLog,
  createLogger,
  FLUSH_AFTER_MS,
} from '../../src/adapters/logger.js';

const loggerModule = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/adapters/logger.ts',
);

/** Runs a script in a process of its own and returns the JSON lines it wrote on stdout. */
async function linesOf(script: string): Promise<Array<Record<string, unknown>>> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '--eval',
    `import { createLogger } from ${JSON.stringify(loggerModule)};\n${script}`,
  ]);
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The service's stdout is written in batches (src/adapters/logger.ts). */
describe('logging to stdout', () => {
  it('writes every line, in order, from every logger', async () => {
    const lines = await linesOf(`
      const a = createLogger('info');
      const b = createLogger('info').child({ reqId: 'r1' });
      a.info('one'); b.info('two');
      setImmediate(() => { a.warn('three'); a.debug('not at info'); });`);
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['one', undefined],
      ['two', 'r1'],
      ['three', undefined],
    ]);
  });

  it('writes the lines of the last turn when the process exits in it', async () => {
    const lines = await linesOf(`
      const log = createLogger('info');
      log.info('before exit');
      log.fatal('exiting');
      process.exit(0);`);
    expect(lines.map((l) => l.msg)).toEqual(['before exit', 'exiting']);
  });
});

describe('batched log destination', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function capture() {
    const writes: string[] = [];
    const destination = batchedDestination({ write: (lines: string) => writes.push(lines) });
    return { writes, logger: pino({ base: null }, destination), destination };
  }

  it(`holds info lines for ${FLUSH_AFTER_MS} ms, then writes them together`, () => {
    vi.useFakeTimers();
    const { writes, logger } = capture();
    logger.info('one');
    logger.info('two');
    vi.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(['one', 'two']);
  });

  it('writes a warning at once, after the lines that waited before it', () => {
    vi.useFakeTimers();
    const { writes, logger } = capture();
    logger.info('waiting');
    logger.warn('now');
    expect(
      writes
        .join('')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(['waiting', 'now']);
  });

  it('writes once 16 KiB have gathered, without waiting for the timer', () => {
    vi.useFakeTimers();
    const { writes, logger } = capture();
    for (let i = 0; i < 200; i += 1) logger.info({ filler: 'x'.repeat(100) }, `line ${i}`);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((w) => w.length >= 16 * 1024)).toBe(true);
  });
});

describe('access lines', () => {
  it('are the lines pino writes for the same fields', () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => written.push(line) } as never);
    const fields = { reqId: 'abc-1', method: 'GET', route: '/v1/keys', status: 200, ms: 1.5 };
    logger.info(fields, 'request');
    createAccessLog(logger)(fields);
    const [fromPino, fromAccessLog] = written.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(fromAccessLog).toBe(fromPino);
    expect(JSON.parse(written[1]!)).toMatchObject({ service: 'idv', ...fields, msg: 'request' });
  });

  it('escape what they carry and follow the logger level', () => {
    const written: string[] = [];
    const destination = { write: (line: string) => written.push(line) } as never;
    createAccessLog(createLogger('info', destination))({
      reqId: 'a"b',
      method: 'GET',
      route: 'unmatched',
      status: 404,
      ms: 0.1,
    });
    createAccessLog(createLogger('warn', destination))({
      reqId: 'quiet',
      method: 'GET',
      route: '/v1/keys',
      status: 200,
      ms: 0.1,
    });
    createAccessLog(createLogger('info', destination))({
      reqId: 'no-duration',
      method: 'GET',
      route: '/v1/keys',
      status: 200,
      ms: Number.NaN,
    });
    expect(written).toHaveLength(2);
    expect(JSON.parse(written[0]!)).toMatchObject({ reqId: 'a"b', status: 404 });
    expect(JSON.parse(written[1]!)).toMatchObject({ reqId: 'no-duration', ms: null });
  });
});
