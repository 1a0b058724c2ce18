import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ApiError, validationError, type ErrorCode, type ValidationIssue } from '../core/errors.js';
import { findUnstorableText } from '../core/text/storable-text.js';

const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function issueType(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && input === undefined) return 'missing';
  if (issue.code === 'too_small')
    return issue.origin === 'string' ? 'string_too_short' : `${issue.origin}_too_small`;
  if (issue.code === 'too_big')
    return issue.origin === 'string' ? 'string_too_long' : `${issue.origin}_too_big`;
  return issue.code;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function toValidationIssues(error: z.core.$ZodError, part: string, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const missing = issue.code === 'invalid_type' && value === undefined;
    return {
      loc: [part, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      msg: missing ? 'field required' : issue.message,
      type: issueType(issue, value),
    };
  });
}

/**
 * Validates with the route's zod schema and reports failures in the error envelope (docs/errors.md): a 422 whose
 * `detail` is an array of `{loc, msg, type}` with loc like `["body", "label"]`. Text the database
 * cannot store (NUL, unpaired surrogates) is refused the same way, after the schema has run, so a
 * field whose schema escapes such characters (a barcode's text) keeps its content.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = partNames[httpPart ?? 'body'] ?? httpPart ?? 'body';
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) {
      const unstorable = findUnstorableText(result.data);
      if (unstorable.length === 0) return { value: result.data };
      return {
        error: validationError(
          unstorable.map((path) => ({
            loc: [part, ...path],
            msg: 'must not contain NUL characters or unpaired UTF-16 surrogates',
            type: 'invalid_characters',
          })),
        ),
      };
    }
    if (part === 'body' && (data === undefined || data === null)) {
      return {
        error: validationError([{ loc: ['body'], msg: 'request body is required', type: 'missing' }]),
      };
    }
    return { error: validationError(toValidationIssues(result.error, part, data)) };
  };
};

/** A row id as the API writes it: a positive integer without leading zeros, at most 16 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * A row id from the path. A malformed one names no row the caller may reach, so it is the same 404
 * (`notFound`) as another account's or a missing one.
 */
export function parseId(raw: string, notFound: ErrorCode): number {
  const id = ID_PATTERN.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError(notFound);
  return id;
}
