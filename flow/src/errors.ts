/**
 * Turns a failure into what the flow shows and what it reports in its `error` event. `code` is stable
 * for integrators; `message` is for the end user; `detail` is the server's own text.
 */
import { ApiError } from './api.js';

export type FlowErrorCode =
  | 'token_missing'
  | 'token_invalid'
  | 'publishable_key_mismatch'
  | 'forbidden'
  | 'init_timeout'
  | 'consent_required'
  | 'barcode_unreadable'
  | 'image_invalid'
  | 'missing_input'
  | 'payload_too_large'
  | 'conflict'
  | 'expired'
  | 'validation'
  | 'not_found'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'camera_denied'
  | 'camera_unavailable';

export interface FlowError {
  code: FlowErrorCode;
  message: string;
  status?: number;
  detail?: string;
}

export function flowError(code: FlowErrorCode, message: string, extra: Partial<FlowError> = {}): FlowError {
  return { code, message, ...extra };
}

export function classify(error: unknown): FlowError {
  if (!(error instanceof ApiError)) {
    return flowError('server', 'Something went wrong on this page. Please try again.', {
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const { status, detail } = error;
  const extra = { status, detail };
  const text = detail.toLowerCase();
  if (status === 0) {
    return flowError('network', 'We could not reach the server. Check your connection and try again.', extra);
  }
  if (status === 401) {
    return flowError(
      'token_invalid',
      'This verification link has expired or is not valid. Go back to the page that sent you here and start again.',
      extra,
    );
  }
  if (status === 403) {
    return text.includes('publishable key')
      ? flowError(
          'publishable_key_mismatch',
          'This page is not set up correctly for identity verification. Please contact the company that asked you to verify.',
          extra,
        )
      : flowError('forbidden', 'This action is not allowed.', extra);
  }
  if (status === 404) return flowError('not_found', 'The verification service is not available here.', extra);
  if (status === 409) {
    return text.includes('expired')
      ? flowError('expired', 'This verification has expired. Go back and start a new one.', extra)
      : flowError('conflict', 'This verification has already moved on. Loading its current state.', extra);
  }
  if (status === 413) {
    return flowError('payload_too_large', 'That file is too large. Please take the photo again.', extra);
  }
  if (status === 422) {
    if (text.includes('consent')) {
      return flowError('consent_required', 'Please agree to the terms before continuing.', extra);
    }
    if (text.includes('barcode')) {
      return flowError(
        'barcode_unreadable',
        'We could not read the barcode on the back of your licence. Retake the photo in good light, with the barcode filling the frame and in focus.',
        extra,
      );
    }
    if (text.includes('required')) {
      return flowError('missing_input', 'A step is missing. Taking you back to it.', extra);
    }
    if (text.includes('image') || text.includes('base64') || text.includes('video')) {
      return flowError('image_invalid', 'That image could not be used. Please take it again.', extra);
    }
    return flowError('validation', 'Something in that request was not accepted. Please try again.', extra);
  }
  if (status === 429) {
    return flowError('rate_limited', 'Too many attempts. Please wait a minute and try again.', extra);
  }
  return flowError('server', 'The verification service had a problem. Please try again.', extra);
}
