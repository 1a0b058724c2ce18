/**
 * The public API as the console uses it, signed in one of two ways:
 *  - a member of an account, with a passkey: the session is an HttpOnly cookie the page never sees;
 *    state-changing calls carry the session's CSRF token; verification calls go to the member routes
 *    (/v1/console/verifications…), which cover every key of the account;
 *  - an API key (the older way): kept in sessionStorage only, gone when the tab closes, never put in a
 *    URL, sent as the X-Api-Key header to this origin alone.
 */

const KEY_STORAGE = 'idv-review-console-key';
/** No verification has this id; a review of it tells the scopes apart without changing anything. */
const PROBE_ID = '00000000-0000-4000-8000-000000000000';

export type Decision = 'approve' | 'review' | 'decline';

export type Review = {
  decision: 'approve' | 'decline';
  note: string;
  reviewed_at: string;
  reviewer_key_id: number | null;
  reviewer_member_id?: number;
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
  mode?: 'live' | 'test';
};

/** A verification as the member routes answer it: with its assignee. */
export type CaseSummary = VerificationSummary & { assigned_member_id: number | null };

export type AuditEntry = { at: string; actor: string; event: string; detail: Record<string, unknown> };

export type VerificationDetail = VerificationSummary & {
  checks: Record<string, Record<string, unknown> | undefined>;
  doc_checks: Record<string, Record<string, unknown> | undefined>;
  audit_log: AuditEntry[];
};

export type CaseDetail = VerificationDetail & { assigned_member_id: number | null };

export type MediaItem = { kind: string; index: number; content_type: string; bytes: number; url: string };

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Member = {
  id: number;
  account_id: number;
  email: string;
  display_name: string;
  role: string;
  operator: boolean;
};

/** The signed-in member and the session's CSRF token, once the session is known; null otherwise. */
let memberSession: { member: Member; csrf: string } | null = null;

export const signedInMember = (): Member | null => memberSession?.member ?? null;

export const storedKey = {
  get: (): string | null => sessionStorage.getItem(KEY_STORAGE),
  set: (key: string): void => sessionStorage.setItem(KEY_STORAGE, key),
  clear: (): void => sessionStorage.removeItem(KEY_STORAGE),
};

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; key?: string; anonymous?: boolean } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> =
    init.body === undefined ? {} : { 'content-type': 'application/json' };
  let url = path;
  if (init.anonymous) {
    // Sign-in calls: the cookie, if any, goes along (the service ends the old session).
  } else if (memberSession && !init.key) {
    url = path.replace(/^\/v1\/verifications/, '/v1/console/verifications');
    if (method !== 'GET') headers['x-csrf-token'] = memberSession.csrf;
  } else {
    const key = init.key ?? storedKey.get();
    if (!key) throw new ApiFailure(401, 'not signed in');
    headers['x-api-key'] = key;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
      cache: 'no-store',
      credentials: 'same-origin',
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

export const verification = (id: string) => call<CaseDetail>(`/v1/verifications/${encodeURIComponent(id)}`);

export const media = (id: string) =>
  call<{ expires_at: string; items: MediaItem[] }>(`/v1/verifications/${encodeURIComponent(id)}/media`);

export const recordReview = (id: string, decision: 'approve' | 'decline', note: string) =>
  call<VerificationDetail>(`/v1/verifications/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body: { decision, note },
  });

/** The account's verifications under the console's filters (member sessions only). */
export function searchVerifications(filters: URLSearchParams, startingAfter?: string) {
  const query = new URLSearchParams(filters);
  query.set('limit', '25');
  if (startingAfter) query.set('starting_after', startingAfter);
  return call<{ data: CaseSummary[]; has_more: boolean; next_cursor: string | null }>(
    `/v1/console/verifications?${query}`,
  );
}

export const assign = (id: string, memberId: number | null) =>
  call<CaseDetail>(`/v1/console/verifications/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    body: { member_id: memberId },
  });

