import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generatedTypes } from '../../scripts/generate-node-client.js';

describe('the server library (packages/node)', () => {
  it("types every route as the service's OpenAPI document declares it today", async () => {
    const committed = fs.readFileSync(GENERATED_TYPES_FILE, 'utf8');
    // On failure: run `npm run generate:node-client` and commit packages/node/src/openapi.ts.
    expect(await generatedTypes()).toBe(committed);
  });
});
