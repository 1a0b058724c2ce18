/**
 * TEMPORARY STAND-IN for the MRZ check, which lands with the MRZ reader: it maps the reader's outcome
 * as plainly as it can (no visual-zone comparison) so the wiring around it can be built and tested.
 * Replace this file whole; everything else (decision, storage, screening) lives outside it.
 */
import type { DocumentIdentity, MrzCheckDetail, MrzReason } from '../core/checks.js';
import { isoDateUtc } from '../core/documents/check-document.js';
import type { MrzReader } from '../ports/check-engines.js';

export async function checkMrzDocument(
  reader: MrzReader | null,
  image: Buffer | null,
  today: Date,
): Promise<{ reasons: MrzReason[]; detail: MrzCheckDetail; identity: DocumentIdentity | null }> {
  if (!reader)
    return { reasons: [], detail: { status: 'not_compared', reason: 'ml_disabled' }, identity: null };
  if (!image)
    return { reasons: [], detail: { status: 'not_compared', reason: 'no_document_image' }, identity: null };
  const read = await reader.readMrz(image);
  if (read.status === 'unavailable')
    return { reasons: [], detail: { status: 'unavailable', error: read.error }, identity: null };
  if (read.status === 'invalid_image')
    return {
      reasons: ['mrz_unreadable'],
      detail: { status: 'unreadable', reason: `image not decodable: ${read.error}` },
      identity: null,
    };
  if (read.status === 'not_found')
    return {
      reasons: ['mrz_unreadable'],
      detail: { status: 'unreadable', reason: 'no machine-readable zone found' },
      identity: null,
    };
  const { mrz } = read;
  const reasons: MrzReason[] = [];
  if (!mrz.valid) reasons.push('mrz_check_digit_failed');
  if (mrz.expiryDate !== null && mrz.expiryDate < isoDateUtc(today)) reasons.push('document_expired');
  const [firstName = null, ...middle] = mrz.givenNames.split(' ').filter(Boolean);
  return {
    reasons,
    detail: { status: 'read', ...mrz, models: read.models, durationMs: Math.round(read.durationMs) },
    identity: {
      lastName: mrz.surname || null,
      firstName,
      middleName: middle.length > 0 ? middle.join(' ') : null,
      nameSuffix: null,
      dob: mrz.birthDate,
      sex: mrz.sex,
    },
  };
}
