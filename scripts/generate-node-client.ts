/**
 * `npm run generate:node-client`: writes packages/node/src/openapi.ts, the request and response types
 * of every route, from the service's own OpenAPI document. test/node-client/generated-types.test.ts
 * fails when the committed file and the routes have drifted apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { format } from 'prettier';
import { openApiDocument } from './openapi-document.js';

export const GENERATED_TYPES_FILE = fileURLToPath(
  new URL('../packages/node/src/openapi.ts', import.meta.url),
);

const HEADER = `/**
 * Generated from the service's OpenAPI document by \`npm run generate:node-client\`; do not edit.
 * A test fails when this file and the service's routes disagree.
 */
`;

export async function generatedTypes(): Promise<string> {
  const document = await openApiDocument();
  const ast = await openapiTS(document as never, { alphabetize: true });
  const source = HEADER + astToString(ast);
  return format(source, { filepath: GENERATED_TYPES_FILE, printWidth: 110, singleQuote: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(GENERATED_TYPES_FILE, await generatedTypes());
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_TYPES_FILE)}`);
}
