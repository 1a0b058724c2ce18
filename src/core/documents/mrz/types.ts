/**
 * A passport or identity card's machine-readable zone (ICAO Doc 9303) as the service reads it, and
 * the printed visual zone read beside it. Dates are `YYYY-MM-DD`; a field the reader could not settle
 * is null. `checkDigits` holds one verdict per check digit the format has (null where it has none).
 */
export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export type MrzCheckDigits = {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  /** TD3's personal-number digit; null for TD1 and TD2, whose optional data has none of its own. */
  optionalData: boolean | null;
  composite: boolean | null;
};

export type MrzResult = {
  format: MrzFormat;
  /** `P`, `I`, `ID`, `AC`, `IR`… as printed (a filler `<` removed). */
  documentCode: string;
  /** ISO 3166-1 alpha-3 or one of Doc 9303's own codes (`D`, `GBN`, `UNO`, `XXA`…). */
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  birthDate: string | null;
  sex: 'M' | 'F' | 'X' | null;
  expiryDate: string | null;
  optionalData: string | null;
  checkDigits: MrzCheckDigits;
  /** Every check digit holds. */
  valid: boolean;
  /** The recognizer's confidence in the least certain character it kept, 0..1. */
  confidence: number;
  /**
   * The name field is full to its last position, so the names may be cut short (Doc 9303 truncates
   * long names there): they are compared with the visual zone's as a prefix, never as a mismatch.
   */
  namesTruncated?: boolean;
  /** Characters the reader chose other than the recognizer's first reading, the check digits agreeing. */
  corrections?: number;
  /**
   * The recognizer's confidence in the least sure letter of the names, which no check digit guards:
   * a name read less surely than the mismatch confidence decides nothing against the visual zone.
   */
  nameConfidence?: number;
};

/** One field of the printed visual zone and the reader's confidence in it, 0..1. */
export type VisualZoneField = {
  value: string | null;
  confidence: number;
  /** A numeric date printed without its order (`06/08/1950`): every date it can be, its value first. */
  readings?: string[];
};

export type VisualZoneFields = {
  surname: VisualZoneField;
  givenNames: VisualZoneField;
  birthDate: VisualZoneField;
  documentNumber: VisualZoneField;
  expiryDate: VisualZoneField;
};
