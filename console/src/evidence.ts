/** The evidence panels of one verification, read from `checks`, `doc_checks`, `audit_log` and the media links. */
import type { MediaItem, VerificationDetail } from './api.js';
import { allFields, display, facts, h, humanise, type Child } from './dom.js';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};

function panel(id: string, title: string, ...body: Child[]): HTMLElement {
  return h(
    'section',
    { class: 'panel', id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    ...body,
  );
}

function statusLine(check: Obj): Child {
  if (check.status === 'unavailable')
    return h('p', { class: 'notice fail' }, 'This check could not run; the decision was capped at review.');
  return null;
}

const MEDIA_LABELS: Record<string, string> = {
  document_front: 'Licence front',
  document_back: 'Licence back',
  selfie_frame: 'Selfie frame',
};

/** A passport's or identity card's images are named as such. */
const DOCUMENT_LABELS: Record<string, Record<string, string>> = {
  passport: { document_front: 'Passport photo page' },
  id_card: { document_front: 'Identity card front', document_back: 'Identity card back' },
};

export function mediaPanel(items: MediaItem[] | Error, documentType?: string | null): HTMLElement {
  if (items instanceof Error)
    return panel('media', 'Images', h('p', { class: 'notice fail' }, items.message));
  const figure = (m: MediaItem) => {
    const named = (documentType && DOCUMENT_LABELS[documentType]?.[m.kind]) ?? MEDIA_LABELS[m.kind];
    const label = `${named ?? humanise(m.kind)}${m.kind === 'selfie_frame' ? ` ${m.index + 1}` : ''}`;
    return h(
      'figure',
      { class: `media ${m.kind}` },
      h(
        'a',
        { href: m.url, target: '_blank', rel: 'noopener noreferrer' },
        h('img', { src: m.url, alt: label, loading: 'lazy' }),
      ),
      h('figcaption', {}, label),
    );
  };
  const order = Object.keys(MEDIA_LABELS);
  const sorted = [...items].sort(
    (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.index - b.index,
  );
  const card = sorted.filter((m) => m.kind !== 'selfie_frame');
  const selfie = sorted.filter((m) => m.kind === 'selfie_frame');
  return panel(
    'media',
    'Images',
    items.length === 0 ? h('p', {}, 'No images are stored for this verification.') : null,
    card.length ? h('div', { class: 'gallery card' }, ...card.map(figure)) : null,
    selfie.length ? h('div', { class: 'gallery selfie' }, ...selfie.map(figure)) : null,
  );
}

export function faceMatchPanel(v: VerificationDetail): HTMLElement {
  const check = obj(v.checks.face_match);
  const detail = obj(v.doc_checks.face_match);
  const similarity = check.similarity as number | null | undefined;
  const threshold = check.threshold as number | undefined;
  const below = typeof similarity === 'number' && typeof threshold === 'number' && similarity < threshold;
  const flags = Object.entries(detail).filter(([k]) => /quality|flag/i.test(k));
  return panel(
    'face-match',
    'Portrait vs selfie',
    statusLine(check),
    facts([
      ['Status', check.status],
      [
        'Similarity',
        similarity ?? (check.status === 'ok' ? 'no single face found' : null),
        below || similarity === null ? 'fail' : undefined,
      ],
      ['Threshold', threshold],
      ['Reason', detail.reason ?? detail.error],
      ['Faces on the portrait', detail.portrait_faces],
      ['Selfie frames used', detail.selfie_frames_used],
      ...flags.map(([k, value]): [string, unknown] => [humanise(k), value]),
    ]),
    allFields('All face-match fields', detail),
  );
}

export function livenessPanel(v: VerificationDetail): HTMLElement {
  const check = obj(v.checks.liveness);
  const detail = obj(v.doc_checks.liveness);
  const components = obj(detail.components);
  const score = check.score as number | undefined;
  const threshold = check.threshold as number | undefined;
  const reasons = (detail.reasons as string[] | undefined) ?? [];
  return panel(
    'liveness',
    'Liveness',
    statusLine(check),
    facts([
      ['Status', check.status],
      [
        'Score',
        score,
        typeof score === 'number' && typeof threshold === 'number' && score < threshold ? 'fail' : undefined,
      ],
      ['Threshold', threshold],
      ...Object.entries(components).map(([k, value]): [string, unknown] => [`Component: ${k}`, value]),
      ['Frames used', detail.frames_used ?? detail.frames],
      ['Notes', reasons.length ? reasons : detail.error, reasons.length ? 'fail' : undefined],
    ]),
    allFields('All liveness fields', detail),
  );
}

/**
 * A passport's or ID card's machine-readable zone as read: the person it names, its check digits, and
 * a reminder that a read that holds is not a read chip.
 */
function mrzPanel(v: VerificationDetail, detail: Obj): HTMLElement {
  const mrz = obj(detail.mrz);
  const digits = obj(mrz.check_digits);
  const failing = new Set(v.decision_reasons);
  const failedDigits = Object.entries(digits)
    .filter(([, holds]) => holds === false)
    .map(([name]) => humanise(name));
  return panel(
    'licence',
    detail.document_type === 'passport' ? 'Passport fields' : 'Identity card fields',
    facts([
      [
        'Machine-readable zone',
        mrz.status === 'read'
          ? `read (${display(mrz.format)}, on the ${display(detail.mrz_side)})`
          : `${display(mrz.status)}${mrz.reason || mrz.error ? `: ${display(mrz.reason ?? mrz.error)}` : ''}`,
        mrz.status === 'read' ? undefined : 'fail',
      ],
      ['Surname', mrz.surname],
      ['Given names', mrz.given_names],
      ['Date of birth', mrz.birth_date],
      ['Sex', mrz.sex],
      ['Document number', mrz.document_number],
      ['Issuing state', mrz.issuing_state],
      ['Nationality', mrz.nationality],
      ['Expires', mrz.expiry_date, detail.expired === true ? 'fail' : undefined],
      [
        'Check digits',
        mrz.status === 'read'
          ? failedDigits.length
            ? `failing: ${failedDigits.join(', ')}`
            : 'all hold'
          : null,
        failing.has('mrz_check_digit_failed') ? 'fail' : undefined,
      ],
      [
        'Chip',
        'not read (a browser cannot): check digits prove a correct read, not a genuine document',
        failing.has('document_chip_not_read') ? 'fail' : undefined,
      ],
    ]),
    allFields('All document fields', detail),
  );
}

export function licencePanel(v: VerificationDetail): HTMLElement {
  const detail = obj(v.doc_checks.document);
  if ('mrz' in detail) return mrzPanel(v, detail);
  const identity = obj(detail.identity);
  const doc = obj(detail.document);
  const address = obj(doc.address);
  const parse = obj(detail.parse);
  const licenceNumber = obj(detail.license_number);
  const missing = (detail.missing_elements as string[] | undefined) ?? [];
  const failing = new Set(v.decision_reasons);
  return panel(
    'licence',
    'Licence fields',
    facts([
      [
        'Barcode parsed',
        parse.ok === undefined ? null : parse.ok ? 'yes' : `no: ${display(parse.message ?? parse.error)}`,
        parse.ok === false ? 'fail' : undefined,
      ],
      ['Last name', identity.last_name],
      ['First name', identity.first_name],
      ['Middle name', identity.middle_name],
      ['Date of birth', identity.dob],
      ['Document', [doc.type, doc.jurisdiction_name ?? doc.jurisdiction].filter(Boolean).join(', ') || null],
      ['Licence number', doc.license_number],
      [
        'Licence number check',
        licenceNumber.status
          ? `${display(licenceNumber.status)}${licenceNumber.reason ? `: ${display(licenceNumber.reason)}` : ''}`
          : null,
        failing.has('license_number_recompute_failed') ? 'fail' : undefined,
      ],
      ['Issued', doc.issue_date],
      ['Expires', doc.expiry, detail.expired === true ? 'fail' : undefined],
      [
        'Address',
        [address.street1, address.street2, address.city, address.jurisdiction_code, address.postal_code]
          .filter(Boolean)
          .join(', ') || null,
      ],
      ['Missing elements', missing, missing.length ? 'fail' : undefined],
      ['Barcode source', detail.decode_source],
    ]),
    allFields('All document fields', detail),
  );
}

export function sanctionsPanel(v: VerificationDetail): HTMLElement {
  const check = obj(v.checks.sanctions);
  const detail = obj(v.doc_checks.sanctions);
  const matches = (detail.matches as Obj[] | undefined) ?? [];
  const table = matches.length
    ? h(
        'div',
        { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': 'Sanctions matches' },
        h(
          'table',
          {},
          h('caption', {}, 'Matched SDN entries'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Entry', 'Listed name', 'Matched name', 'Type', 'Programs', 'Score'].map((c) =>
                h('th', { scope: 'col' }, c),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            ...matches.map((m) =>
              h(
                'tr',
                { class: 'fail' },
                ...[m.uid, m.name, m.matched_name, m.type, m.programs, m.score].map((c) =>
                  h('td', {}, display(c)),
                ),
              ),
            ),
          ),
        ),
      )
    : null;
  return panel(
    'sanctions',
    'Sanctions screening',
    statusLine(check),
    facts([
      [
        'Outcome',
        check.outcome ?? check.status,
        check.outcome === 'match' || check.outcome === 'possible_match' ? 'fail' : undefined,
      ],
      ['Score', check.score],
      ['List version', detail.list_version],
      ['Error', detail.error],
    ]),
    table ?? (check.status === 'ok' ? h('p', {}, 'No entry on the list matched.') : null),
  );
}

export function duplicatesPanel(v: VerificationDetail): HTMLElement {
  const detail = obj(v.doc_checks.face_dedupe);
  const nearest = obj(detail.nearest);
  const listed = obj(detail.listed);
  const reason = String(detail.reason ?? obj(v.checks.face_dedupe).reason ?? 'unknown');
  const nearestId = typeof nearest.verification_id === 'string' ? nearest.verification_id : null;
  return panel(
    'duplicates',
    'Duplicate faces',
    facts([
      [
        'Result',
        reason,
        reason === 'face_seen_before' ||
        reason === 'face_duplicate_different_identity' ||
        reason === 'unavailable'
          ? 'fail'
          : undefined,
      ],
      [
        'Nearest earlier face',
        nearestId
          ? h('a', { href: `#/verifications/${nearestId}` }, `verification ${nearestId.slice(0, 8)}…`)
          : Object.keys(nearest).length
            ? 'another merchant’s verification'
            : 'none',
      ],
      ['Similarity', nearest.similarity],
      ['Threshold', detail.threshold],
      [
        'Blocklist entry',
        Object.keys(listed).length
          ? `#${display(listed.entry_id)} (similarity ${display(listed.similarity)})`
          : 'none',
      ],
      ['Not searched because', detail.skipped_because],
    ]),
    allFields('All duplicate-search fields', detail),
  );
}

export function signalsPanel(v: VerificationDetail): HTMLElement {
  const signals = obj(v.checks.signals);
  return panel(
    'signals',
    'Device signals',
    facts(
      Object.entries(signals)
        .filter(([, value]) => typeof value !== 'object' || value === null)
        .map(([k, value]): [string, unknown] => [humanise(k), value]),
    ),
    allFields('All signal fields', signals),
  );
}
