/**
 * Turns a failure into what the flow shows and what it reports in its `error` event. `code` is stable
 * for integrators; `message` is for the end user, from the catalogue of the flow's language; `detail`
 * is the server's own text. API errors are mapped by status and the registry's (English, stable) detail.
 */
import { ApiError } from './api.js';
import { t, type MessageKey } from './i18n/index.js';

const MESSAGES = {
  token_missing: 'error.token_missing',
  token_invalid: 'error.token_invalid',
  publishable_key_mismatch: 'error.publishable_key_mismatch',
  origin_not_allowed: 'error.origin_not_allowed',
  forbidden: 'error.forbidden',
  init_timeout: 'error.init_timeout',
  consent_required: 'error.consent_required',
  barcode_unreadable: 'error.barcode_unreadable',
  image_invalid: 'error.image_invalid',
  missing_input: 'error.missing_input',
  payload_too_large: 'error.payload_too_large',
  conflict: 'error.conflict',
  expired: 'error.expired',
  validation: 'error.validation',
  not_found: 'error.not_found',
  rate_limited: 'error.rate_limited',
  server: 'error.server',
  network: 'error.network',
  camera_denied: 'camera.denied.short',
  camera_unavailable: 'camera.unavailable.short',
  handoff_used: 'error.handoff_used',
  handoff_expired: 'error.handoff_expired',
  handoff_invalid: 'error.handoff_invalid',
} as const satisfies Record<string, MessageKey>;

export type FlowErrorCode = keyof typeof MESSAGES;

export interface FlowError {
  code: FlowErrorCode;
  message: string;
  status?: number;
  detail?: string;
}

export function flowError(code: FlowErrorCode, extra: Partial<FlowError> = {}): FlowError {
  return { code, message: t(MESSAGES[code]), ...extra };
}

export function classify(error: unknown): FlowError {
  if (!(error instanceof ApiError)) {
    return flowError('server', {
      message: t('error.client'),
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const { status, detail } = error;
  const extra = { status, detail };
  const text = detail.toLowerCase();
  if (status === 0) return flowError('network', extra);
  if (text.startsWith('handoff link')) {
    if (status === 404) return flowError('handoff_invalid', extra);
    return flowError(text.includes('already been used') ? 'handoff_used' : 'handoff_expired', extra);
  }
  if (status === 401) return flowError('token_invalid', extra);
  if (status === 403) {
    if (text.includes('allowed_origins')) return flowError('origin_not_allowed', extra);
    return flowError(text.includes('publishable key') ? 'publishable_key_mismatch' : 'forbidden', extra);
  }
  if (status === 404) return flowError('not_found', extra);
  if (status === 409) return flowError(text.includes('expired') ? 'expired' : 'conflict', extra);
  if (status === 413) return flowError('payload_too_large', extra);
  if (status === 422) {
    if (text.includes('consent')) return flowError('consent_required', extra);
    if (text.includes('barcode')) return flowError('barcode_unreadable', extra);
    if (text.includes('required')) return flowError('missing_input', extra);
    if (text.includes('image') || text.includes('base64') || text.includes('video')) {
      return flowError('image_invalid', extra);
    }
    return flowError('validation', extra);
  }
  if (status === 429) return flowError('rate_limited', extra);
  return flowError('server', extra);
}
