/**
 * WebAuthn ceremonies (passkeys), as the use cases need them; the adapter is a library's
 * (src/adapters/webauthn.ts). Options and responses are the browser's JSON forms, passed through.
 */
export type PasskeyCredential = {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
};

export type Passkeys = {
  registrationOptions(input: {
    userId: string;
    userName: string;
    displayName: string;
  }): Promise<{ options: Record<string, unknown>; challenge: string }>;
  /** The new credential, or null when the response does not verify against the challenge. */
  verifyRegistration(response: unknown, challenge: string): Promise<PasskeyCredential | null>;
  signInOptions(): Promise<{ options: Record<string, unknown>; challenge: string }>;
  /** The credential id the response claims to be from (to look its key up), or null. */
  credentialIdOf(response: unknown): string | null;
  /** The new signature counter, or null when the response does not verify. */
  verifySignIn(response: unknown, challenge: string, credential: PasskeyCredential): Promise<number | null>;
};
