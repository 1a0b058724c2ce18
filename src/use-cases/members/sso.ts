/**
 * OpenID Connect single sign-on per account (docs/review.md "Single sign-on"): an admin sets the
 * issuer, client id and secret (sealed at rest) and the email domains allowed. A sign-in is bound to
 * the browser that started it (a random cookie whose digest the login row keeps). The provider's
 * identity (issuer, sub) is linked to a member at their first single sign-on and finds them from then
 * on. A person the provider vouches for with a verified address in an allowed domain joins as a
 * viewer the first time; an existing member with that address is linked only if single sign-on is
 * allowed for them (an admin's choice for members who joined by invitation), and an operator member
 * never. Any other domain is refused.
 */
import { digestToken, generateSecretToken, normaliseEmail, sameDigest } from '../../core/members/members.js';
import { ApiError, validationError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { Member, MemberStore, SsoStore } from '../../ports/member-store.js';
import type { Oidc } from '../../ports/oidc.js';
import { requireRole } from '../../core/actor.js';
import { asSignedIn, memberOfSession, startSession, type SignedInMember, type TeamDeps } from './team.js';

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

/** The only thing an admin learns about a refused issuer, as for webhook URLs. */
export const SSO_ISSUER_REFUSED = 'issuer is not allowed: it must use https and a publicly routable host';

/**
 * Saves the account's provider once its issuer passes the address policy; audited (issuer, client id,
 * domains: who may sign in as whom), never the secret.
 */
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

/**
 * The provider's authorization URL, and the secret the browser must keep (in a short-lived cookie) and
 * bring back to the callback.
 */
export async function startSso(
  deps: SsoDeps,
  accountId: number,
): Promise<{ location: string; browserSecret: string }> {
  return beginLogin(deps, accountId, null);
}

/**
 * A signed-in member links their own provider identity: the callback must come back in the same
 * browser with the same member's session, and single sign-on then signs them in. Never an operator.
 */
export async function startSsoLink(
  deps: SsoDeps,
  member: SignedInMember,
): Promise<{ location: string; browserSecret: string }> {
  if (member.operator) throw new ApiError('sso_not_allowed');
  return beginLogin(deps, member.accountId, member.id);
}

async function beginLogin(
  deps: SsoDeps,
  accountId: number,
  linkMemberId: number | null,
): Promise<{ location: string; browserSecret: string }> {
  const settings = await deps.sso.find(accountId);
  if (!settings) throw new ApiError('sso_not_configured');
  const state = generateSecretToken();
  const nonce = generateSecretToken();
  const codeVerifier = generateSecretToken();
  const browserSecret = generateSecretToken();
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
    {
      accountId,
      codeVerifier,
      nonce,
      expiresAt: new Date(at.getTime() + SSO_LOGIN_TTL_SECONDS * 1000),
      browserHash: digestToken(browserSecret),
      linkMemberId,
    },
    at,
  );
  return { location, browserSecret };
}

export async function finishSso(
  deps: SsoDeps,
  input: {
    state: string;
    browserSecret: string | undefined;
    callbackUrl: URL;
    previousSessionId?: string | undefined;
  },
): Promise<{ member: SignedInMember; sessionId: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.state)) throw new ApiError('sso_failed');
  const login = await deps.sso.takeLogin(digestToken(input.state), deps.clock.now());
  if (!login) throw new ApiError('sso_failed');
  // Only the browser that started the sign-in may finish it (no signing a victim into another's account).
  if (
    !login.browserHash ||
    !input.browserSecret ||
    !/^[A-Za-z0-9_-]{43}$/.test(input.browserSecret) ||
    !sameDigest(login.browserHash, digestToken(input.browserSecret))
  ) {
    throw new ApiError('sso_failed');
  }
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
    login.linkMemberId === null
      ? await memberOfIdentity(deps, login.accountId, settings.issuer, identity.subject, {
          email,
          displayName: (identity.name ?? email).slice(0, 100),
        })
      : await linkOwnIdentity(
          deps,
          login.linkMemberId,
          settings.issuer,
          identity.subject,
          input.previousSessionId,
        );
  if (member.removed_at) throw new ApiError('sso_failed');
  if (member.operator || !member.sso_allowed) throw new ApiError('sso_not_allowed');
  const sessionId = await startSession(deps, member.id, input.previousSessionId);
  return { member: asSignedIn(member), sessionId };
}

