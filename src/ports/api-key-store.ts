import type { KeyMode } from '../core/api-keys/api-key.js';

export type ApiKey = {
  id: number;
  label: string;
  scopes: string[];
  key_hash: string;
  key_prefix: string;
  owner_key_id: number | null;
  /** The console admin who minted it; null when a key (owner_key_id) or the host's CLI did. */
  created_by_member_id: number | null;
  /** The merchant account the key belongs to; a minted key's is its owner's. */
  account_id: number;
  mode: KeyMode;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** A rolled key: its successor, which it acts as until `expires_at`, when it stops working. */
  successor_key_id: number | null;
  expires_at: Date | null;
};

export type ApiKeyStore = {
  /**
   * Undefined when the owner, or any key above it, is revoked: checked under row locks inside the
   * insert, so no key is minted under a revocation that committed first, on any instance.
   */
  insert(input: {
    label: string;
    scopes: string[];
    keyHash: string;
    keyPrefix: string;
    ownerKeyId: number | null;
    /**
     * Only for a key without an owner: the account it opens in. Without one such a key opens an
     * account of its own; a minted key is always in its owner's account.
     */
    accountId?: number | undefined;
    /** Live unless given (docs/testing.md). */
    mode?: KeyMode;
    /** The console admin minting a key without an owner. */
    createdByMemberId?: number | null;
  }): Promise<ApiKey | undefined>;
  findByHash(keyHash: string): Promise<ApiKey | undefined>;
  /** Any key by id, whichever account holds it (the operator's and the host's view). */
  findById(id: number): Promise<ApiKey | undefined>;
  /** A key owns itself and the keys it created. */
  listOwned(ownerId: number): Promise<ApiKey[]>;
  /** Every key of an account, whoever minted it. */
  listInAccount(accountId: number): Promise<ApiKey[]>;
  findOwned(id: number, ownerId: number): Promise<ApiKey | undefined>;
  /** Idempotent: a second revoke keeps the first revoked_at. */
  revoke(id: number, at: Date): Promise<ApiKey | undefined>;
  /**
   * Mints the successor of a live key that was never rolled, in its place in the tree (same owner,
   * account, label, scopes and mode), and moves to it everything the old key owns: its verifications
   * and their records, publishable keys, webhook endpoints, screening monitors and alerts, and the keys
   * it minted. The old key acts as the successor until `expiresAt`, as do keys rolled into it before.
   * Undefined when the key is revoked or already rolled. Runs inside the caller's transaction.
   */
  roll(input: {
    oldKeyId: number;
    keyHash: string;
    keyPrefix: string;
    expiresAt: Date;
    at: Date;
  }): Promise<{ old: ApiKey; successor: ApiKey; movedVerificationIds: string[] } | undefined>;
  touchLastUsed(id: number, at: Date): Promise<void>;
  count(): Promise<number>;
  recordAuthFailure(input: {
    ip: string;
    reason: string;
    keyPrefix: string | null;
    method: string;
    path: string;
    at: Date;
  }): Promise<void>;
};
