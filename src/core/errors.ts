/**
 * The one registry of API errors: every error the service returns leaves as
 * `{"detail": message}` with the status below. docs/errors.md lists the same codes,
 * and a test keeps the two in step.
 */
export const ERRORS = {
  bad_request: { status: 400, message: 'malformed request' },
  invalid_json: { status: 400, message: 'request body is not valid JSON' },
  json_too_deep: { status: 400, message: 'request body nests deeper than {max} levels' },
  idempotency_key_invalid: { status: 400, message: '{problem}' },
  invalid_api_key: { status: 401, message: 'invalid API key' },
  invalid_client_token: { status: 401, message: 'invalid or expired client token' },
  sign_in_required: { status: 401, message: 'sign in required' },
  passkey_not_verified: { status: 401, message: 'the passkey could not be verified' },
  sso_failed: { status: 401, message: 'single sign-on failed' },
  missing_scope: { status: 403, message: 'missing scope: {scope}' },
  csrf_token_invalid: { status: 403, message: 'missing or invalid CSRF token' },
  role_required: { status: 403, message: 'this needs the {role} role' },
  sso_domain_not_allowed: { status: 403, message: 'this email domain may not sign in to this account' },
  sso_not_allowed: {
    status: 403,
    message:
      'single sign-on is not allowed for this member: sign in with a passkey, or ask an admin to allow it',
  },
  test_key_cannot_create_live_key: { status: 403, message: 'a test key can create only test keys' },
  publishable_key_mismatch: { status: 403, message: 'publishable key does not match this verification' },
  origin_not_allowed: {
    status: 403,
    message:
      "{field} is not allowed: {origin} is not among the allowed_origins of the merchant's publishable keys",
  },
  not_found: { status: 404, message: 'not found' },
  test_sample_not_found: { status: 404, message: 'sample images are served only in test mode' },
  verification_not_found: { status: 404, message: 'verification not found' },
  api_key_not_found: { status: 404, message: 'api key not found' },
  member_not_found: { status: 404, message: 'member not found' },
  sso_not_configured: { status: 404, message: 'single sign-on is not set up for this account' },
  sso_provider_unavailable: {
    status: 502,
    message: "the account's single sign-on provider could not be used; try again later or ask an admin",
  },
  invitation_not_found: { status: 404, message: 'invitation not found, already used or expired' },
  webhook_not_found: { status: 404, message: 'webhook not found' },
  delivery_not_found: { status: 404, message: 'delivery not found' },
  publishable_key_not_found: { status: 404, message: 'publishable key not found' },
  blocklist_entry_not_found: { status: 404, message: 'blocklist entry not found' },
  media_link_invalid: { status: 404, message: 'media link is invalid or has expired' },
  handoff_link_not_found: { status: 404, message: 'handoff link not found' },
  monitor_not_found: { status: 404, message: 'monitor not found' },
  method_not_allowed: { status: 405, message: 'method not allowed' },
  request_timeout: { status: 408, message: 'the request was not received in time' },
  cannot_submit: { status: 409, message: 'cannot submit from status {status}' },
  api_key_not_rollable: { status: 409, message: 'a revoked or already rolled key cannot be rolled' },
  cannot_cancel: {
    status: 409,
    message: 'cannot cancel a verification in status {status}; only an open verification can be canceled',
  },
  verification_closed: { status: 409, message: 'verification is {status}; no further uploads are accepted' },
  handoff_link_used: {
    status: 409,
    message: 'handoff link has already been used; open a new link from the first device',
  },
  handoff_link_expired: {
    status: 409,
    message: 'handoff link has expired or was replaced; open a new link from the first device',
  },
  handoff_limit_reached: {
    status: 409,
    message: 'this verification has had {max} handoff links, the most it can have',
  },
  review_not_decided: {
    status: 409,
    message: 'cannot review a verification in status {status}; only a decided verification can be reviewed',
  },
  review_not_needed: {
    status: 409,
    message: 'verification was decided {decision}; only a verification decided review can be reviewed',
  },
  challenge_limit_reached: {
    status: 409,
    message: 'this verification has been issued {max} liveness challenges, the most it can have',
  },
  last_admin: {
    status: 409,
    message: 'an account keeps at least one admin: make another member admin first',
  },
  already_reviewed: { status: 409, message: 'verification was already reviewed ({decision})' },
  idempotency_key_reused: {
    status: 409,
    message:
      'this Idempotency-Key was already used with a different request; use a new key for a new request',
  },
  idempotency_key_in_use: {
    status: 409,
    message:
      'a request with this Idempotency-Key is still being processed; retry after the number of seconds in Retry-After',
  },
  monitor_limit_reached: {
    status: 409,
    message: 'this account watches {max} monitors, the most it may; delete some before adding more',
  },
  review_redacted: {
    status: 409,
    message: 'verification was redacted; its evidence is gone, so it cannot be reviewed',
  },
  payload_too_large: { status: 413, message: 'payload too large' },
  unsupported_media_type: { status: 415, message: 'content type must be application/json' },
  consent_required: { status: 422, message: 'consent is required to proceed' },
  invalid_base64_image: { status: 422, message: 'invalid base64 image: {reason}' },
  image_required: { status: 422, message: 'image_b64 required' },
  selfie_required: { status: 422, message: 'video_b64 or frames_b64 required' },
  barcode_unreadable: {
    status: 422,
    message:
      'barcode could not be read: retake the photo of the back of the licence with the whole barcode in view',
  },
  document_type_not_allowed: {
    status: 422,
    message: 'document type {type} is not allowed for this verification; it accepts {allowed}',
  },
  image_too_large: {
    status: 422,
    message: 'image is too large: {width}x{height} pixels; at most {max} megapixels are accepted',
  },
  invalid_video: { status: 422, message: 'video could not be read: {reason}' },
  no_face_in_template: { status: 422, message: 'no single face found in the image' },
  validation_failed: { status: 422, message: 'validation failed' },
  free_tier_rate_limited: { status: 429, message: 'free tier rate limit exceeded — 30 lookups per hour' },
  rate_limited: {
    status: 429,
    message: 'rate limit exceeded; retry after the number of seconds in Retry-After',
  },
  uploads_rate_limited: {
    status: 429,
    message:
      'this verification has sent {max} uploads in 10 minutes, the most it may; retry after the number of seconds in Retry-After',
  },
  upload_in_progress: {
    status: 429,
    message: 'another upload for this verification is in progress; retry when it has finished',
  },
  auth_failures_rate_limited: {
    status: 429,
    message:
      'too many failed authentication attempts; retry after the number of seconds in Retry-After (a valid API key is always accepted)',
  },
  internal: { status: 500, message: 'internal server error' },
  screening_unavailable: {
    status: 503,
    message: 'sanctions screening is unavailable: no sanctions list is loaded',
  },
  face_search_unavailable: {
    status: 503,
    message: 'face search is unavailable: the face model is not loaded',
  },
  video_processing_unavailable: {
    status: 503,
    message: 'video processing is unavailable; send frames_b64 instead, or try again shortly',
  },
  too_many_waiting_clients: {
    status: 503,
    message: 'too many clients are waiting for decisions on this instance; retry without wait, or shortly',
  },
  video_processing_busy: {
    status: 503,
    message:
      'video processing is busy; send frames_b64 instead, or retry after the number of seconds in Retry-After',
  },
  image_processing_busy: {
    status: 503,
    message: 'image processing is busy; nothing was saved, retry after the number of seconds in Retry-After',
  },
  review_console_not_built: {
    status: 503,
    message: 'the review console is not built; run npm run build:console',
  },
  media_store_unavailable: {
    status: 503,
    message: 'media storage is unavailable; nothing was saved, try again shortly',
  },
  checks_busy: {
    status: 503,
    message: 'checks are busy; nothing was submitted, retry after the number of seconds in Retry-After',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

/** A rate limit's budget as the caller is told it: requests a window allows, and how many are left. */
export type RateLimitBudget = { limit: number; remaining: number };

/**
 * An expected failure that maps to the error envelope; anything else is a 500 with no detail. When
 * to retry and the budget spent are data here; the HTTP layer alone turns them into headers.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ValidationIssue[] | undefined;
  /** Seconds before a retry may succeed (a 429 or 503 that passes). */
  readonly retryAfterSeconds: number | undefined;
  readonly rateLimit: RateLimitBudget | undefined;

  constructor(
    readonly code: ErrorCode,
    params: Record<string, string | number> = {},
    /** `cause`: the underlying failure of a 5xx, logged by the HTTP layer and never sent. */
    options: {
      retryAfterSeconds?: number;
      rateLimit?: RateLimitBudget;
      issues?: ValidationIssue[];
      cause?: unknown;
    } = {},
  ) {
    const entry = ERRORS[code];
    super(
      entry.message.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = entry.status;
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.rateLimit = options.rateLimit;
  }

  get body(): { detail: string | ValidationIssue[] } {
    return { detail: this.issues ?? this.message };
  }
}

export function validationError(issues: ValidationIssue[]): ApiError {
  return new ApiError('validation_failed', {}, { issues });
}
