import type { StoredBarcode } from '../core/checks.js';
import {
  checkDocument as checkLicence,
  type DocumentCheckRun,
  type ServerBarcodeDecode,
} from '../core/documents/check-document.js';
import type { Identity } from './identity.js';

function serverDecodeOf(barcode: StoredBarcode): ServerBarcodeDecode {
  if (barcode.server_status === 'ok' && barcode.server_text !== null)
    return { status: 'ok', text: barcode.server_text };
  if (barcode.server_status === 'unavailable')
    return { status: 'unavailable', error: barcode.server_error ?? 'decoder unavailable' };
  return { status: 'not_found' };
}

/** The licence's AAMVA checks, and the person it names for the checks downstream. */
export function checkDocument(
  barcode: StoredBarcode,
  today: Date,
): { result: DocumentCheckRun; identity: Identity | null } {
  const result = checkLicence({
    server: serverDecodeOf(barcode),
    browserBarcode: barcode.browser_text,
    today,
  });
  const parsed = result.detail.identity;
  const identity: Identity | null = parsed
    ? {
        firstName: parsed.firstName,
        middleName: parsed.middleName,
        lastName: parsed.lastName,
        dob: parsed.dob,
      }
    : null;
  return { result, identity };
}
