/**
 * Draws the passport and identity-card samples test mode can offer (src/adapters/test-samples/): a
 * passport data page (TD3) and an identity card's front and back (TD1, the zone on the back) for a
 * made-up holder of Doc 9303's specimen state `UTO`, a silhouette for a portrait. The zone is printed
 * in OCR-B (Debian's fonts-ocr-b), which only this script needs: made by
 * `npx tsx test/helpers/make-mrz-test-samples.ts`; run it again only to change them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDocument, type PrintedDocument } from '../../bench/lib/mrz/documents.js';
import { type MrzHolder, td1Lines, td3Lines } from './mrz-lines.js';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/adapters/test-samples');

export const MRZ_SAMPLE_HOLDER: MrzHolder = {
  documentCode: 'P',
  issuingState: 'UTO',
  surname: 'SAMPLE',
  givenNames: 'JANE TESTMODE',
  documentNumber: 'T12345678',
  nationality: 'UTO',
  birthDate: '900115',
  sex: 'F',
  expiryDate: '400115',
};

const sample = (kind: 'TD3' | 'TD1'): PrintedDocument => {
  const holder = { ...MRZ_SAMPLE_HOLDER, documentCode: kind === 'TD3' ? 'P' : 'ID' };
  return {
    kind,
    holder,
    printedSurname: 'SAMPLE',
    printedGivenNames: 'JANE TESTMODE',
    nativeName: null,
    birthDate: '1990-01-15',
    expiryDate: '2040-01-15',
    issueDate: '2030-01-15',
    lines: kind === 'TD3' ? td3Lines(holder) : td1Lines(holder),
  };
};

async function main(): Promise<void> {
  const page = await renderDocument(sample('TD3'), 'clean', 1);
  fs.writeFileSync(path.join(outDir, 'passport-data-page.jpg'), page.zoneSide);
  const card = await renderDocument(sample('TD1'), 'clean', 2);
  fs.writeFileSync(path.join(outDir, 'id-card-back.jpg'), card.zoneSide);
  fs.writeFileSync(path.join(outDir, 'id-card-front.jpg'), card.visualSide!);
}

await main();
