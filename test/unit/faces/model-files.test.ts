import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECOGNIZER_FILE,
  DETECTOR_FILE,
  MESH_FILE,
  MODELS_DIR,
  templateEngineOf,
} from '../../../src/adapters/ml/model-files.js';
import { BUNDLED_TEMPLATE_ENGINE } from '../../../src/core/faces/face-dedupe.js';

/** The publishers' files' checksums (models/README.md). */
const SHA256: Record<string, string> = {
  [DETECTOR_FILE]: 'daede24002cc8590f457998cc5e6c9e8b82f45f6bd969506a8913cd4ed10a2d3',
  [DEFAULT_RECOGNIZER_FILE]: 'b7120c095d60094f28a4a54ba6a8bf51b297a6273fb40ef6350dfec1f63d9507',
  [MESH_FILE]: 'ed487104519b0a88cb2cb2ec3678e183f447fb9dd63560998e960ffbaa8fb335',
};

describe('vendored face models', () => {
  it.each(Object.entries(SHA256))("%s is the publisher's file", (file, sha256) => {
    const bytes = fs.readFileSync(path.join(MODELS_DIR, file));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
  });

  it('ships each model with its licence text and the provenance note', () => {
    const files = fs.readdirSync(MODELS_DIR);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE.yunet-libfacedetection-train-Apache-2.0.txt',
        'LICENSE.mobilefacenet-Apache-2.0.txt',
        'LICENSE.mediapipe-face-landmark-Apache-2.0.txt',
        'README.md',
      ]),
    );
    const readme = fs.readFileSync(path.join(MODELS_DIR, 'README.md'), 'utf8');
    for (const [file, sha256] of Object.entries(SHA256)) {
      expect(readme).toContain(file);
      expect(readme).toContain(sha256);
    }
  });

  it("names the bundled recognizer's templates as the stores expect, and another recognizer differently", () => {
    expect(templateEngineOf(undefined)).toBe(BUNDLED_TEMPLATE_ENGINE);
    expect(templateEngineOf(path.join(MODELS_DIR, DETECTOR_FILE))).toBe(
      'onnx/yunet_s_dynamic+sha256.daede24002cc',
    );
  });
});
