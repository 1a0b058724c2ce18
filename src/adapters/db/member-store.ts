import type { Kysely, Transaction } from 'kysely';
import type { MemberStore, Passkey } from '../../ports/member-store.js';
import { insertAccountAudit } from './account-audit.js';
import type { Database } from './schema.js';

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

const toPasskey = (row: {
  credential_id: string;
  member_id: number;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
}): Passkey => ({
  credential_id: row.credential_id,
  member_id: row.member_id,
  public_key: new Uint8Array(row.public_key),
  counter: Number(row.counter),
  transports: row.transports,
});

/** An invitation as the port returns it, whichever query reads or writes it. */
const INVITATION_COLUMNS = [
  'id',
  'account_id',
  'email',
  'role',
  'token_hash',
  'invited_by',
  'created_at',
  'expires_at',
  'accepted_at',
  'operator',
  'revoked_at',
] as const;

/**
 * Revokes the pending invitations a member created, in the caller's transaction: one who is removed
 * or no longer an admin must not come back through a link they made before.
 */
async function revokeInvitationsBy(
  trx: Transaction<Database>,
  memberId: number,
  at: Date,
): Promise<number[]> {
  const revoked = await trx
    .updateTable('member_invitations')
    .set({ revoked_at: at })
    .where('invited_by', '=', memberId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return revoked.map((row) => Number(row.id)).sort((a, b) => a - b);
}

export function createMemberStore(db: Kysely<Database>): MemberStore {
  return {
    async createInvitation(input) {
      return db.transaction().execute(async (trx) => {
        const invitation = await trx
          .insertInto('member_invitations')
          .values({
            account_id: input.accountId,
            email: input.email,
            role: input.role,
            token_hash: input.tokenHash,
            invited_by: input.invitedBy,
            operator: input.operator,
            created_at: input.at,
            expires_at: input.expiresAt,
          })
          .returning(INVITATION_COLUMNS)
          .executeTakeFirstOrThrow();
        await insertAccountAudit(trx, {
          accountId: input.accountId,
          event: 'invitation.created',
          actor: input.actor ?? (input.invitedBy === null ? 'cli' : { memberId: input.invitedBy }),
          detail: {
            invitation_id: Number(invitation.id),
            email: invitation.email,
            role: invitation.role,
            operator: invitation.operator,
          },
          at: input.at,
        });
        return invitation;
      });
    },

    async findInvitation(id) {
      return db
        .selectFrom('member_invitations')
        .select(INVITATION_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async revokeInvitation(input) {
      return db.transaction().execute(async (trx) => {
        const invitation = await trx
          .selectFrom('member_invitations')
          .select(INVITATION_COLUMNS)
          .where('id', '=', input.invitationId)
          .$if(input.accountId !== null, (qb) => qb.where('account_id', '=', input.accountId!))
          .forUpdate()
          .executeTakeFirst();
        if (!invitation || invitation.accepted_at) return undefined;
        if (invitation.revoked_at) return invitation;
        const revoked = await trx
          .updateTable('member_invitations')
          .set({ revoked_at: input.at })
          .where('id', '=', invitation.id)
          .returning(INVITATION_COLUMNS)
          .executeTakeFirstOrThrow();
        await insertAccountAudit(trx, {
          accountId: Number(invitation.account_id),
          event: 'invitation.revoked',
          actor: input.actor,
          detail: { invitation_id: Number(invitation.id), email: invitation.email, role: invitation.role },
          at: input.at,
        });
        return revoked;
      });
    },

    async findInvitationByHash(tokenHash) {
      return db
        .selectFrom('member_invitations')
        .select(INVITATION_COLUMNS)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async listInvitations(accountId) {
      return db
        .selectFrom('member_invitations')
        .select(INVITATION_COLUMNS)
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
    },

    async acceptInvitation(input) {
      try {
        return await db.transaction().execute(async (trx) => {
          const pending = await trx
            .selectFrom('member_invitations')
            .select(['invited_by'])
            .where('id', '=', input.invitationId)
            .executeTakeFirst();
          if (!pending) return undefined;
          if (pending.invited_by !== null) {
            // The inviter's row is locked before the invitation's, in the order a removal takes them
            // (members, then their invitations): a removal committing first has revoked the invitation,
            // and one waiting for this lock finds the new member and removes nothing it should not.
            const inviter = await trx
              .selectFrom('members')
              .select(['role', 'removed_at'])
              .where('id', '=', pending.invited_by)
              .forShare()
              .executeTakeFirst();
            if (!inviter || inviter.removed_at || inviter.role !== 'admin') return undefined;
          }
          const invitation = await trx
            .updateTable('member_invitations')
            .set({ accepted_at: input.at })
            .where('id', '=', input.invitationId)
            .where('accepted_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', input.at)
            .returning(['account_id', 'email', 'role', 'operator', 'invited_by'])
            .executeTakeFirst();
          if (!invitation) return undefined;
          // A removed member invited again comes back as one member (one row per address and account),
          // with the invitation's role and none of the passkeys they had before.
          const removed = await trx
            .selectFrom('members')
            .select('id')
            .where('account_id', '=', invitation.account_id)
            .where('email', '=', invitation.email)
            .where('removed_at', 'is not', null)
            .executeTakeFirst();
          if (removed) await trx.deleteFrom('member_passkeys').where('member_id', '=', removed.id).execute();
          const member = removed
            ? await trx
                .updateTable('members')
                .set({
                  display_name: input.displayName,
                  role: invitation.role,
                  operator: invitation.operator,
                  removed_at: null,
                })
                .where('id', '=', removed.id)
                .returningAll()
                .executeTakeFirstOrThrow()
            : await trx
                .insertInto('members')
                .values({
                  account_id: invitation.account_id,
                  email: invitation.email,
                  display_name: input.displayName,
                  role: invitation.role,
                  operator: invitation.operator,
                  created_at: input.at,
                })
                .returningAll()
                .executeTakeFirstOrThrow();
          await trx
            .updateTable('member_invitations')
            .set({ accepted_member_id: member.id })
            .where('id', '=', input.invitationId)
            .execute();
          await trx
            .insertInto('member_passkeys')
            .values({
              credential_id: input.passkey.credential_id,
              member_id: member.id,
              public_key: input.passkey.public_key,
              counter: input.passkey.counter,
              transports: JSON.stringify(input.passkey.transports),
              created_at: input.at,
            })
            .execute();
          await insertAccountAudit(trx, {
            accountId: Number(invitation.account_id),
            event: 'member.joined',
            actor: { memberId: member.id },
            subjectMemberId: member.id,
            detail: {
              via: 'invitation',
              invitation_id: input.invitationId,
              invited_by: invitation.invited_by === null ? null : Number(invitation.invited_by),
              role: member.role,
            },
            at: input.at,
          });
          return member;
        });
      } catch (error) {
        // The address is a member already, or the passkey is registered to someone: nothing was written.
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async findMemberByEmail(accountId, email) {
      return db
        .selectFrom('members')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('email', '=', email)
        .executeTakeFirst();
    },

    async provisionMember(input) {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('members')
          .values({
            account_id: input.accountId,
            email: input.email,
            display_name: input.displayName,
            role: input.role,
            sso_allowed: true,
            created_at: input.at,
          })
          .onConflict((oc) => oc.columns(['account_id', 'email']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) {
          await trx
            .insertInto('member_sso_identities')
            .values({
              account_id: input.accountId,
              issuer: input.identity.issuer,
              subject: input.identity.subject,
              member_id: created.id,
              created_at: input.at,
            })
            .execute();
          await insertAccountAudit(trx, {
            accountId: input.accountId,
            event: 'member.joined',
            actor: { memberId: created.id },
            subjectMemberId: created.id,
            detail: { via: 'sso', role: created.role },
            at: input.at,
          });
          return created;
        }
        return trx
          .selectFrom('members')
          .selectAll()
          .where('account_id', '=', input.accountId)
          .where('email', '=', input.email)
          .executeTakeFirstOrThrow();
      });
    },

    async findSsoIdentity(accountId, issuer, subject) {
      const row = await db
        .selectFrom('member_sso_identities')
        .select('member_id')
        .where('account_id', '=', accountId)
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row && Number(row.member_id);
    },

    async linkSsoIdentity(input) {
      const linked = await db
        .insertInto('member_sso_identities')
        .values({
          account_id: input.accountId,
          issuer: input.issuer,
          subject: input.subject,
          member_id: input.memberId,
          created_at: input.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('member_id')
        .executeTakeFirst();
      return Boolean(linked);
    },

    async allowSso(input) {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .updateTable('members')
          .set({ sso_allowed: input.allowed })
          .where('id', '=', input.memberId)
          .where('account_id', '=', input.accountId)
          .where('removed_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!member) return undefined;
        await insertAccountAudit(trx, {
          accountId: input.accountId,
          event: input.allowed ? 'member.sso_allowed' : 'member.sso_disallowed',
          actor: { memberId: input.by },
          subjectMemberId: member.id,
          at: input.at,
        });
        return member;
      });
    },

    async findMember(id) {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listMembers(accountId) {
      return db
        .selectFrom('members')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async changeMembership(input) {
      return db.transaction().execute(async (trx) => {
        // Locking every active member of the account serialises concurrent changes: two admins each
        // demoting the other cannot both see another admin left.
        const members = await trx
          .selectFrom('members')
          .selectAll()
          .where('account_id', '=', input.accountId)
          .where('removed_at', 'is', null)
          .orderBy('id')
          .forUpdate()
          .execute();
        const target = members.find((m) => m.id === input.memberId);
        if (!target) return { outcome: 'not_found' as const };
        const remove = input.change === 'remove';
        const newRole = input.change === 'remove' ? null : input.change.role;
        const adminsLeft = members.filter(
          (m) => m.role === 'admin' && (m.id !== target.id || newRole === 'admin'),
        ).length;
        if (adminsLeft === 0) return { outcome: 'last_admin' as const };
        const member = await trx
          .updateTable('members')
          .set(remove ? { removed_at: input.at } : { role: newRole! })
          .where('id', '=', target.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        let endedSessions = 0;
        if (remove) {
          const ended = await trx
            .updateTable('member_sessions')
            .set({ revoked_at: input.at })
            .where('member_id', '=', target.id)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', input.at)
            .executeTakeFirst();
          endedSessions = Number(ended.numUpdatedRows);
        }
        const revokedInvitations =
          newRole === 'admin' ? [] : await revokeInvitationsBy(trx, target.id, input.at);
        await insertAccountAudit(trx, {
          accountId: input.accountId,
          event: remove ? 'member.removed' : 'member.role_changed',
          actor: { memberId: input.by },
          subjectMemberId: target.id,
          detail: remove
            ? { role: target.role, ended_sessions: endedSessions, revoked_invitations: revokedInvitations }
            : { from_role: target.role, to_role: newRole, revoked_invitations: revokedInvitations },
          at: input.at,
        });
        return {
          outcome: 'changed' as const,
          member,
          endedSessions,
          revokedInvitations: revokedInvitations.length,
        };
      });
    },

    async listAccountAudit(accountId, limit) {
      return db
        .selectFrom('account_audit')
        .select(['id', 'event', 'actor_member_id', 'actor_key_id', 'subject_member_id', 'detail', 'at'])
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async findPasskey(credentialId) {
      const row = await db
        .selectFrom('member_passkeys')
        .select(['credential_id', 'member_id', 'public_key', 'counter', 'transports'])
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row && toPasskey(row);
    },

    async passkeysOf(memberId) {
      const rows = await db
        .selectFrom('member_passkeys')
        .select(['credential_id', 'member_id', 'public_key', 'counter', 'transports'])
        .where('member_id', '=', memberId)
        .execute();
      return rows.map(toPasskey);
    },

    async recordPasskeyUse(credentialId, counter, at) {
      await db
        .updateTable('member_passkeys')
        .set({ counter, last_used_at: at })
        .where('credential_id', '=', credentialId)
        .execute();
    },

    async saveCeremony(idHash, ceremony, at) {
      await db
        .insertInto('webauthn_ceremonies')
        .values({ id_hash: idHash, ...ceremony })
        .execute();
      // Abandoned ceremonies go with the next one.
      await db.deleteFrom('webauthn_ceremonies').where('expires_at', '<', at).execute();
    },

    async takeCeremony(idHash, at) {
      const row = await db
        .deleteFrom('webauthn_ceremonies')
        .where('id_hash', '=', idHash)
        .returning(['purpose', 'challenge', 'invitation_id', 'expires_at'])
        .executeTakeFirst();
      return row && row.expires_at.getTime() > at.getTime() ? row : undefined;
    },

    async createSession(input) {
      await db
        .insertInto('member_sessions')
        .values({
          id_hash: input.idHash,
          member_id: input.memberId,
          created_at: input.at,
          last_seen_at: input.at,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    async findSession(idHash) {
      return db.selectFrom('member_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    },

    async touchSession(idHash, at) {
      await db
        .updateTable('member_sessions')
        .set({ last_seen_at: at })
        .where('id_hash', '=', idHash)
        .execute();
    },

    async revokeSession(idHash, at) {
      await db
        .updateTable('member_sessions')
        .set({ revoked_at: at })
        .where('id_hash', '=', idHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeSessionsOf(memberId, at) {
      const result = await db
        .updateTable('member_sessions')
        .set({ revoked_at: at })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
