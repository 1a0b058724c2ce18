/** OpenID Connect as a relying party, as the single sign-on use case needs it (src/adapters/oidc.ts). */
export type OidcProviderSettings = { issuer: string; clientId: string; clientSecret: string };

export type OidcIdentity = { email: string | null; emailVerified: boolean; name: string | null };

export type Oidc = {
  /** Where to send the browser: the issuer's authorization endpoint with PKCE (S256), state and nonce. */
  authorizationUrl(
    provider: OidcProviderSettings,
    input: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<string>;
  /**
   * Redeems the code of the callback and validates the ID token (issuer, audience, signature, expiry,
   * nonce, state, PKCE). Null when anything does not verify.
   */
  finish(
    provider: OidcProviderSettings,
    input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity | null>;
};
