import { buildConsole } from '../../console/build.js';
import { buildFlow } from '../../flow/build.js';
import { buildSdk } from '../../sdk/build.js';

export default async function setup(): Promise<void> {
  await buildSdk();
  await buildFlow();
  await buildConsole();
}
