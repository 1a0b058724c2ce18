import type { SubfileType } from './elements.js';

export type Sex = 'M' | 'F' | 'X';

/** DDE/DDF/DDG: T = truncated, N = not truncated, U = unknown. */
export type TruncationFlag = 'T' | 'N' | 'U';

export type SubfileDesignator = {
  type: string;
  /** Declared offset from the compliance indicator; null when not numeric (Alberta writes letters). */
  offset: number | null;
  /** Declared length; null when not numeric. */
  length: number | null;
};

/** Deviations from the standard layout that were accepted; reported so a reviewer can see them. */
export type ToleratedDeviation =
  | 'leading_bytes'
  | 'c1_control_characters'
  | 'crlf_line_endings'
  | 'nonstandard_separators'
  | 'missing_record_separator'
  | 'file_type_AAMVA'
  | 'offset_mismatch'
  | 'subfile_type_marker_omitted'
  | 'segment_terminator_missing'
  | 'length_mismatch'
  | 'date_format_fallback';

export type AamvaAddress = {
  street1: string | null;
  street2: string | null;
  city: string | null;
  /** DAJ as written on the card; the issuing jurisdiction comes from the IIN instead. */
  jurisdictionCode: string | null;
  postalCode: string | null;
};

export type AamvaDocument = {
  fileType: 'ANSI' | 'AAMVA';
  iin: string;
  /** Postal code of the issuer, from the IIN table; null for an unknown IIN. */
  jurisdiction: string | null;
  jurisdictionName: string | null;
  /** DCG (v02+) when it says USA or CAN, otherwise the IIN's country. */
  country: string | null;
  aamvaVersion: number;
  /** Absent from the v01 header. */
  jurisdictionVersion: number | null;
  subfiles: SubfileDesignator[];
  documentType: SubfileType;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  nameSuffix: string | null;
  /** ISO dates (YYYY-MM-DD). */
  dob: string | null;
  expiry: string | null;
  issueDate: string | null;
  sex: Sex | null;
  /** DAQ, trimmed. */
  licenseNumber: string | null;
  address: AamvaAddress;
  truncation: {
    lastName: TruncationFlag | null;
    firstName: TruncationFlag | null;
    middleName: TruncationFlag | null;
  };
  /** Mandatory elements (for this version and subfile type) that are absent. */
  missingMandatory: string[];
  /** Every element of the DL/ID subfile, value trimmed; the first occurrence wins. */
  elements: Record<string, string>;
  tolerated: ToleratedDeviation[];
};

export type AamvaParseError =
  | 'not_text'
  | 'empty'
  | 'no_compliance_indicator'
  | 'no_file_type'
  | 'header_truncated'
  | 'invalid_iin'
  | 'invalid_version'
  | 'invalid_jurisdiction_version'
  | 'invalid_entry_count'
  | 'designators_truncated'
  | 'no_dl_or_id_subfile'
  | 'subfile_not_found'
  | 'subfile_truncated'
  | 'internal_error';

export type AamvaParseResult =
  { ok: true; document: AamvaDocument } | { ok: false; error: AamvaParseError; message: string };