export type AccountDirectory = {
  id: number;
  name: string;
  members: { id: number; display_name: string; role: string }[];
};

export const accountDirectory = () => call<AccountDirectory>('/v1/console/account');

export type AccountAuditEntry = {
  id: number;
  event: string;
  by_member_id: number | null;
  by_key_id: number | null;
  member_id: number | null;
  detail: Record<string, unknown>;
  at: string;
};

export const auditLog = () => call<{ entries: AccountAuditEntry[] }>('/v1/console/audit-log');

// Passkeys. WebAuthn options and answers travel as JSON with base64url byte strings.

const fromB64url = (value: string): ArrayBuffer => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toB64url = (buffer: ArrayBuffer | null): string | undefined => {
  if (!buffer) return undefined;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type CredentialDescriptorJSON = { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] };

function creationOptions(json: Record<string, unknown>): PublicKeyCredentialCreationOptions {
  const options = json as unknown as Omit<
    PublicKeyCredentialCreationOptions,
    'challenge' | 'user' | 'excludeCredentials'
  > & {
    challenge: string;
    user: { id: string; name: string; displayName: string };
    excludeCredentials?: CredentialDescriptorJSON[];
  };
  return {
    ...options,
    challenge: fromB64url(options.challenge),
    user: { ...options.user, id: fromB64url(options.user.id) },
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

function requestOptions(json: Record<string, unknown>): PublicKeyCredentialRequestOptions {
  const options = json as unknown as Omit<
    PublicKeyCredentialRequestOptions,
    'challenge' | 'allowCredentials'
  > & {
    challenge: string;
    allowCredentials?: CredentialDescriptorJSON[];
  };
  return {
    ...options,
    challenge: fromB64url(options.challenge),
    allowCredentials: (options.allowCredentials ?? []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

function credentialJSON(credential: PublicKeyCredential): Record<string, unknown> {
  const created = credential.response as AuthenticatorAttestationResponse;
  const asserted = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toB64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toB64url(credential.response.clientDataJSON),
      ...('attestationObject' in credential.response
        ? {
            attestationObject: toB64url(created.attestationObject),
            transports: typeof created.getTransports === 'function' ? created.getTransports() : [],
          }
        : {
            authenticatorData: toB64url(asserted.authenticatorData),
            signature: toB64url(asserted.signature),
            userHandle: toB64url(asserted.userHandle),
          }),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

type SignedIn = { member: Member; csrf_token: string };

/**
 * Whether this browser signed a member in and has not signed out: only then is the session cookie
 * (which the page cannot see) worth asking about, so a visitor without one gets no 401 in the console.
 * A hint, nothing more: the cookie alone authenticates.
 */
const MEMBER_HINT = 'idv-console-member';

const keep = (signedIn: SignedIn): Member => {
  memberSession = { member: signedIn.member, csrf: signedIn.csrf_token };
  storedKey.clear();
  localStorage.setItem(MEMBER_HINT, '1');
  return signedIn.member;
};

/** Single sign-on came back signed in (#signed-in): the cookie is set, so the session is worth asking about. */
export function noteSignedIn(): void {
  localStorage.setItem(MEMBER_HINT, '1');
}

/** The member of the session cookie, if the browser holds a live one. */
export async function resumeSession(): Promise<Member | null> {
  if (localStorage.getItem(MEMBER_HINT) !== '1') return null;
  try {
    return keep(await call<SignedIn>('/v1/console/session', { anonymous: true }));
  } catch {
    localStorage.removeItem(MEMBER_HINT);
    return null;
  }
}

export async function signInWithPasskey(): Promise<Member> {
  const started = await call<{ ceremony_id: string; options: Record<string, unknown> }>(
    '/v1/console/sign-in/options',
    { anonymous: true, method: 'POST', body: {} },
  );
  const credential = (await navigator.credentials.get({
    publicKey: requestOptions(started.options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new ApiFailure(401, 'no passkey was chosen');
  return keep(
    await call<SignedIn>('/v1/console/sign-in', {
      anonymous: true,
      method: 'POST',
      body: { ceremony_id: started.ceremony_id, credential: credentialJSON(credential) },
    }),
  );
}

export async function acceptInvitation(token: string, displayName: string): Promise<Member> {
  const started = await call<{ ceremony_id: string; options: Record<string, unknown> }>(
    '/v1/console/invitations/options',
    { anonymous: true, method: 'POST', body: { token, display_name: displayName } },
  );
  const credential = (await navigator.credentials.create({
    publicKey: creationOptions(started.options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new ApiFailure(401, 'no passkey was created');
  return keep(
    await call<SignedIn>('/v1/console/invitations/accept', {
      anonymous: true,
      method: 'POST',
      body: {
        token,
        display_name: displayName,
        ceremony_id: started.ceremony_id,
        credential: credentialJSON(credential),
      },
    }),
  );
}

export async function signOutMember(): Promise<void> {
  localStorage.removeItem(MEMBER_HINT);
  if (!memberSession) return;
  const csrf = memberSession.csrf;
  memberSession = null;
  await fetch('/v1/console/sign-out', {
    method: 'POST',
    headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  }).catch(() => undefined);
}

export const invite = (email: string, role: string) =>
  call<{ link: string; expires_at: string }>('/v1/console/invitations', {
    method: 'POST',
    body: { email, role },
  });

export type ListedMember = Member & { created_at: string; sso_allowed: boolean };

export type Invitation = {
  id: number;
  email: string;
  role: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
};

export const team = () => call<{ members: ListedMember[]; invitations: Invitation[] }>('/v1/console/members');

export const allowSso = (memberId: number, allowed: boolean) =>
  call<{ id: number; sso_allowed: boolean }>(`/v1/console/members/${memberId}/sso`, {
    method: 'PUT',
    body: { allowed },
  });

export const revokeInvitation = (id: number) =>
  call<Invitation>(`/v1/console/invitations/${id}`, { method: 'DELETE' });

export const changeRole = (memberId: number, role: string) =>
  call<ListedMember>(`/v1/console/members/${memberId}`, { method: 'PATCH', body: { role } });

export const removeMember = (memberId: number) =>
  call<{ id: number; ended_sessions: number; revoked_invitations: number }>(
    `/v1/console/members/${memberId}`,
    { method: 'DELETE' },
  );

export type AccountEndpoint = {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  mode: 'live' | 'test';
  created_at: string;
  /** Deliveries that failed since the endpoint's last delivered one; null when none did. */
  failing?: { deliveries: number; since: string } | null;
};

export type Delivery = {
  id: number;
  event: string;
  verification_id: string | null;
  status: string;
  attempt_count: number;
  created_at: string;
};

export const accountWebhooks = () => call<AccountEndpoint[]>('/v1/console/webhooks');

export const createAccountWebhook = (url: string, events: string[], mode: string) =>
  call<AccountEndpoint & { secret: string }>('/v1/console/webhooks', {
    method: 'POST',
    body: { url, events, mode },
  });

export const disableAccountWebhook = (id: number) =>
  call<null>(`/v1/console/webhooks/${id}`, { method: 'DELETE' });

export const webhookDeliveries = (id: number) =>
  call<{ data: Delivery[] }>(`/v1/console/webhooks/${id}/deliveries?limit=20`);

/** Sends the endpoint every kept event it has not received (the last 30 days); delivered ones are skipped. */
export const redeliverMissed = (id: number) =>
  call<{ redelivered: number }>(`/v1/console/webhooks/${id}/redeliver`, { method: 'POST', body: {} });

export const retryDelivery = (id: number) =>
  call<Delivery>(`/v1/console/webhooks/deliveries/${id}/retry`, { method: 'POST', body: {} });

type Periods = { media_days: number; pii_days: number; template_days: number };
export type Retention = {
  account: { media_days: number | null; pii_days: number | null; template_days: number | null };
  applied: Periods;
  deployment: Periods;
};

export const retention = () => call<Retention>('/v1/console/retention');

export const saveRetention = (account: Retention['account']) =>
  call<Retention>('/v1/console/retention', { method: 'PUT', body: account });

/** What the hosted flow shows the account's end users (docs/hosted-flow.md "Branding"). */
export type Branding = {
  display_name: string | null;
  colour: string | null;
  support_url: string | null;
  privacy_url: string | null;
  has_logo: boolean;
};

export const branding = () => call<Branding>('/v1/console/branding');

export const saveBranding = (settings: Omit<Branding, 'has_logo'>) =>
  call<Branding>('/v1/console/branding', { method: 'PUT', body: settings });

/** A PNG, JPEG or WebP as a data URL, or null to remove the logo. */
export const saveLogo = (logoB64: string | null) =>
  call<Branding>('/v1/console/branding/logo', { method: 'PUT', body: { logo_b64: logoB64 } });

export const saveSso = (settings: {
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string[];
}) =>
  call<{ issuer: string; client_id: string; allowed_domains: string[] }>('/v1/console/sso', {
    method: 'PUT',
    body: settings,
  });

export type AccountApiKey = {
  id: number;
  label: string;
  key_prefix: string;
  mode: string;
  scopes: string[];
  owner_key_id: number | null;
  created_by_member_id: number | null;
  created_at: string;
  revoked_at: string | null;
  successor_key_id: number | null;
  expires_at: string | null;
};
export type PublishableKey = {
  id: number;
  api_key_id: number;
  publishable_key: string;
  label: string;
  allowed_origins: string[];
  revoked_at: string | null;
};

export const accountKeys = () => call<AccountApiKey[]>('/v1/console/keys');

export const revokeAccountKey = (id: number) =>
  call<AccountApiKey>(`/v1/console/keys/${id}/revoke`, { method: 'POST', body: {} });

/** The successor of a rolled key, with its secret (shown once) and when the old key stops working. */
export type RolledApiKey = {
  id: number;
  label: string;
  api_key: string;
  rolled_key: { id: number; expires_at: string };
};

export const rollAccountKey = (id: number, expiresInSeconds: number) =>
  call<RolledApiKey>(`/v1/console/keys/${id}/roll`, {
    method: 'POST',
    body: { expires_in_seconds: expiresInSeconds },
  });

export const publishableKeys = () => call<PublishableKey[]>('/v1/console/publishable-keys');

export const createPublishableKey = (apiKeyId: number, label: string, origins: string[]) =>
  call<PublishableKey>('/v1/console/publishable-keys', {
    method: 'POST',
    body: { api_key_id: apiKeyId, label, allowed_origins: origins },
  });

export const setOrigins = (id: number, origins: string[]) =>
  call<PublishableKey>(`/v1/console/publishable-keys/${id}/origins`, {
    method: 'PUT',
    body: { allowed_origins: origins },
  });

export const revokePublishableKey = (id: number) =>
  call<PublishableKey>(`/v1/console/publishable-keys/${id}/revoke`, { method: 'POST', body: {} });

export type OperatorAccount = {
  id: number;
  name: string;
  created_at: string;
  live_api_keys: number;
  verifications: number;
};

export const operatorAccounts = () => call<OperatorAccount[]>('/v1/console/operator/accounts');

/** Opens an account and invites its first admin; the answer's link is shown this once. */
export const openAccount = (name: string, adminEmail: string) =>
  call<{ id: number; name: string; first_admin_invitation: { url: string; expires_at: string } }>(
    '/v1/console/operator/accounts',
    { method: 'POST', body: { name, admin_email: adminEmail } },
  );

export const operatorHealth = () =>
  call<{ status: string; components: Record<string, { status: string; detail?: string }> }>(
    '/v1/console/operator/health',
  );
