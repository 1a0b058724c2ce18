import { parseAamvaDate, preferredDateOrder } from './dates.js';
import { mandatoryElements, type SubfileType } from './elements.js';
import { IIN_TABLE } from './iin-table.js';
import { extractName } from './names.js';
import type {
  AamvaDocument,
  AamvaParseError,
  AamvaParseResult,
  Sex,
  SubfileDesignator,
  ToleratedDeviation,
  TruncationFlag,
} from './types.js';

/**
 * AAMVA CDS (DL/ID card design standard) PDF417 payload parser. Pure and total: any input, even
 * a non-string, gives a typed record or a typed failure, never an exception.
 *
 * Real cards and scanners bend the layout, so the parser is lenient where the README of the test
 * data lists a tolerated variant (junk before `@`, C1 control noise, CR read as LF, CRLF, a lost
 * record separator, wrong or non-numeric offsets, an omitted `DL` marker, trailing bytes) and strict
 * where the payload stops being AAMVA (no `@`, no file type, a malformed header, no DL/ID subfile,
 * a subfile cut to less than half its declared length).
 */

/** Header junk tolerated before `@` (keyboard-wedge prefixes, a BOM, whitespace). */
const maxLeadingBytes = 256;
/** The three separators normally sit between `@` and the file type; allow for doubled or mangled ones. */
const maxSeparatorZone = 8;
/** A subfile counts as cut short when less than this share of its declared length is present. */
const truncatedShare = 0.5;

function fail(error: AamvaParseError, message: string): AamvaParseResult {
  return { ok: false, error, message };
}

/**
 * Removes C1 controls (U+0080-U+009F) that some scanners insert (Symbol DS4308), including the
 * UTF-8 encoding of one read as Latin-1 (0xC2 followed by 0x80-0x9F).
 */
function stripC1(text: string): string {
  return text.replace(/\u00c2[\u0080-\u009f]/g, '').replace(/[\u0080-\u009f]/g, '');
}

type Anchor = { at: number; fileTypeAt: number; fileType: 'ANSI' | 'AAMVA' };

function findAnchor(text: string): Anchor | AamvaParseError {
  let sawAt = false;
  for (let at = text.indexOf('@'); at !== -1 && at <= maxLeadingBytes; at = text.indexOf('@', at + 1)) {
    sawAt = true;
    const window = text.slice(at + 1, at + 1 + maxSeparatorZone + 5);
    const match = /ANSI |AAMVA/.exec(window);
    if (match)
      return { at, fileTypeAt: at + 1 + match.index, fileType: match[0] === 'AAMVA' ? 'AAMVA' : 'ANSI' };
  }
  return sawAt ? 'no_file_type' : 'no_compliance_indicator';
}

type Separators = { element: string; segment: string };

function readSeparators(zone: string, tolerated: Set<ToleratedDeviation>): Separators {
  if (zone.length === 3 && !/[\p{L}\p{N} ]/u.test(zone)) {
    if (zone !== '\n\u001e\r') tolerated.add('nonstandard_separators');
    return { element: zone[0]!, segment: zone[2]! };
  }
  if (zone === '\n\r') tolerated.add('missing_record_separator');
  else tolerated.add('nonstandard_separators');
  return { element: '\n', segment: '\r' };
}

function digits(text: string, from: number, count: number): number | null {
  const part = text.slice(from, from + count);
  return part.length === count && /^\d+$/.test(part) ? Number(part) : null;
}

const firstElementPattern = /^[^A-Za-z0-9]?[A-Z]{3}/;

/** Where the DL/ID subfile data starts, trying the declared offset first (see the README's offset quirks). */
function locateSubfile(
  text: string,
  base: number,
  designator: SubfileDesignator,
  designatorsEnd: number,
): { start: number; marker: boolean; deviation: ToleratedDeviation | null } | null {
  const type = designator.type;
  // The marker is followed by the first element ID, or (CO 2013) by a separator and then the ID.
  const hasMarkerAt = (position: number): boolean =>
    position >= designatorsEnd &&
    text.startsWith(type, position) &&
    firstElementPattern.test(text.slice(position + 2, position + 6));
  const declared = designator.offset === null ? null : base + designator.offset;
  if (declared !== null && hasMarkerAt(declared)) return { start: declared, marker: true, deviation: null };
  const nearby = declared === null ? [designatorsEnd] : [declared - 1, declared + 1, designatorsEnd];
  for (const position of nearby) {
    if (hasMarkerAt(position)) return { start: position, marker: true, deviation: 'offset_mismatch' };
  }
  // CT v01, WV and WY samples start the subfile directly with its first element.
  for (const position of declared === null ? [designatorsEnd] : [declared, designatorsEnd]) {
    if (position >= designatorsEnd && /^D[A-Z]{2}/.test(text.slice(position, position + 3))) {
      return { start: position, marker: false, deviation: 'subfile_type_marker_omitted' };
    }
  }
  for (let at = text.indexOf(type, designatorsEnd); at !== -1; at = text.indexOf(type, at + 1)) {
    if (hasMarkerAt(at)) return { start: at, marker: true, deviation: 'offset_mismatch' };
  }
  return null;
}

