export type HandoffLink = {
  verificationId: string;
  createdAt: Date;
  expiresAt: Date;
  claimedAt: Date | null;
  replacedAt: Date | null;
  /** The expiry of the client token that created the link: the claimed token lives no longer. */
  creatorTokenExpiresAt: Date | null;
};

export type RequestOrigin = { ip: string | null; userAgent: string | null };

/** Desktop-to-phone handoff links; only the SHA-256 of each link's token is kept. */
export type HandoffStore = {
  /** Stores a new link and retires the verification's unclaimed earlier ones: only the latest QR works. */
  create(input: {
    verificationId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    creatorTokenExpiresAt: Date;
    origin: RequestOrigin;
  }): Promise<void>;
  /** How many links the verification has had, claimed, replaced and expired ones included. */
  count(verificationId: string): Promise<number>;
  find(tokenHash: string): Promise<HandoffLink | undefined>;
  /** The verification's most recent link, for the first device's progress view. */
  latest(verificationId: string): Promise<HandoffLink | undefined>;
  /**
   * Marks the link claimed and stores the second device's client token, in one transaction. Returns
   * the verification id, or undefined when the link was already claimed, replaced or past its expiry.
   */
  claim(input: {
    tokenHash: string;
    now: Date;
    clientTokenHash: string;
    clientTokenExpiresAt: Date;
    origin: RequestOrigin;
  }): Promise<string | undefined>;
};
