/**
 * The public API as the console uses it. The API key lives in sessionStorage only: it is gone when
 * the tab closes, is never put in a URL, and is sent as the X-Api-Key header to this origin alone.
 */

const KEY_STORAGE = 'idv-review-console-key';
/** No verification has this id; a review of it tells the scopes apart without changing anything. */
const PROBE_ID = '00000000-0000-4000-8000-000000000000';

export type Decision = 'approve' | 'review' | 'decline';

export type Review = {
  decision: 'approve' | 'decline';
  note: string;
  reviewed_at: string;
  reviewer_key_id: number;
};

export type VerificationSummary = {
  id: string;
  status: string;
  decision: Decision | null;
  score: number | null;
  decision_reasons: string[];
  external_ref: string;
  metadata: Record<string, unknown>;
  created_at: string;
  decided_at: string | null;
  final_decision: 'approve' | 'decline' | null;
  review: Review | null;
};

export type AuditEntry = { at: string; actor: string; event: string; detail: Record<string, unknown> };

export type VerificationDetail = VerificationSummary & {
  checks: Record<string, Record<string, unknown> | undefined>;
  doc_checks: Record<string, Record<string, unknown> | undefined>;
  audit_log: AuditEntry[];
};

export type MediaItem = { kind: string; index: number; content_type: string; bytes: number; url: string };

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const storedKey = {
  get: (): string | null => sessionStorage.getItem(KEY_STORAGE),
  set: (key: string): void => sessionStorage.setItem(KEY_STORAGE, key),
  clear: (): void => sessionStorage.removeItem(KEY_STORAGE),
};

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<T> {
  const key = init.key ?? storedKey.get();
  if (!key) throw new ApiFailure(401, 'not signed in');
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        'x-api-key': key,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, 'the service could not be reached; check your connection and try again');
  }
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
  if (!response.ok) {
    const detail = Array.isArray(body.detail)
      ? body.detail.map((issue: { msg?: string }) => issue.msg ?? 'invalid').join('; ')
      : typeof body.detail === 'string'
        ? body.detail
        : `request failed (${response.status})`;
    throw new ApiFailure(response.status, detail);
  }
  return body as T;
}

/**
 * Checks a key before keeping it: it must read verifications and record reviews. The review probe
 * names a verification that cannot exist, so a key with the scope gets 404 and one without gets 403.
 */
export async function checkKey(key: string): Promise<void> {
  await call('/v1/verifications?limit=1', { key });
  try {
    await call(`/v1/verifications/${PROBE_ID}/review`, {
      key,
      method: 'POST',
      body: { decision: 'approve', note: 'scope check' },
    });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return;
    throw error;
  }
}

export function reviewQueue(startingAfter?: string) {
  const query = new URLSearchParams({ decision: 'review', reviewed: 'false', limit: '25' });
  if (startingAfter) query.set('starting_after', startingAfter);
  return call<{ data: VerificationSummary[]; has_more: boolean; next_cursor: string | null }>(
    `/v1/verifications?${query}`,
  );
}

export const verification = (id: string) =>
  call<VerificationDetail>(`/v1/verifications/${encodeURIComponent(id)}`);

export const media = (id: string) =>
  call<{ expires_at: string; items: MediaItem[] }>(`/v1/verifications/${encodeURIComponent(id)}/media`);

export const recordReview = (id: string, decision: 'approve' | 'decline', note: string) =>
  call<VerificationDetail>(`/v1/verifications/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body: { decision, note },
  });
