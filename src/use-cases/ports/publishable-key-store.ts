export type PublishableKey = {
  id: number;
  key: string;
  api_key_id: number;
  label: string;
  created_at: Date;
  revoked_at: Date | null;
};

export type PublishableKeyStore = {
  insert(input: { key: string; apiKeyId: number; label: string; at: Date }): Promise<PublishableKey>;
  listOwned(apiKeyId: number): Promise<PublishableKey[]>;
  revokeOwned(id: number, apiKeyId: number, at: Date): Promise<PublishableKey | undefined>;
  /** The API key a live publishable key belongs to, or null. */
  ownerOf(key: string): Promise<number | null>;
};
