/** A merchant account (a tenant): every API key and publishable key belongs to one (migrations/0026). */
export type Account = { id: number; name: string; created_at: Date };

/** What the operator sees of an account: its size, never its keys' material nor its data. */
export type AccountSummary = Account & {
  live_api_keys: number;
  verifications: number;
};

export type AccountStore = {
  create(input: { name: string; at: Date }): Promise<Account>;
  find(id: number): Promise<Account | undefined>;
  list(): Promise<AccountSummary[]>;
  /** The account an API key belongs to; undefined for no such key. */
  accountOfKey(apiKeyId: number): Promise<number | undefined>;
};
