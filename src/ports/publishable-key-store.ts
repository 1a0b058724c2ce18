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

export type PublishableKeyStore = {
  insert(input: {
    key: string;
    apiKeyId: number;
    label: string;
    allowedOrigins: string[];
    at: Date;
  }): Promise<PublishableKey>;
  listOwned(apiKeyId: number): Promise<PublishableKey[]>;
  revokeOwned(id: number, apiKeyId: number, at: Date): Promise<PublishableKey | undefined>;
  /** Every publishable key of an account, whichever of its API keys it belongs to. */
  listInAccount(accountId: number): Promise<PublishableKey[]>;
  revokeInAccount(id: number, accountId: number, at: Date): Promise<PublishableKey | undefined>;
  /** Replaces a live key's allowed origins; undefined when the account has no such live key. */
  setOriginsInAccount(id: number, accountId: number, origins: string[]): Promise<PublishableKey | undefined>;
  /** The origins a live publishable key allows to embed the hosted flow; null for no live key. */
  originsOf(key: string): Promise<string[] | null>;
  /** Whether any live publishable key lists origins (the deployment restricts embedding). */
  anyListsOrigins(): Promise<boolean>;
  /** The API key a live publishable key belongs to, or null. */
  ownerOf(key: string): Promise<number | null>;
};