function readElements(body: string, separators: Separators): Record<string, string> {
  const splitter = new Set(['\n', '\r', separators.element, separators.segment]);
  const lines: string[] = [];
  let current = '';
  for (const ch of body) {
    if (splitter.has(ch)) {
      lines.push(current);
      current = '';
    } else current += ch;
  }
  lines.push(current);
  const elements: Record<string, string> = {};
  for (const [index, line] of lines.entries()) {
    // A line starting with Z is a jurisdiction subfile whose segment terminator was lost
    // (CR read as LF, CRLF, pipes): DL/ID subfiles hold no Z elements.
    if (index > 0 && line.startsWith('Z')) break;
    if (line.length < 3) continue;
    const id = line.slice(0, 3);
    if (!Object.hasOwn(elements, id)) elements[id] = line.slice(3).trim();
  }
  return elements;
}

function readSex(value: string | undefined): Sex | null {
  switch (value?.trim().toUpperCase()) {
    case '1':
    case 'M':
      return 'M';
    case '2':
    case 'F':
      return 'F';
    case '9':
    case 'X':
      return 'X';
    default:
      return null;
  }
}

function readTruncation(value: string | undefined): TruncationFlag | null {
  const flag = value?.trim().toUpperCase();
  return flag === 'T' || flag === 'N' || flag === 'U' ? flag : null;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

function parseText(input: string): AamvaParseResult {
  if (input.length === 0) return fail('empty', 'the payload is empty');
  const tolerated = new Set<ToleratedDeviation>();
  let text = stripC1(input);
  if (text !== input) tolerated.add('c1_control_characters');

  const anchor = findAnchor(text);
  if (typeof anchor === 'string') {
    return fail(
      anchor,
      anchor === 'no_file_type' ? 'no "ANSI " or "AAMVA" file type after "@"' : 'no "@" compliance indicator',
    );
  }
  if (anchor.at > 0) tolerated.add('leading_bytes');
  let zone = text.slice(anchor.at + 1, anchor.fileTypeAt);
  let fileTypeAt = anchor.fileTypeAt;
  if (zone.includes('\r\n')) {
    // Windows text: every CR and LF became CRLF. Collapsing them restores the original offsets;
    // the segment terminator is then indistinguishable from the element separator.
    tolerated.add('crlf_line_endings');
    const head = text.slice(0, anchor.at + 1);
    zone = zone.replace(/\r\n/g, '\n');
    text = head + zone + text.slice(anchor.fileTypeAt).replace(/\r\n/g, '\n');
    fileTypeAt = head.length + zone.length;
  }
  const separators = readSeparators(zone, tolerated);
  if (anchor.fileType === 'AAMVA') tolerated.add('file_type_AAMVA');
  // Offsets count from the `@` of a standard 4-byte preamble; anchoring on the file type keeps them
  // right when the separators were mangled into more or fewer bytes.
  const base = fileTypeAt - 4;

  let position = fileTypeAt + 5;
  const iinText = text.slice(position, position + 6);
  if (iinText.length < 6) return fail('header_truncated', 'the header ends inside the IIN');
  if (!/^\d{6}$/.test(iinText)) return fail('invalid_iin', `IIN ${JSON.stringify(iinText)} is not 6 digits`);
  position += 6;
  if (text.length < position + 2) return fail('header_truncated', 'the header ends before the AAMVA version');
  const aamvaVersion = digits(text, position, 2);
  if (aamvaVersion === null || aamvaVersion < 1 || aamvaVersion > 10) {
    return fail(
      'invalid_version',
      `AAMVA version ${JSON.stringify(text.slice(position, position + 2))} is not 01-10`,
    );
  }
  position += 2;
  let jurisdictionVersion: number | null = null;
  if (aamvaVersion >= 2) {
    if (text.length < position + 2)
      return fail('header_truncated', 'the header ends before the jurisdiction version');
    jurisdictionVersion = digits(text, position, 2);
    if (jurisdictionVersion === null) {
      return fail(
        'invalid_jurisdiction_version',
        `jurisdiction version ${JSON.stringify(text.slice(position, position + 2))} is not numeric`,
      );
    }
    position += 2;
  }
  if (text.length < position + 2)
    return fail('header_truncated', 'the header ends before the number of entries');
  const entries = digits(text, position, 2);
  if (entries === null || entries === 0) {
    return fail(
      'invalid_entry_count',
      `number of entries ${JSON.stringify(text.slice(position, position + 2))} is not 01-99`,
    );
  }
  position += 2;

  const subfiles: SubfileDesignator[] = [];
  for (let i = 0; i < entries; i++, position += 10) {
    if (text.length < position + 10)
      return fail('designators_truncated', `subfile designator ${i + 1} of ${entries} is cut short`);
    subfiles.push({
      type: text.slice(position, position + 2),
      offset: digits(text, position + 2, 4),
      length: digits(text, position + 6, 4),
    });
  }
  const designatorsEnd = position;
  const designator = subfiles.find((s) => s.type === 'DL' || s.type === 'ID');
  if (!designator)
    return fail('no_dl_or_id_subfile', `no DL or ID subfile among ${subfiles.map((s) => s.type).join(', ')}`);
  const documentType = designator.type as SubfileType;

  const located = locateSubfile(text, base, designator, designatorsEnd);
  if (!located) {
    return fail(
      'subfile_not_found',
      `the ${documentType} subfile is neither at its declared offset nor after the designators`,
    );
  }
  if (located.deviation) tolerated.add(located.deviation);
  const bodyStart = located.start + (located.marker ? 2 : 0);
  const ambiguousTerminator = separators.segment === separators.element;
  const terminatorAt = ambiguousTerminator ? -1 : text.indexOf(separators.segment, bodyStart);
  const present = text.length - located.start;
  if (terminatorAt === -1 && designator.length !== null && present < designator.length * truncatedShare) {
    return fail(
      'subfile_truncated',
      `only ${present} of the ${documentType} subfile's declared ${designator.length} bytes are present`,
    );
  }
  if (terminatorAt === -1 && !ambiguousTerminator) tolerated.add('segment_terminator_missing');
  const bodyEnd = terminatorAt === -1 ? text.length : terminatorAt;
  if (
    terminatorAt !== -1 &&
    designator.length !== null &&
    terminatorAt + 1 - located.start !== designator.length
  ) {
    tolerated.add('length_mismatch');
  }

  const elements = readElements(text.slice(bodyStart, bodyEnd), separators);
  const iinEntry = Object.hasOwn(IIN_TABLE, iinText) ? IIN_TABLE[iinText] : undefined;
  const dcg = elements.DCG?.toUpperCase();
  const country = aamvaVersion >= 2 && (dcg === 'USA' || dcg === 'CAN') ? dcg : (iinEntry?.country ?? null);
  const order = preferredDateOrder(aamvaVersion, country);
  const date = (id: string): string | null => {
    const value = elements[id];
    if (value === undefined) return null;
    const parsed = parseAamvaDate(value, order);
    if (parsed?.fallback) tolerated.add('date_format_fallback');
    return parsed?.iso ?? null;
  };
  const name = extractName(aamvaVersion, elements);

  const document: AamvaDocument = {
    fileType: anchor.fileType,
    iin: iinText,
    jurisdiction: iinEntry?.code ?? null,
    jurisdictionName: iinEntry?.name ?? null,
    country,
    aamvaVersion,
    jurisdictionVersion,
    subfiles,
    documentType,
    lastName: name.lastName,
    firstName: name.firstName,
    middleName: name.middleName,
    nameSuffix: name.suffix,
    dob: date('DBB'),
    expiry: date('DBA'),
    issueDate: date('DBD'),
    sex: readSex(elements.DBC),
    licenseNumber: nonEmpty(elements.DAQ),
    address: {
      street1: nonEmpty(elements.DAG),
      street2: nonEmpty(elements.DAH),
      city: nonEmpty(elements.DAI),
      jurisdictionCode: nonEmpty(elements.DAJ),
      postalCode: nonEmpty(elements.DAK),
    },
    truncation: {
      lastName: readTruncation(elements.DDE),
      firstName: readTruncation(elements.DDF),
      middleName: readTruncation(elements.DDG),
    },
    missingMandatory: mandatoryElements(aamvaVersion, documentType).filter(
      (id) => !Object.hasOwn(elements, id),
    ),
    elements,
    tolerated: [...tolerated],
  };
  return { ok: true, document };
}

/**
 * Parses an AAMVA payload. A string is taken as decoded text (one character per byte, as zxing
 * returns it in Latin-1); bytes are read as Latin-1.
 */
export function parseAamva(input: unknown): AamvaParseResult {
  try {
    if (typeof input === 'string') return parseText(input);
    if (input instanceof Uint8Array) return parseText(latin1(input));
    return fail('not_text', 'the payload is neither a string nor bytes');
  } catch (error) {
    // Nothing above is known to throw (the property tests check that this code never appears);
    // the guard keeps the "never throws" promise should a future change introduce a bug.
    return fail(
      'internal_error',
      `the parser failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}
