import type { Role } from '../core/members/members.js';
import type { AuditActor } from './account-audit.js';

export type Member = {
  id: number;
  account_id: number;
  email: string;
  display_name: string;
  role: Role;
  created_at: Date;
  removed_at: Date | null;
  /** Sees every account and the deployment's health (an invitation from the host's CLI only). */
  operator: boolean;
  /** Single sign-on may sign this member in: those it provisioned, or those an admin allowed. */
  sso_allowed: boolean;
};

export type Invitation = {
  id: number;
  account_id: number;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: number | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  operator: boolean;
  /** Set when an admin or the host's CLI revoked it, or its inviter was removed or demoted. */
  revoked_at: Date | null;
};

export type Passkey = {
  credential_id: string;
  member_id: number;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
};

export type Session = {
  id_hash: string;
  member_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
};

export type Ceremony = {
  purpose: 'register' | 'sign_in';
  challenge: string;
  invitation_id: number | null;
  expires_at: Date;
};

/** An account's OpenID Connect settings, the client secret opened. */
export type SsoSettings = {
  accountId: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
};

/** A change an admin makes to a member: a new role, or removal from the account. */
export type MembershipChange = { role: Role } | 'remove';

export type MembershipChangeResult =
  | { outcome: 'changed'; member: Member; endedSessions: number; revokedInvitations: number }
  | { outcome: 'not_found' }
  | { outcome: 'last_admin' };

/** An entry of the account's own audit trail: who changed what about which member. */
export type AccountAuditEntry = {
  id: number;
  event: string;
  /** Null when the host's CLI or an API key acted. */
  actor_member_id: number | null;
  actor_key_id: number | null;
  subject_member_id: number | null;
  detail: Record<string, unknown>;
  at: Date;
};

export type SsoLogin = {
  accountId: number;
  codeVerifier: string;
  nonce: string;
  expiresAt: Date;
  /** The digest of the cookie set in the browser that started the sign-in. */
  browserHash: string | null;
  /** Set when a signed-in member started it to link their own identity. */
  linkMemberId: number | null;
};

export type SsoStore = {
  /** Seals the client secret at rest. */
  save(settings: SsoSettings, at: Date): Promise<void>;
  find(accountId: number): Promise<SsoSettings | undefined>;
  saveLogin(stateHash: string, login: SsoLogin, at: Date): Promise<void>;
  /** Removes and returns the login: a state answers once. */
  takeLogin(stateHash: string, at: Date): Promise<SsoLogin | undefined>;
  /**
   * Re-seals every account's client secret with the current key, in one transaction (part of a
   * WEBHOOK_SECRET_KEY rotation); a secret no configured key opens is left as it was and its account
   * listed.
   */
  resealSecrets(): Promise<{ resealed: number; unreadable: number[] }>;
};

export type MemberStore = {
  createInvitation(input: {
    accountId: number;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: number | null;
    operator: boolean;
    at: Date;
    expiresAt: Date;
    /** Who the audit entry names; unset, the inviting member, or the host's CLI when there is none. */
    actor?: AuditActor;
  }): Promise<Invitation>;
  findInvitationByHash(tokenHash: string): Promise<Invitation | undefined>;
  findInvitation(id: number): Promise<Invitation | undefined>;
  /**
   * In one transaction with its audit entry: revokes an invitation not yet accepted (of `accountId`
   * when given; the host's CLI gives none). Idempotent; undefined when there is no such pending one.
   */
  revokeInvitation(input: {
    invitationId: number;
    accountId: number | null;
    actor: AuditActor;
    at: Date;
  }): Promise<Invitation | undefined>;
  listInvitations(accountId: number): Promise<Invitation[]>;
  /**
   * In one transaction: marks the invitation accepted (only if still unused, unrevoked and unexpired at
   * `at`, and its inviter, when a member made it, is still an admin of the account), creates the
   * member, stores its passkey and audits the join. Undefined when any of that fails, or the address
   * is already a member of the account.
   */
  acceptInvitation(input: {
    invitationId: number;
    displayName: string;
    passkey: Omit<Passkey, 'member_id'>;
    at: Date;
  }): Promise<Member | undefined>;

  findMember(id: number): Promise<Member | undefined>;
  findMemberByEmail(accountId: number, email: string): Promise<Member | undefined>;
  /**
   * Creates a member signing in through single sign-on for the first time, audited as a join; the
   * existing one on a race.
   */
  provisionMember(input: {
    accountId: number;
    email: string;
    displayName: string;
    role: Role;
    identity: { issuer: string; subject: string };
    at: Date;
  }): Promise<Member>;
  /** The member a provider's identity is linked to in the account. */
  findSsoIdentity(accountId: number, issuer: string, subject: string): Promise<number | undefined>;
  /**
   * Links a provider's identity to a member on their first single sign-on; false when the identity or
   * the member (for that issuer) is linked already.
   */
  linkSsoIdentity(input: {
    accountId: number;
    issuer: string;
    subject: string;
    memberId: number;
    at: Date;
  }): Promise<boolean>;
  /** An admin allows or stops single sign-on for a member of the account, audited; undefined if none. */
  allowSso(input: {
    accountId: number;
    memberId: number;
    allowed: boolean;
    by: number;
    at: Date;
  }): Promise<Member | undefined>;
  listMembers(accountId: number): Promise<Member[]>;
  /**
   * In one transaction, the account's active members locked: applies the change to a member of the
   * account unless it would leave the account without an admin (`last_admin`); a removal also ends
   * every session of the member at once; a removal or a role below admin revokes the pending
   * invitations the member created; the change goes into the account's audit trail naming `by`.
   */
  changeMembership(input: {
    accountId: number;
    memberId: number;
    change: MembershipChange;
    by: number;
    at: Date;
  }): Promise<MembershipChangeResult>;
  /** The account's audit trail, newest first. */
  listAccountAudit(accountId: number, limit: number): Promise<AccountAuditEntry[]>;

  findPasskey(credentialId: string): Promise<Passkey | undefined>;
  passkeysOf(memberId: number): Promise<Passkey[]>;
  recordPasskeyUse(credentialId: string, counter: number, at: Date): Promise<void>;

  /** Also deletes ceremonies that expired before `at` (abandoned ones). */
  saveCeremony(idHash: string, ceremony: Ceremony, at: Date): Promise<void>;
  /** Removes and returns the ceremony: a challenge answers once. */
  takeCeremony(idHash: string, at: Date): Promise<Ceremony | undefined>;

  createSession(input: { idHash: string; memberId: number; at: Date; expiresAt: Date }): Promise<void>;
  findSession(idHash: string): Promise<Session | undefined>;
  touchSession(idHash: string, at: Date): Promise<void>;
  revokeSession(idHash: string, at: Date): Promise<void>;
  revokeSessionsOf(memberId: number, at: Date): Promise<number>;
};
