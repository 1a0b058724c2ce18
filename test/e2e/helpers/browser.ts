import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with a fake camera. `grantCamera: false` drops the flag that accepts
 * the permission prompt, so getUserMedia is refused as when a user blocks the camera.
 */
export function launchChromium(
  extraArgs: string[] = [],
  options: { grantCamera?: boolean } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.grantCamera === false ? [] : ['--use-fake-ui-for-media-stream']),
      '--use-fake-device-for-media-stream',
      ...extraArgs,
    ],
  });
}
