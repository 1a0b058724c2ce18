/**
 * OpenID Connect single sign-on per account (docs/review.md "Single sign-on"): an admin sets the
 * issuer, client id and secret (sealed at rest) and the email domains allowed; a person whose
 * provider vouches for a verified address in one of those domains is signed in as the member with that
 * address, or joins as a viewer the first time. Any other domain is refused.
 */
import { digestToken, generateSecretToken, normaliseEmail } from '../../core/members/members.js';
import { ApiError, validationError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { MemberStore, SsoStore } from '../../ports/member-store.js';
import type { Oidc } from '../../ports/oidc.js';
import { asSignedIn, requireRole, startSession, type SignedInMember, type TeamDeps } from './team.js';

export const SSO_LOGIN_TTL_SECONDS = 10 * 60;

export type SsoDeps = {
  sso: SsoStore;
  oidc: Oidc;
  members: MemberStore;
  clock: Clock;
  audit: AccountAudit;
  /** Where the provider sends the browser back: PUBLIC_BASE_URL/v1/console/sso/callback. */
  redirectUri: string;
  /** Where a refused issuer's reason goes: it may name internal addresses, so never to the client. */
  logRefusal(reason: string): void;
  timeouts?: TeamDeps['timeouts'];
};

/** Saves the account's provider; audited (issuer, client id, domains: who may sign in as whom), never the secret. */
/** The only thing an admin learns about a refused issuer, as for webhook URLs. */
export const SSO_ISSUER_REFUSED = 'issuer is not allowed: it must use https and a publicly routable host';

export async function configureSso(
  deps: Pick<SsoDeps, 'sso' | 'clock' | 'audit' | 'oidc' | 'logRefusal'>,
  member: SignedInMember,
  input: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[] },
): Promise<{ issuer: string; clientId: string; allowedDomains: string[] }> {
  requireRole(member, 'admin');
  const refusal = await deps.oidc.refusedIssuer(input.issuer);
  if (refusal) {
    deps.logRefusal(refusal);
    throw validationError([{ loc: ['body', 'issuer'], msg: SSO_ISSUER_REFUSED, type: 'url_not_allowed' }]);
  }
  const allowedDomains = [...new Set(input.allowedDomains.map((d) => d.trim().toLowerCase()))];
  const at = deps.clock.now();
  await deps.audit.atomically(async () => {
    await deps.sso.save({ accountId: member.accountId, ...input, allowedDomains }, at);
    await deps.audit.record({
      accountId: member.accountId,
      event: 'sso.configured',
      actor: { memberId: member.id },
      detail: { issuer: input.issuer, client_id: input.clientId, allowed_domains: allowedDomains },
      at,
    });
  });
  return { issuer: input.issuer, clientId: input.clientId, allowedDomains };
}

export async function startSso(deps: SsoDeps, accountId: number): Promise<string> {
  const settings = await deps.sso.find(accountId);
  if (!settings) throw new ApiError('sso_not_configured');
  const state = generateSecretToken();
  const nonce = generateSecretToken();
  const codeVerifier = generateSecretToken();
  // The provider's address first: a refused or unreachable provider leaves no login row behind.
  const location = await deps.oidc.authorizationUrl(settings, {
    redirectUri: deps.redirectUri,
    state,
    nonce,
    codeVerifier,
  });
  const at = deps.clock.now();
  await deps.sso.saveLogin(
    digestToken(state),
    { accountId, codeVerifier, nonce, expiresAt: new Date(at.getTime() + SSO_LOGIN_TTL_SECONDS * 1000) },
    at,
  );
  return location;
}

export async function finishSso(
  deps: SsoDeps,
  input: { state: string; callbackUrl: URL; previousSessionId?: string | undefined },
): Promise<{ member: SignedInMember; sessionId: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.state)) throw new ApiError('sso_failed');
  const login = await deps.sso.takeLogin(digestToken(input.state), deps.clock.now());
  if (!login) throw new ApiError('sso_failed');
  const settings = await deps.sso.find(login.accountId);
  if (!settings) throw new ApiError('sso_failed');
  const identity = await deps.oidc.finish(settings, {
    callbackUrl: input.callbackUrl,
    state: input.state,
    nonce: login.nonce,
    codeVerifier: login.codeVerifier,
  });
  if (!identity?.email || !identity.emailVerified) throw new ApiError('sso_failed');
  const email = normaliseEmail(identity.email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!email.includes('@') || !settings.allowedDomains.includes(domain)) {
    throw new ApiError('sso_domain_not_allowed');
  }
  const member =
    (await deps.members.findMemberByEmail(login.accountId, email)) ??
    (await deps.members.provisionMember({
      accountId: login.accountId,
      email,
      displayName: (identity.name ?? email).slice(0, 100),
      role: 'viewer',
      at: deps.clock.now(),
    }));
  if (member.removed_at) throw new ApiError('sso_failed');
  const sessionId = await startSession(deps, member.id, input.previousSessionId);
  return { member: asSignedIn(member), sessionId };
}
