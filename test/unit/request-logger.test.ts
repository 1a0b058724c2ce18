import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/adapters/logger.js';
import { lazyRequestLogger } from '../../src/http/request-logger.js';

describe('request logger', () => {
  const capture = () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { lines, logger: createLogger('info', stream) };
  };

  it('makes no child logger for a request that logs nothing', () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    lazyRequestLogger(logger, { reqId: 'r1' }, {});
    expect(child).not.toHaveBeenCalled();
  });

  it('logs with the request id, redacted like every line, once something logs', () => {
    const { lines, logger } = capture();
    const log = lazyRequestLogger(logger, { reqId: 'r2' }, {});
    log.warn({ body: { api_key: 'svc_secret' }, code: 'x' }, 'first');
    log.error('second');
    log.debug('below the level');
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'r2',
        level: 40,
        msg: 'first',
        body: { api_key: '[redacted]' },
        code: 'x',
      }),
      expect.objectContaining({ reqId: 'r2', level: 50, msg: 'second' }),
    ]);
    expect(log.level).toBe('info');
  });
});
