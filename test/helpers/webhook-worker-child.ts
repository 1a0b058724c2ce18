/**
 * A worker process for the crash test: builds the real container from the environment (ROLE=worker),
 * starts its background loops and prints "ready". The test kills it with SIGKILL mid-delivery.
 */
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';

const container = await createContainer(loadConfig({ ...process.env, ROLE: 'worker' }));
const stop = await container.startBackground();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void stop()
    .then(() => container.close())
    .then(() => process.exit(0));
});
