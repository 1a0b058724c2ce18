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

/** Whose publishable keys: one API key's (the key routes) or a whole account's (its admins). */
export type PublishableKeyOwner = { apiKeyId: number } | { accountId: number };

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
  /** The origins a live publishable key allows to embed the hosted flow; null for no live key. */
  originsOf(key: string): Promise<string[] | null>;
  /** Whether any live publishable key lists origins (the deployment restricts embedding). */
  anyListsOrigins(): Promise<boolean>;
  /** The API key a live publishable key belongs to, or null. */
  ownerOf(key: string): Promise<number | null>;
};
