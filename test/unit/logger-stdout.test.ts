import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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

/** The service's stdout is written once per event-loop turn (src/adapters/logger.ts). */
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
