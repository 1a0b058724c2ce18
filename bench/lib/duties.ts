/** The per-request duties every API read carries, in the order the duty ladder adds them. */
export const DUTIES = [
  'request id',
  'security headers',
  'CORS check',
  'API-key check',
  'access line (default level)',
  'request metric',
] as const;
