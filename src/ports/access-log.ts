/** The fields of a request's access line; nothing that can carry a key, token or personal data. */
export type AccessLine = { reqId: string; method: string; route: string; status: number; ms: number };

/** Writes one access line per request, at the info level. */
export type AccessLog = (line: AccessLine) => void;
