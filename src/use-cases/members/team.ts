/**
 * The people of a merchant account (docs/review.md "Teams"): invitations by link, passkey registration
 * when one is accepted, passkey sign-in, and console sessions. Every secret handed out (invitation
 * token, session id, ceremony id) is 32 random bytes shown once; only its SHA-256 is stored, and a
 * presented one is found by digest and compared in constant time.
 */
import {
  csrfTokenFor,
  digestToken,
  generateSecretToken,
  normaliseEmail,
  sameDigest,
  sessionIsLive,
  type Role,
  type SessionTimeouts,
} from '../../core/members/members.js';
import { requireRole } from '../../core/actor.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AuditActor } from '../../ports/account-audit.js';
import type {
  AccountAuditEntry,
  Invitation,
  Member,
  MemberStore,
  MembershipChange,
} from '../../ports/member-store.js';
import type { Passkeys } from '../../ports/passkeys.js';

export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;
export const CEREMONY_TTL_SECONDS = 5 * 60;
export const SESSION_TIMEOUTS: SessionTimeouts = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3600 };

export type TeamDeps = {
  members: MemberStore;
  passkeys: Passkeys;
  clock: Clock;
  /** Where invitation links point: the console's address. */
  consoleUrl: string;
  timeouts?: SessionTimeouts;
};

/** A signed-in person, as the member routes see them. */
export type SignedInMember = {
  id: number;
  accountId: number;
  email: string;
  displayName: string;
  role: Role;
  operator: boolean;
};

export const asSignedIn = (m: Member): SignedInMember => ({
  id: m.id,
  accountId: m.account_id,
  email: m.email,
  displayName: m.display_name,
  role: m.role,
  operator: m.operator,
});

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** The link an invitee opens; the token rides in the fragment, which browsers never send to servers. */
export function invitationLink(consoleUrl: string, token: string): string {
  return `${consoleUrl}#invitation=${token}`;
}

export async function createInvitation(
  deps: Pick<TeamDeps, 'members' | 'clock' | 'consoleUrl'>,
  input: {
    accountId: number;
    email: string;
    role: Role;
    invitedBy: SignedInMember | null;
    /** Only the host's CLI (no `invitedBy`) may invite an operator. */
    operator?: boolean;
    /** Who the audit entry names when no member of the account invites (the operator opening it). */
    actor?: AuditActor;
  },
): Promise<{ invitation: Invitation; link: string }> {
  if (input.operator && input.invitedBy) throw new ApiError('role_required', { role: 'operator' });
  if (input.invitedBy) {
    requireRole(input.invitedBy, 'admin');
    if (input.invitedBy.accountId !== input.accountId) throw new ApiError('not_found');
  }
  const token = generateSecretToken();
  const at = deps.clock.now();
  const invitation = await deps.members.createInvitation({
    accountId: input.accountId,
    email: normaliseEmail(input.email),
    role: input.role,
    tokenHash: digestToken(token),
    invitedBy: input.invitedBy?.id ?? null,
    operator: input.operator ?? false,
    at,
    expiresAt: later(at, INVITATION_TTL_SECONDS),
    ...(input.actor ? { actor: input.actor } : {}),
  });
  return { invitation, link: invitationLink(deps.consoleUrl, token) };
}

/** The invitation a token names while it can still be accepted; 404 otherwise, whatever the reason. */
async function openInvitation(deps: Pick<TeamDeps, 'members' | 'clock'>, token: string): Promise<Invitation> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new ApiError('invitation_not_found');
  const digest = digestToken(token);
  const invitation = await deps.members.findInvitationByHash(digest);
  if (
    !invitation ||
    !sameDigest(invitation.token_hash, digest) ||
    invitation.accepted_at ||
    invitation.revoked_at ||
    invitation.expires_at.getTime() <= deps.clock.now().getTime() ||
    !(await inviterStillAdmin(deps, invitation))
  ) {
    throw new ApiError('invitation_not_found');
  }
  return invitation;
}

/**
 * An invitation a member made is only as good as its maker: once they are removed or no longer an
 * admin, it is refused (the host CLI's invitations name no member).
 */
async function inviterStillAdmin(deps: Pick<TeamDeps, 'members'>, invitation: Invitation): Promise<boolean> {
  if (invitation.invited_by === null) return true;
  const inviter = await deps.members.findMember(invitation.invited_by);
  return Boolean(
    inviter &&
    !inviter.removed_at &&
    inviter.account_id === invitation.account_id &&
    inviter.role === 'admin',
  );
}

