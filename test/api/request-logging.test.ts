import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logger.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/** One access line per request (app.ts): request id, method, route pattern, status and duration, nothing else. */
describe('request logging', () => {
  let t: TestContext;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp('pglite', { logger: createLogger('info', capture) });
  });
  afterAll(async () => t.close());

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('writes one line per request with its id, method, route, status and duration', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/keys?secret=in-the-query',
      headers: { 'x-api-key': t.rootKey, 'x-request-id': 'log-test-1' },
    });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = linesOf('log-test-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/v1/keys', status: 200 });
    expect(typeof line!.ms).toBe('number');
    expect(JSON.stringify(line)).not.toMatch(new RegExp(`${t.rootKey}|in-the-query`));
  });

  it('names no route for an unknown path, only its status', async () => {
    await t.app.inject({ method: 'GET', url: '/no/such/path', headers: { 'x-request-id': 'log-test-2' } });
    expect(linesOf('log-test-2')).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', route: 'unmatched', status: 404 }),
    ]);
  });
});
