import type { StoredBarcode } from '../../core/checks.js';
import type { FaceIdentity } from '../../core/faces/face-dedupe.js';
import type { DataSealer } from '../../core/webhooks/secret-box.js';

/**
 * Personal data in jsonb columns is stored as `{"sealed": "d1.…"}` (DATA_ENCRYPTION_KEY), so a dump of
 * the database shows no licence data. doc_checks keeps its duplicate-face reason in the clear beside the
 * sealed whole (the API returns it; it is no personal data), which is what redaction keeps of it.
 * Rows written before encryption hold plain JSON and are read as they are.
 */
type Sealed = { sealed: string };

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed).sealed === 'string';

function open<T>(sealer: DataSealer | undefined, value: Sealed): T {
  if (!sealer) throw new Error('personal data is sealed, but no DATA_ENCRYPTION_KEY is configured here');
  return JSON.parse(sealer.openText(value.sealed)) as T;
}

export function sealBarcode(sealer: DataSealer | undefined, barcode: StoredBarcode): string {
  return JSON.stringify(sealer ? { sealed: sealer.sealText(JSON.stringify(barcode)) } : barcode);
}

export function openBarcode(sealer: DataSealer | undefined, stored: unknown): StoredBarcode | null {
  if (stored === null || stored === undefined) return null;
  return isSealed(stored) ? open<StoredBarcode>(sealer, stored) : (stored as StoredBarcode);
}

export function sealDocChecks(sealer: DataSealer | undefined, docChecks: Record<string, unknown>): string {
  if (!sealer) return JSON.stringify(docChecks);
  const reason = (docChecks.face_dedupe as { reason?: unknown } | undefined)?.reason;
  return JSON.stringify({
    ...(typeof reason === 'string' ? { face_dedupe: { reason } } : {}),
    sealed: sealer.sealText(JSON.stringify(docChecks)),
  });
}

export function openDocChecks(
  sealer: DataSealer | undefined,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  return isSealed(stored) ? open<Record<string, unknown>>(sealer, stored) : stored;
}

export function sealIdentity(sealer: DataSealer | undefined, identity: FaceIdentity | null): string {
  if (!identity || !sealer) return JSON.stringify(identity);
  return JSON.stringify({ sealed: sealer.sealText(JSON.stringify(identity)) });
}

export function openIdentity(sealer: DataSealer | undefined, stored: unknown): FaceIdentity | null {
  if (stored === null || stored === undefined) return null;
  return isSealed(stored) ? open<FaceIdentity>(sealer, stored) : (stored as FaceIdentity);
}