/**
 * Revokes an invitation that was not accepted yet (idempotent). An admin reaches only their own
 * account's (another's is the same 404 as a missing one); the host's CLI (`admin` null) any.
 */
export async function revokeInvitation(
  deps: Pick<TeamDeps, 'members' | 'clock'>,
  admin: SignedInMember | null,
  invitationId: number,
): Promise<Invitation> {
  if (admin) requireRole(admin, 'admin');
  const invitation = await deps.members.revokeInvitation({
    invitationId,
    accountId: admin ? admin.accountId : null,
    actor: admin ? { memberId: admin.id } : 'cli',
    at: deps.clock.now(),
  });
  if (!invitation) throw new ApiError('invitation_not_found');
  return invitation;
}

/** Step one of accepting: the passkey registration options, and the ceremony that answers them. */
export async function startAcceptingInvitation(
  deps: TeamDeps,
  input: { token: string; displayName: string },
): Promise<{ ceremonyId: string; options: Record<string, unknown>; email: string; role: Role }> {
  const invitation = await openInvitation(deps, input.token);
  const { options, challenge } = await deps.passkeys.registrationOptions({
    userId: `invitation-${invitation.id}`,
    userName: invitation.email,
    displayName: input.displayName,
  });
  const ceremonyId = generateSecretToken();
  const at = deps.clock.now();
  await deps.members.saveCeremony(
    digestToken(ceremonyId),
    {
      purpose: 'register',
      challenge,
      invitation_id: invitation.id,
      expires_at: later(at, CEREMONY_TTL_SECONDS),
    },
    at,
  );
  return { ceremonyId, options, email: invitation.email, role: invitation.role };
}

/** Step two: the new passkey verifies, the invitation is used up, the member exists and is signed in. */
export async function finishAcceptingInvitation(
  deps: TeamDeps,
  input: {
    token: string;
    displayName: string;
    ceremonyId: string;
    credential: unknown;
    previousSessionId?: string | undefined;
  },
): Promise<{ member: SignedInMember; sessionId: string }> {
  const invitation = await openInvitation(deps, input.token);
  const ceremony = await deps.members.takeCeremony(digestToken(input.ceremonyId), deps.clock.now());
  if (!ceremony || ceremony.purpose !== 'register' || ceremony.invitation_id !== invitation.id) {
    throw new ApiError('passkey_not_verified');
  }
  const credential = await deps.passkeys.verifyRegistration(input.credential, ceremony.challenge);
  if (!credential) throw new ApiError('passkey_not_verified');
  const member = await deps.members.acceptInvitation({
    invitationId: invitation.id,
    displayName: input.displayName,
    passkey: {
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports,
    },
    at: deps.clock.now(),
  });
  if (!member) throw new ApiError('invitation_not_found');
  return {
    member: asSignedIn(member),
    sessionId: await startSession(deps, member.id, input.previousSessionId),
  };
}

export async function startSignIn(
  deps: TeamDeps,
): Promise<{ ceremonyId: string; options: Record<string, unknown> }> {
  const { options, challenge } = await deps.passkeys.signInOptions();
  const ceremonyId = generateSecretToken();
  const at = deps.clock.now();
  await deps.members.saveCeremony(
    digestToken(ceremonyId),
    { purpose: 'sign_in', challenge, invitation_id: null, expires_at: later(at, CEREMONY_TTL_SECONDS) },
    at,
  );
  return { ceremonyId, options };
}

export async function finishSignIn(
  deps: TeamDeps,
  input: { ceremonyId: string; credential: unknown; previousSessionId?: string | undefined },
): Promise<{ member: SignedInMember; sessionId: string }> {
  const ceremony = await deps.members.takeCeremony(digestToken(input.ceremonyId), deps.clock.now());
  if (!ceremony || ceremony.purpose !== 'sign_in') throw new ApiError('passkey_not_verified');
  const credentialId = deps.passkeys.credentialIdOf(input.credential);
  const passkey = credentialId ? await deps.members.findPasskey(credentialId) : undefined;
  if (!passkey) throw new ApiError('passkey_not_verified');
  const member = await deps.members.findMember(passkey.member_id);
  if (!member || member.removed_at) throw new ApiError('passkey_not_verified');
  const counter = await deps.passkeys.verifySignIn(input.credential, ceremony.challenge, {
    credentialId: passkey.credential_id,
    publicKey: passkey.public_key,
    counter: passkey.counter,
    transports: passkey.transports,
  });
  if (counter === null) throw new ApiError('passkey_not_verified');
  await deps.members.recordPasskeyUse(passkey.credential_id, counter, deps.clock.now());
  return {
    member: asSignedIn(member),
    sessionId: await startSession(deps, member.id, input.previousSessionId),
  };
}

