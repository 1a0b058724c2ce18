import type { DataSealer } from '../core/webhooks/secret-box.js';

/**
 * Where wrapped verification keys are kept (files under DATA_DIR, a table, or memory): each one the
 * verification's data key wrapped under DATA_ENCRYPTION_KEY (`w1.…`).
 */
export type WrappedKeyStore = {
  /** Keeps `wrapped` unless the verification already has a key; returns the one kept (races agree on one). */
  putIfAbsent(verificationId: string, wrapped: string): Promise<string>;
  get(verificationId: string): Promise<string | null>;
  /** Removes the keys for good (a file is overwritten before it is unlinked); missing ones are skipped. */
  remove(verificationIds: string[]): Promise<void>;
  /** The verifications holding a key. */
  ids(): Promise<string[]>;
  /** Where the keys are, for the log. */
  location: string;
};

/**
 * Each verification's own data key (crypto-shredding, docs/security.md): its personal data and images
 * are sealed with it, and redaction destroys it, so copies left in the database's write-ahead log, dead
 * rows, backups or replicas no longer open.
 */
export type VerificationKeys = {
  /** Seals (and opens) with the verification's key, making the key if it has none yet. */
  sealerFor(verificationId: string): Promise<DataSealer>;
  /**
   * Opens the verification's data; with its key destroyed, what was sealed with it throws
   * ShreddedDataError, which readers take as erased.
   */
  openerFor(verificationId: string): Promise<DataSealer>;
  /** Destroys the keys (redaction, retention); a repeat is a no-op. */
  destroy(verificationIds: string[]): Promise<void>;
  /** The verifications holding a key (the retention sweep destroys those left behind by a crash). */
  heldBy(): Promise<string[]>;
};