/**
 * The member a provider's identity signs in: the one linked to it; else, the first time, a new viewer
 * (linked), or the account's member with that address, linked only if single sign-on is allowed for
 * them and they are no operator (the caller refuses the others).
 */
async function memberOfIdentity(
  deps: Pick<SsoDeps, 'members' | 'clock'>,
  accountId: number,
  issuer: string,
  subject: string,
  person: { email: string; displayName: string },
): Promise<Member> {
  const linkedId = await deps.members.findSsoIdentity(accountId, issuer, subject);
  if (linkedId !== undefined) {
    const linked = await deps.members.findMember(linkedId);
    if (!linked) throw new ApiError('sso_failed');
    return linked;
  }
  const existing = await deps.members.findMemberByEmail(accountId, person.email);
  if (!existing) {
    return deps.members.provisionMember({
      accountId,
      email: person.email,
      displayName: person.displayName,
      role: 'viewer',
      identity: { issuer, subject },
      at: deps.clock.now(),
    });
  }
  if (existing.removed_at || existing.operator || !existing.sso_allowed) return existing;
  // A member already linked to another identity of this provider is not taken over by a new one.
  const linkedNow = await deps.members.linkSsoIdentity({
    accountId,
    issuer,
    subject,
    memberId: existing.id,
    at: deps.clock.now(),
  });
  if (!linkedNow) throw new ApiError('sso_not_allowed');
  return existing;
}

/** An admin allows (or stops) single sign-on for a member who joined by invitation; never an operator. */
export async function allowSsoFor(
  deps: Pick<SsoDeps, 'members' | 'clock'>,
  admin: SignedInMember,
  memberId: number,
  allowed: boolean,
): Promise<Member> {
  requireRole(admin, 'admin');
  const target = await deps.members.findMember(memberId);
  if (!target || target.account_id !== admin.accountId || target.removed_at) {
    throw new ApiError('member_not_found');
  }
  if (target.operator && allowed) throw new ApiError('sso_not_allowed');
  const member = await deps.members.allowSso({
    accountId: admin.accountId,
    memberId,
    allowed,
    by: admin.id,
    at: deps.clock.now(),
  });
  if (!member) throw new ApiError('member_not_found');
  return member;
}

/**
 * The callback of a member's own link: only with that member's live session, and only an identity not
 * linked to anyone yet; the member may then use single sign-on (audited as their own permission).
 */
async function linkOwnIdentity(
  deps: Pick<SsoDeps, 'members' | 'clock' | 'timeouts'>,
  memberId: number,
  issuer: string,
  subject: string,
  sessionId: string | undefined,
): Promise<Member> {
  const signedIn = await memberOfSession(deps, sessionId);
  if (!signedIn || signedIn.id !== memberId || signedIn.operator) throw new ApiError('sso_failed');
  const linked = await deps.members.linkSsoIdentity({
    accountId: signedIn.accountId,
    issuer,
    subject,
    memberId,
    at: deps.clock.now(),
  });
  if (!linked && (await deps.members.findSsoIdentity(signedIn.accountId, issuer, subject)) !== memberId) {
    throw new ApiError('sso_not_allowed');
  }
  const member = await deps.members.allowSso({
    accountId: signedIn.accountId,
    memberId,
    allowed: true,
    by: memberId,
    at: deps.clock.now(),
  });
  if (!member) throw new ApiError('sso_failed');
  return member;
}
