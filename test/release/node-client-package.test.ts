import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LIBRARY = path.resolve(import.meta.dirname, '../../packages/node');

/** The server library as its README tells a backend to install it: an `npm pack` tarball, no registry. */
describe('packages/node as a package', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-node-package-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('packs with its JavaScript and types, installs from the tarball and imports', async () => {
    const { stdout } = await run('npm', ['pack', '--pack-destination', scratch, '--json'], { cwd: LIBRARY });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed!.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/client.d.ts']));
    expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);

    const backend = path.join(scratch, 'backend');
    fs.mkdirSync(backend);
    fs.writeFileSync(
      path.join(backend, 'package.json'),
      JSON.stringify({ name: 'backend', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', path.join(scratch, packed!.filename)], {
      cwd: backend,
    });
    const { stdout: exported } = await run(
      'node',
      ['--input-type=module', '-e', "console.log(Object.keys(await import('@idv-service/node')).join(' '))"],
      { cwd: backend },
    );
    expect(exported.trim().split(' ')).toEqual(
      expect.arrayContaining(['createClient', 'createSessionClient', 'verifyWebhook', 'IdvApiError']),
    );
  }, 120_000);
});
