import { ApiError } from './errors.js';
import { OPERATOR_SCOPE, type KeyMode } from './api-keys/api-key.js';
import { hasRole, type Role } from './members/members.js';

/**
 * Who is acting on an account's resources: an API key (the API) or a member signed in to the console.
 * Each action has one use case taking an actor; the two doors differ only in how they build it. A key
 * acts within its own tree of keys and objects (docs/security.md "Keys"); a member acts for the whole
 * account, within their role (docs/review.md "Teams").
 */
export type Actor =
  | {
      kind: 'key';
      keyId: number;
      accountId: number;
      scopes: readonly string[];
      mode: KeyMode;
    }
  | {
      kind: 'member';
      memberId: number;
      accountId: number;
      role: Role;
      operator: boolean;
      /** Recorded with a review decision, beside the member's id. */
      displayName: string;
    };

export type KeyActor = Extract<Actor, { kind: 'key' }>;
export type MemberActor = Extract<Actor, { kind: 'member' }>;

export function keyActor(key: {
  id: number;
  accountId: number;
  scopes: readonly string[];
  mode: KeyMode;
}): KeyActor {
  return { kind: 'key', keyId: key.id, accountId: key.accountId, scopes: key.scopes, mode: key.mode };
}

export function memberActor(member: {
  id: number;
  accountId: number;
  role: Role;
  operator: boolean;
  displayName: string;
}): MemberActor {
  return {
    kind: 'member',
    memberId: member.id,
    accountId: member.accountId,
    role: member.role,
    operator: member.operator,
    displayName: member.displayName,
  };
}

/** A member below `role` is refused (403); a key's powers are its scopes, which its route checks. */
export function requireRole(holder: { role: Role }, role: Role): void {
  if (!hasRole(holder.role, role)) throw new ApiError('role_required', { role });
}

/** The operator's console pages: a member the host's CLI invited as operator, whatever their role. */
export function requireOperator(holder: { operator: boolean }): void {
  if (!holder.operator) throw new ApiError('role_required', { role: 'operator' });
}

/** Account administration (keys, webhook endpoints, settings) needs the admin role of a member. */
export function requireAdministrator(actor: Actor): void {
  if (actor.kind === 'member') requireRole(actor, 'admin');
}

/**
 * The scopes an actor may put on a key it mints or rolls: a key grants only what it holds; an admin
 * any scope an API call can grant (`*` included), never `operator` (api-key.ts firstUngrantableScope).
 */
export function grantableScopes(actor: Actor): readonly string[] {
  return actor.kind === 'key' ? actor.scopes : ['*'];
}

/** Whether the actor reaches keys of every account: only a key holding `operator`. */
export function reachesEveryAccount(actor: Actor): boolean {
  return actor.kind === 'key' && actor.scopes.includes(OPERATOR_SCOPE);
}

/** How the account's audit trail names the actor. */
export function auditActorOf(actor: Actor): { memberId: number } | { keyId: number } {
  return actor.kind === 'key' ? { keyId: actor.keyId } : { memberId: actor.memberId };
}