/**
 * A fresh session id at every sign-in, whatever cookie came with the request: the session a browser
 * held before (an attacker's planted one included) is revoked, never promoted, so fixation is impossible.
 */
export async function startSession(
  deps: Pick<TeamDeps, 'members' | 'clock' | 'timeouts'>,
  memberId: number,
  previousSessionId: string | undefined,
): Promise<string> {
  const at = deps.clock.now();
  if (previousSessionId) await deps.members.revokeSession(digestToken(previousSessionId), at);
  const sessionId = generateSecretToken();
  const timeouts = deps.timeouts ?? SESSION_TIMEOUTS;
  await deps.members.createSession({
    idHash: digestToken(sessionId),
    memberId,
    at,
    expiresAt: later(at, timeouts.absoluteSeconds),
  });
  return sessionId;
}

/** Last-seen writes are spaced out: a busy console does not write on every request. */
const TOUCH_INTERVAL_MS = 30_000;

/** The member a session cookie signs in, or null (unknown, revoked, idle or past its absolute limit). */
export async function memberOfSession(
  deps: Pick<TeamDeps, 'members' | 'clock' | 'timeouts'>,
  sessionId: string | undefined,
): Promise<SignedInMember | null> {
  if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  const digest = digestToken(sessionId);
  const session = await deps.members.findSession(digest);
  const now = deps.clock.now();
  if (!session || !sameDigest(session.id_hash, digest)) return null;
  if (!sessionIsLive(session, now, deps.timeouts ?? SESSION_TIMEOUTS)) return null;
  const member = await deps.members.findMember(session.member_id);
  if (!member || member.removed_at) return null;
  if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.members.touchSession(digest, now);
  }
  return asSignedIn(member);
}

export function csrfTokenOf(sessionId: string): string {
  return csrfTokenFor(sessionId);
}

export async function signOut(deps: Pick<TeamDeps, 'members' | 'clock'>, sessionId: string): Promise<void> {
  await deps.members.revokeSession(digestToken(sessionId), deps.clock.now());
}

/** Ends every session the member has, on every device. */
export function signOutEverywhere(
  deps: Pick<TeamDeps, 'members' | 'clock'>,
  member: SignedInMember,
): Promise<number> {
  return deps.members.revokeSessionsOf(member.id, deps.clock.now());
}

export async function listTeam(
  deps: Pick<TeamDeps, 'members'>,
  member: SignedInMember,
): Promise<{ members: Member[]; invitations: Invitation[] }> {
  requireRole(member, 'admin');
  const [members, invitations] = await Promise.all([
    deps.members.listMembers(member.accountId),
    deps.members.listInvitations(member.accountId),
  ]);
  return { members, invitations };
}

/**
 * An admin changes a member's role or removes them. A member of another account is the same 404 as
 * one that does not exist; the account's last admin can be neither demoted nor removed (409), so an
 * account is never left without someone who can manage it. A removed member's sessions all end in the
 * same transaction, a removed or demoted member's pending invitations are revoked in it, and the
 * change is written to the account's audit trail naming the admin.
 */
export async function changeMembership(
  deps: Pick<TeamDeps, 'members' | 'clock'>,
  admin: SignedInMember,
  memberId: number,
  change: MembershipChange,
): Promise<{ member: Member; endedSessions: number; revokedInvitations: number }> {
  requireRole(admin, 'admin');
  const result = await deps.members.changeMembership({
    accountId: admin.accountId,
    memberId,
    change,
    by: admin.id,
    at: deps.clock.now(),
  });
  if (result.outcome === 'not_found') throw new ApiError('member_not_found');
  if (result.outcome === 'last_admin') throw new ApiError('last_admin');
  return {
    member: result.member,
    endedSessions: result.endedSessions,
    revokedInvitations: result.revokedInvitations,
  };
}

export const ACCOUNT_AUDIT_PAGE = 200;

/** The account's audit trail of changes to its people, newest first (admin). */
export async function accountAudit(
  deps: Pick<TeamDeps, 'members'>,
  admin: SignedInMember,
): Promise<AccountAuditEntry[]> {
  requireRole(admin, 'admin');
  return deps.members.listAccountAudit(admin.accountId, ACCOUNT_AUDIT_PAGE);
}
