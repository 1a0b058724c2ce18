import type { KeyMode } from '../core/api-keys/api-key.js';

export type PublishableKey = {
  id: number;
  key: string;
  api_key_id: number;
  /** The merchant account: the API key's. */
  account_id: number;
  label: string;
  /** Origins allowed to embed the hosted flow for this merchant (its frame-ancestors). */
  allowed_origins: string[];
  created_at: Date;
  revoked_at: Date | null;
};

/**
 * Whose publishable keys: one API key's (the key routes), a whole account's (its admins), or the whole
 * account of an API key (the hosted flow's launch check, which knows the verification's key).
 */
export type PublishableKeyOwner = { apiKeyId: number } | { accountId: number } | { accountOfApiKey: number };

/** What decides who may frame a load of the hosted flow for one publishable key. */
export type FlowFraming = { allowed_origins: string[]; mode: KeyMode };

export type PublishableKeyStore = {
  insert(input: {
    key: string;
    apiKeyId: number;
    label: string;
    allowedOrigins: string[];
    at: Date;
  }): Promise<PublishableKey>;
  /** An API key's publishable keys, or every one of an account whichever of its API keys it belongs to. */
  list(owner: PublishableKeyOwner): Promise<PublishableKey[]>;
  /** Revokes a live key of the owner's; the key as it now stands, or undefined when the owner has none such. */
  revoke(id: number, owner: PublishableKeyOwner, at: Date): Promise<PublishableKey | undefined>;
  /** Replaces a live key's allowed origins; undefined when the account has no such live key. */
  setOriginsInAccount(id: number, accountId: number, origins: string[]): Promise<PublishableKey | undefined>;
  /** The origins a live publishable key allows to embed the hosted flow and its API key's mode; null for no live key. */
  framingOf(key: string): Promise<FlowFraming | null>;
};
