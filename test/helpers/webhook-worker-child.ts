/**
 * A worker process for the crash test: builds the real platform and modules from the environment (ROLE=worker),
 * starts its background loops and prints "ready". The test kills it with SIGKILL mid-delivery.
 */
import { loadConfig } from '../../src/config.js';
import { createModules } from '../../src/modules/index.js';
import { createPlatform } from '../../src/platform.js';

const platform = await createPlatform(loadConfig({ ...process.env, ROLE: 'worker' }));

const modules = await createModules(platform);
const stop = await modules.startBackground();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void stop()
    .then(() => modules.close())
    .then(() => platform.close())
    .then(() => process.exit(0));
});
