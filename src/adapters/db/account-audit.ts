import type { Kysely, Transaction } from 'kysely';
import type { AccountAudit, AccountAuditRecord } from '../../ports/account-audit.js';
import type { Database } from './schema.js';

/** Writes one entry of an account's audit trail with the given query runner (a transaction's, often). */
export async function insertAccountAudit(db: Kysely<Database>, entry: AccountAuditRecord): Promise<void> {
  const actor = entry.actor;
  await db
    .insertInto('account_audit')
    .values({
      account_id: entry.accountId,
      event: entry.event,
      actor_member_id: actor !== 'cli' && 'memberId' in actor ? actor.memberId : null,
      actor_key_id: actor !== 'cli' && 'keyId' in actor ? actor.keyId : null,
      subject_member_id: entry.subjectMemberId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      at: entry.at,
    })
    .execute();
}

/**
 * The audit trail on the ambient database handle (ambient-transaction.ts): inside `atomically`, the
 * entry and the stores' writes are one transaction.
 */
export function createAccountAudit(
  db: Kysely<Database>,
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
): AccountAudit {
  return {
    record: (entry) => insertAccountAudit(db, entry),
    atomically: (work) => inTransaction(() => work()),
  };
}
