import type { StoredBarcode } from '../../core/checks.js';
import type { FaceIdentity } from '../../core/faces/face-dedupe.js';
import type { CheckJobInput } from '../../ports/check-queue.js';
import { ShreddedDataError, type DataSealer } from '../../core/webhooks/secret-box.js';
import { AUDIT_DETAIL_KEYS_KEPT } from './redaction.js';

/**
 * Personal data in jsonb columns is stored as `{"sealed": "k1.…"}`, sealed with the verification's own
 * key (ports/verification-keys.ts), so a dump of the database shows no licence data and redaction,
 * destroying the key, leaves every copy unreadable. doc_checks keeps its duplicate-face reason in the
 * clear beside the sealed whole (the API returns it; it is no personal data), which is what redaction
 * keeps of it. Rows of earlier releases hold `d1.…` (DATA_ENCRYPTION_KEY) or plain JSON and are read
 * as they are. A value whose key was destroyed reads as erased, as redaction left the row.
 */
type Sealed = { sealed: string };

/** What sealText writes; a plain note or metadata from before sealing counts as sealed only in exactly this shape. */
const SEALED_TEXT = /^(k1(\.[A-Za-z0-9_-]*){3}|d1(\.[A-Za-z0-9_-]*){4})$/;

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed).sealed === 'string';

/** The opened value, or undefined when its key was destroyed. */
function open<T>(sealer: DataSealer | undefined, value: Sealed): T | undefined {
  if (!sealer) throw new Error('personal data is sealed, but no DATA_ENCRYPTION_KEY is configured here');
  try {
    return JSON.parse(sealer.openText(value.sealed)) as T;
  } catch (error) {
    if (error instanceof ShreddedDataError) return undefined;
    throw error;
  }
}

export function sealBarcode(sealer: DataSealer | undefined, barcode: StoredBarcode): string {
  return JSON.stringify(sealer ? { sealed: sealer.sealText(JSON.stringify(barcode)) } : barcode);
}

export function openBarcode(sealer: DataSealer | undefined, stored: unknown): StoredBarcode | null {
  if (stored === null || stored === undefined) return null;
  return isSealed(stored) ? (open<StoredBarcode>(sealer, stored) ?? null) : (stored as StoredBarcode);
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
  if (!isSealed(stored)) return stored;
  const { sealed: _sealed, ...kept } = stored;
  return open<Record<string, unknown>>(sealer, stored) ?? kept;
}

/** Merchant metadata: `{}` stays as it is (nothing to hide, and most verifications have none). */
export function sealMetadata(sealer: DataSealer | undefined, metadata: Record<string, unknown>): string {
  if (!sealer || Object.keys(metadata).length === 0) return JSON.stringify(metadata);
  return JSON.stringify({ sealed: sealer.sealText(JSON.stringify(metadata)) });
}

/** Only the one-key shape sealMetadata writes counts as sealed: older metadata may hold a `sealed` key of its own. */
export function openMetadata(
  sealer: DataSealer | undefined,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const sealedByUs = isSealed(stored) && Object.keys(stored).length === 1 && SEALED_TEXT.test(stored.sealed);
  return sealedByUs ? (open<Record<string, unknown>>(sealer, stored) ?? {}) : stored;
}

/** The review note, a text column: sealed it is `k1.…`; a note from before sealing is plain text. */
export function sealNote(sealer: DataSealer | undefined, note: string): string {
  return sealer ? sealer.sealText(JSON.stringify(note)) : note;
}

export function openNote(sealer: DataSealer | undefined, stored: string | null): string | null {
  if (stored === null || !SEALED_TEXT.test(stored)) return stored;
  return open<string>(sealer, { sealed: stored }) ?? null;
}

const KEPT = new Set<string>(AUDIT_DETAIL_KEYS_KEPT);

/**
 * An audit entry's detail: the keys redaction keeps stay readable, everything else (client address,
 * browser, the review note, any key added later) is sealed under `sealed`, which redaction drops.
 */
export function sealAuditDetail(
  sealer: DataSealer | undefined,
  detail: Record<string, unknown>,
): Record<string, unknown> {
  const personal = Object.entries(detail).filter(([key]) => !KEPT.has(key));
  if (!sealer || personal.length === 0) return detail;
  const kept = Object.fromEntries(Object.entries(detail).filter(([key]) => KEPT.has(key)));
  return { ...kept, sealed: sealer.sealText(JSON.stringify(Object.fromEntries(personal))) };
}

export function openAuditDetail(
  sealer: DataSealer | undefined,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  if (!isSealed(stored)) return stored;
  const { sealed: _sealed, ...kept } = stored;
  return { ...kept, ...open<Record<string, unknown>>(sealer, stored) };
}

export function sealIdentity(sealer: DataSealer | undefined, identity: FaceIdentity | null): string {
  if (!identity || !sealer) return JSON.stringify(identity);
  return JSON.stringify({ sealed: sealer.sealText(JSON.stringify(identity)) });
}

export function openIdentity(sealer: DataSealer | undefined, stored: unknown): FaceIdentity | null {
  if (stored === null || stored === undefined) return null;
  return isSealed(stored) ? (open<FaceIdentity>(sealer, stored) ?? null) : (stored as FaceIdentity);
}

/** A check job's input: the client address and browser are sealed, the test outcome (no personal data) is not. */
export function sealCheckJobInput(sealer: DataSealer | undefined, input: CheckJobInput): string {
  if (!sealer) return JSON.stringify(input);
  const { ip, userAgent, ...kept } = input;
  return JSON.stringify({ ...kept, sealed: sealer.sealText(JSON.stringify({ ip, userAgent })) });
}

/** With the key destroyed the job runs without the client's address and browser, as after redaction. */
export function openCheckJobInput(
  sealer: DataSealer | undefined,
  stored: Record<string, unknown>,
): CheckJobInput {
  if (!isSealed(stored)) return stored as CheckJobInput;
  const { sealed: _sealed, ...kept } = stored;
  return {
    ...kept,
    ...(open<Pick<CheckJobInput, 'ip' | 'userAgent'>>(sealer, stored) ?? { ip: '', userAgent: null }),
  };
}

/** A batch of device signals' browser properties (the names and values a browser reported). */
export function sealComponents(sealer: DataSealer | undefined, components: Record<string, string>): string {
  if (!sealer) return JSON.stringify(components);
  return JSON.stringify({ sealed: sealer.sealText(JSON.stringify(components)) });
}

/**
 * A browser may name a component `sealed` itself (rows of earlier releases were never sealed), so only
 * a value that opens counts as sealed; anything else is the browser's own, counted as it is.
 */
export function openComponents(
  sealer: DataSealer | undefined,
  stored: Record<string, string>,
): Record<string, string> {
  if (!sealer || !isSealed(stored) || Object.keys(stored).length !== 1 || !SEALED_TEXT.test(stored.sealed))
    return stored;
  try {
    return JSON.parse(sealer.openText(stored.sealed)) as Record<string, string>;
  } catch (error) {
    return error instanceof ShreddedDataError ? {} : stored;
  }
}
