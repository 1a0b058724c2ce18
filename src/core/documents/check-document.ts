import type { DocumentCheckDetail, DocumentCheckResult } from '../checks.js';
import type { DocumentReasonCode } from '../verifications/reason-codes.js';
import { parseAamva } from './aamva/parse.js';
import { checkLicenseNumber } from './license-number.js';

/**
 * The document check: which barcode text to trust, then the AAMVA payload's verdicts.
 *
 * Source rules (docs/documents.md):
 * - the server's own decode of the uploaded image wins whenever it found a barcode;
 * - server decoder unavailable (wasm not loaded, crash, time budget spent) and a browser string
 *   exists: the browser string is used and `server_barcode_decode_unavailable` (neutral) is noted;
 * - server looked and found no barcode, browser string exists: the browser string is used, and
 *   the detail says the image did not confirm it. Rejecting it would buy no safety: whoever can
 *   forge the string can as easily render it as a PDF417 onto the image the server reads, so the
 *   server's read is no proof of authenticity either, while honest users whose photo the server
 *   could not read would be sent back to retake it;
 * - no text from either side: nothing to check, and the HTTP layer answers 422 so the user
 *   retakes the photo (barcodeRetakeRequired).
 */

export type ServerBarcodeDecode =
  | { status: 'ok'; text: string; strategy?: string; durationMs?: number }
  | { status: 'not_found'; durationMs?: number }
  | { status: 'unavailable'; error: string };

export type CheckDocumentInput = {
  server: ServerBarcodeDecode;
  /** The hosted flow's own decode, sent as `barcode`; blank counts as absent. */
  browserBarcode?: string | null;
  /** The server's clock: expiry is judged on the server's current date (UTC). */
  today: Date;
};

export type BarcodeSource =
  | { kind: 'server'; text: string; browserAgrees: boolean | null }
  | { kind: 'browser'; text: string; serverStatus: 'not_found' | 'unavailable' }
  | { kind: 'none'; reason: 'no_barcode_found' | 'server_unavailable_and_no_browser_string' };

function usableBrowserString(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function chooseBarcodeSource(
  input: Pick<CheckDocumentInput, 'server' | 'browserBarcode'>,
): BarcodeSource {
  const browser = usableBrowserString(input.browserBarcode);
  const { server } = input;
  if (server.status === 'ok')
    return {
      kind: 'server',
      text: server.text,
      browserAgrees: browser === null ? null : browser === server.text,
    };
  if (browser !== null) return { kind: 'browser', text: browser, serverStatus: server.status };
  return {
    kind: 'none',
    reason: server.status === 'unavailable' ? 'server_unavailable_and_no_browser_string' : 'no_barcode_found',
  };
}

/**
 * True when neither the server nor the browser produced any barcode text: the HTTP layer answers
 * 422 and the user retakes the photo. Text that is not AAMVA is not a retake; it is
 * the decision reason `barcode_parse_failed`.
 */
export function barcodeRetakeRequired(input: Pick<CheckDocumentInput, 'server' | 'browserBarcode'>): boolean {
  return chooseBarcodeSource(input).kind === 'none';
}

function serverDetail(server: ServerBarcodeDecode): DocumentCheckDetail['serverDecode'] {
  if (server.status === 'unavailable') return { status: server.status, error: server.error };
  return {
    status: server.status,
    ...(server.status === 'ok' && server.strategy !== undefined ? { strategy: server.strategy } : {}),
    ...(server.durationMs !== undefined ? { durationMs: server.durationMs } : {}),
  };
}

export function isoDateUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The document check as it ran on a barcode: its detail is always the full one. */
export type DocumentCheckRun = DocumentCheckResult & { detail: DocumentCheckDetail };

export function checkDocument(input: CheckDocumentInput): DocumentCheckRun {
  const source = chooseBarcodeSource(input);
  const detail: DocumentCheckDetail = {
    decodeSource: source.kind === 'none' ? null : source.kind,
    serverDecode: serverDetail(input.server),
    browserBarcode:
      source.kind === 'server'
        ? source.browserAgrees === null
          ? 'absent'
          : source.browserAgrees
            ? 'agrees_with_server'
            : 'disagrees_with_server'
        : source.kind === 'browser'
          ? 'used'
          : 'absent',
    parse: { ok: false, error: 'no_barcode', message: 'no barcode text from the server or the browser' },
    identity: null,
    document: null,
    missingElements: [],
    expired: null,
    licenseNumber: null,
  };
  if (source.kind === 'none') return { status: 'ok', reasons: ['barcode_parse_failed'], detail };

  const parsed = parseAamva(source.text);
  if (!parsed.ok) {
    // Exclusive: an unparseable payload yields no other document reason (README of the test data).
    detail.parse = { ok: false, error: parsed.error, message: parsed.message };
    return { status: 'ok', reasons: ['barcode_parse_failed'], detail };
  }
  const document = parsed.document;
  detail.parse = { ok: true, tolerated: document.tolerated };
  detail.identity = {
    lastName: document.lastName,
    firstName: document.firstName,
    middleName: document.middleName,
    nameSuffix: document.nameSuffix,
    dob: document.dob,
    sex: document.sex,
  };
  detail.document = {
    type: document.documentType,
    jurisdiction: document.jurisdiction,
    jurisdictionName: document.jurisdictionName,
    country: document.country,
    iin: document.iin,
    aamvaVersion: document.aamvaVersion,
    jurisdictionVersion: document.jurisdictionVersion,
    licenseNumber: document.licenseNumber,
    issueDate: document.issueDate,
    expiry: document.expiry,
    address: document.address,
    truncation: document.truncation,
  };
  detail.missingElements = document.missingMandatory;
  detail.expired = document.expiry === null ? null : document.expiry < isoDateUtc(input.today);
  detail.licenseNumber = checkLicenseNumber(document);

  const reasons: DocumentReasonCode[] = [];
  if (document.missingMandatory.length > 0) reasons.push('mandatory_elements_missing');
  if (detail.expired) reasons.push('document_expired');
  if (detail.licenseNumber.status === 'mismatch') reasons.push('license_number_recompute_failed');
  if (source.kind === 'browser' && source.serverStatus === 'unavailable')
    reasons.push('server_barcode_decode_unavailable');
  return { status: 'ok', reasons, detail };
}
